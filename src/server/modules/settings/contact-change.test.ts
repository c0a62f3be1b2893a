import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settingsMessages } from '../../../shared/settings/contracts';
import { defaultNotificationPreferences } from '../../../shared/settings/notification-preferences';
import { request, stepUp } from '../../test-support/bank-link';
import {
  latestOutboxMessage,
  latestSmsCode,
  type SignedInInvestor,
  signUpInvestor,
  uniqueTestPhone,
} from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let ann: SignedInInvestor;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  ann = await signUpInvestor(testApp, { email: 'ann@example.com' });
});

async function emailChangeToken(to: string): Promise<string> {
  const message = await latestOutboxMessage(testApp, to);
  const match = /\/settings\/confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match?.[1]) throw new Error('no confirmation link');
  return match[1];
}

describe('e-mail change', () => {
  it('needs a step-up, then a confirmation from the new address', async () => {
    testApp.clock.advance(10 * 60_000);
    const refused = await request(testApp, ann, 'POST', '/api/settings/email-change/start', {
      email: 'ann.new@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');

    await stepUp(testApp, ann);
    const started = await request(testApp, ann, 'POST', '/api/settings/email-change/start', {
      email: 'Ann.New@example.com',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ ok: true, pending_email: 'Ann.New@example.com' });
    expect((await request(testApp, ann, 'GET', '/api/settings')).json()).toMatchObject({
      email: 'ann@example.com',
      pending_email: 'Ann.New@example.com',
    });

    const token = await emailChangeToken('Ann.New@example.com');
    const confirmed = await request(testApp, null, 'POST', '/api/settings/email-change/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, email: 'Ann.New@example.com' });
    expect((await request(testApp, ann, 'GET', '/api/settings')).json()).toMatchObject({
      email: 'Ann.New@example.com',
      pending_email: null,
    });
    const notice = await latestOutboxMessage(testApp, 'ann@example.com');
    expect(notice.subject).toContain('e-mail address was changed');

    const again = await request(testApp, null, 'POST', '/api/settings/email-change/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(settingsMessages.emailChangeLinkInvalid);
  });

  it('refuses an address another account uses, and the current one', async () => {
    await signUpInvestor(testApp, { email: 'bob@example.com' });
    await stepUp(testApp, ann);
    const taken = await request(testApp, ann, 'POST', '/api/settings/email-change/start', {
      email: 'BOB@example.com',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(settingsMessages.emailInUse);
    const same = await request(testApp, ann, 'POST', '/api/settings/email-change/start', {
      email: 'ann@example.com',
    });
    expect(same.json().error.message).toBe(settingsMessages.emailUnchanged);
    const invalid = await request(testApp, ann, 'POST', '/api/settings/email-change/start', {
      email: 'not-an-email',
    });
    expect(invalid.json().error.message).toBe('Please enter a valid email address');
  });

  it('honours only the newest link, and only until it expires', async () => {
    await stepUp(testApp, ann);
    await request(testApp, ann, 'POST', '/api/settings/email-change/start', { email: 'first@example.com' });
    const first = await emailChangeToken('first@example.com');
    await request(testApp, ann, 'POST', '/api/settings/email-change/start', { email: 'second@example.com' });
    const second = await emailChangeToken('second@example.com');
    const stale = await request(testApp, null, 'POST', '/api/settings/email-change/confirm', {
      token: first,
    });
    expect(stale.statusCode).toBe(400);
    testApp.clock.advance(16 * 60_000);
    const expired = await request(testApp, null, 'POST', '/api/settings/email-change/confirm', {
      token: second,
    });
    expect(expired.statusCode).toBe(400);
    expect((await request(testApp, ann, 'GET', '/api/settings')).json().email).toBe('ann@example.com');
  });
});

describe('phone change', () => {
  it('needs a step-up and the code sent to the new number; marketing texts need consent again', async () => {
    await request(testApp, ann, 'PUT', '/api/settings/notification-preferences', {
      ...defaultNotificationPreferences,
      marketing_sms: true,
      interest_payment_sms: true,
    });
    const newPhone = uniqueTestPhone();
    testApp.clock.advance(10 * 60_000);
    const refused = await request(testApp, ann, 'POST', '/api/settings/phone-change/start', {
      phone: newPhone,
    });
    expect(refused.json().error.code).toBe('step_up_required');

    await stepUp(testApp, ann);
    const started = await request(testApp, ann, 'POST', '/api/settings/phone-change/start', {
      phone: newPhone,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ ok: true, phone: newPhone });
    const wrong = await request(testApp, ann, 'POST', '/api/settings/phone-change/verify', {
      phone: newPhone,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const code = await latestSmsCode(testApp, newPhone);
    const verified = await request(testApp, ann, 'POST', '/api/settings/phone-change/verify', {
      phone: newPhone,
      code,
    });
    expect(verified.statusCode).toBe(200);

    const settings = (await request(testApp, ann, 'GET', '/api/settings')).json();
    expect(settings).toMatchObject({ phone: newPhone, phone_verified: true });
    expect(settings.notification_preferences).toMatchObject({
      marketing_sms: false,
      marketing_sms_consent_at: null,
      interest_payment_sms: true,
    });
    const notice = await latestOutboxMessage(testApp, ann.phone);
    expect(notice.text).toContain('was changed');
  });

  it('refuses a number verified by another account', async () => {
    const bob = await signUpInvestor(testApp, { email: 'bob@example.com' });
    await stepUp(testApp, ann);
    const response = await request(testApp, ann, 'POST', '/api/settings/phone-change/start', {
      phone: bob.phone,
    });
    expect(response.statusCode).toBe(409);
  });
});
