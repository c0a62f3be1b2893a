import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultNotificationPreferences,
  preferenceMessages,
} from '../../../shared/settings/notification-preferences';
import { notificationPreferences, users } from '../../db/schema';
import {
  approveIdentity,
  firstSandboxAccount,
  linkSandboxAccount,
  request,
} from '../../test-support/bank-link';
import { type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let ann: SignedInInvestor;
let bob: SignedInInvestor;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  ann = await signUpInvestor(testApp, { email: 'ann@example.com' });
  bob = await signUpInvestor(testApp, { email: 'bob@example.com' });
});

const loadSettings = (who: SignedInInvestor | null) => request(testApp, who, 'GET', '/api/settings');
const savePreferences = (who: SignedInInvestor | null, body: Record<string, unknown>) =>
  request(testApp, who, 'PUT', '/api/settings/notification-preferences', body);

describe('GET /api/settings', () => {
  it('answers the signed-in investor’s own settings in one query', async () => {
    await approveIdentity(testApp, ann);
    await linkSandboxAccount(testApp, ann, firstSandboxAccount);
    const response = await loadSettings(ann);
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(settings).toMatchObject({
      investor_id: ann.investorId,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      email_verified: true,
      phone: ann.phone,
      phone_verified: true,
      status: 'active',
      member_since_year: 2026,
      identity: { status: 'approved', ssn_last_four: '6789' },
      pending_email: null,
      notification_preferences: { ...defaultNotificationPreferences, marketing_sms_consent_at: null },
    });
    expect(settings.bank_accounts).toHaveLength(1);
    expect(settings.bank_accounts[0]).toMatchObject({
      institution_name: 'First Harbor Bank',
      is_primary: true,
    });
    expect(JSON.stringify(settings)).not.toMatch(/account_number|routing|access_token|ssn_encrypted/);

    const bobs = (await loadSettings(bob)).json();
    expect(bobs).toMatchObject({ investor_id: bob.investorId, email: 'bob@example.com', bank_accounts: [] });
    expect(bobs.identity.status).toBe('not_started');
  });

  it('needs a session', async () => {
    const response = await loadSettings(null);
    expect(response.statusCode).toBe(401);
  });
});

describe('Edit Name', () => {
  it('saves a valid name for the caller only', async () => {
    const response = await request(testApp, ann, 'PATCH', '/api/settings/profile', {
      first_name: ' Mary  Ann ',
      last_name: "O'Neil",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ first_name: 'Mary Ann', last_name: "O'Neil" });
    expect((await loadSettings(ann)).json()).toMatchObject({ first_name: 'Mary Ann', last_name: "O'Neil" });
    expect((await loadSettings(bob)).json().first_name).toBeNull();
  });

  it('refuses a broken name and keeps the old one', async () => {
    await request(testApp, ann, 'PATCH', '/api/settings/profile', { first_name: 'Ann', last_name: 'Lee' });
    const response = await request(testApp, ann, 'PATCH', '/api/settings/profile', {
      first_name: '',
      last_name: 'L33',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('First name is required');
    expect((await loadSettings(ann)).json()).toMatchObject({ first_name: 'Ann', last_name: 'Lee' });
  });

  it('ignores any investor id smuggled into the body', async () => {
    const response = await request(testApp, ann, 'PATCH', '/api/settings/profile', {
      first_name: 'Eve',
      last_name: 'Intruder',
      investor_id: bob.investorId,
    });
    expect(response.statusCode).toBe(200);
    expect((await loadSettings(bob)).json().first_name).toBeNull();
    expect((await loadSettings(ann)).json().first_name).toBe('Eve');
  });
});

describe('notification preferences', () => {
  it('saves the ten switches for the caller only, marketing off until switched on', async () => {
    const flags = { ...defaultNotificationPreferences, interest_payment_sms: true, marketing_email: true };
    const response = await savePreferences(ann, flags);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...flags, marketing_sms_consent_at: null });
    expect((await loadSettings(ann)).json().notification_preferences).toMatchObject(flags);
    expect((await loadSettings(bob)).json().notification_preferences).toMatchObject(
      defaultNotificationPreferences,
    );
  });

  it('records the TCPA consent when marketing SMS is switched on, keeps it while on, clears it when off', async () => {
    const on = await savePreferences(ann, { ...defaultNotificationPreferences, marketing_sms: true });
    const consentAt = on.json().marketing_sms_consent_at;
    expect(consentAt).toBe(testApp.clock.now().toISOString());
    testApp.clock.advance(60_000);
    const still = await savePreferences(ann, {
      ...defaultNotificationPreferences,
      marketing_sms: true,
      marketing_email: true,
    });
    expect(still.json().marketing_sms_consent_at).toBe(consentAt);
    const off = await savePreferences(ann, defaultNotificationPreferences);
    expect(off.json().marketing_sms_consent_at).toBeNull();
  });

  it('refuses SMS switches without a verified phone, and keeps what was saved', async () => {
    await savePreferences(ann, { ...defaultNotificationPreferences, marketing_email: true });
    await testApp.context.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, ann.userId));
    const response = await savePreferences(ann, {
      ...defaultNotificationPreferences,
      withdrawal_confirmation_sms: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(preferenceMessages.smsNeedsVerifiedPhone);
    const [row] = await testApp.context.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.investorId, ann.investorId));
    expect(row).toMatchObject({ withdrawalConfirmationSms: false, marketingEmail: true });
    const emailOnly = await savePreferences(ann, {
      ...defaultNotificationPreferences,
      marketing_email: false,
    });
    expect(emailOnly.statusCode).toBe(200);
  });

  it('refuses an incomplete or padded body', async () => {
    const { marketing_sms: _omitted, ...missing } = defaultNotificationPreferences;
    expect((await savePreferences(ann, missing)).statusCode).toBe(400);
    expect(
      (await savePreferences(ann, { ...defaultNotificationPreferences, investor_id: bob.investorId }))
        .statusCode,
    ).toBe(400);
    expect((await savePreferences(null, defaultNotificationPreferences)).statusCode).toBe(401);
  });
});
