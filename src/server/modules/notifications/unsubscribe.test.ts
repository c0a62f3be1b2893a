import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationPreferences, outboxMessages } from '../../db/schema';
import { createAudience } from '../../test-support/notification-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { campaignDispatcherOf } from './campaign-dispatcher';
import { createUnsubscribeToken, TEST_SUBJECT, unsubscribeUrl } from './unsubscribe-token';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { CAMPAIGN_MESSAGES_PER_SECOND: '0' } });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

async function preferencesOf(investorId: string) {
  const [row] = await testApp.context.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.investorId, investorId));
  return row;
}

function open(url: string) {
  return testApp.app.inject({ method: 'GET', url: url.replace(testApp.config.appUrl, '') });
}

/** The confirm button of the page a GET shows: a form POST of the token from the page's origin. */
function pressUnsubscribe(token: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/unsubscribe',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: testApp.config.appUrl },
    payload: new URLSearchParams({ token }).toString(),
  });
}

function confirmTokenIn(body: string): string {
  const match =
    /<form class="confirm" method="post" action="\/unsubscribe">\s*<input type="hidden" name="token" value="([^"]+)">/.exec(
      body,
    );
  if (!match?.[1]) throw new Error('the page has no Unsubscribe button');
  return match[1];
}

describe('the unsubscribe link', () => {
  it('works from a real campaign e-mail: opening it asks, the button turns marketing e-mail off', async () => {
    const [member] = await createAudience(testApp.context.db, { count: 1, marketingEmail: true });
    const admin = await signInTestAdmin(testApp, 'operations');
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/notifications/campaigns',
      headers: admin.headers,
      payload: { name: 'News', type: 'email', subject: 'News', body: 'Hello {{first_name}}' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/campaigns/${created.json().campaign.id}/send-now`,
      headers: admin.headers,
    });
    await campaignDispatcherOf(testApp.context).idle();
    const [message] = await testApp.context.db.select().from(outboxMessages);
    const link = /<(.+)>/.exec((message!.headers as Record<string, string>)['List-Unsubscribe'] ?? '')?.[1];
    expect(link).toBeDefined();

    const page = await open(link!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Unsubscribe from Steadyline news?');
    expect(page.body).toContain('<link rel="stylesheet" href="/unsubscribe/page.css">');
    expect((await preferencesOf(member!.investorId))?.marketingEmail).toBe(true);

    const done = await pressUnsubscribe(confirmTokenIn(page.body));
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await preferencesOf(member!.investorId))?.marketingEmail).toBe(false);

    const preview = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/notifications/recipients/preview',
      headers: admin.headers,
      payload: { target_filters: {}, channel: 'email' },
    });
    expect(preview.json().count).toBe(0);
  });

  it('changes nothing on a plain GET, however often a scanner opens it (PRODUCT.md 34)', async () => {
    const [member] = await createAudience(testApp.context.db, {
      count: 1,
      marketingEmail: true,
      marketingSms: true,
    });
    for (const channel of ['email', 'sms'] as const) {
      const url = unsubscribeUrl(testApp.config, { subject: member!.investorId, channel });
      for (let opened = 0; opened < 3; opened += 1) {
        const page = await open(url);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<button class="primary" type="submit">Unsubscribe</button>');
        expect(page.body).not.toContain('You are unsubscribed');
      }
    }
    expect(await preferencesOf(member!.investorId)).toMatchObject({
      marketingEmail: true,
      marketingSms: true,
    });
  });

  it('refuses a tampered link and changes nothing', async () => {
    const [first, second] = await createAudience(testApp.context.db, { count: 2, marketingEmail: true });
    const token = createUnsubscribeToken(testApp.config, { subject: first!.investorId, channel: 'email' });
    const signature = token.split('.')[2]!;
    const forgedFor = `${second!.investorId}.email.${signature}`;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherChannel = token.replace('.email.', '.sms.');
    for (const bad of [forgedFor, flipped, otherChannel, 'garbage', '']) {
      const page = await testApp.app.inject({
        method: 'GET',
        url: `/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('This unsubscribe link is not valid');
      expect(page.body).not.toContain('action="/unsubscribe"');
      const pressed = await pressUnsubscribe(bad);
      expect(pressed.statusCode).toBe(400);
    }
    expect((await preferencesOf(first!.investorId))?.marketingEmail).toBe(true);
    expect((await preferencesOf(second!.investorId))?.marketingEmail).toBe(true);
  });

  it('accepts the RFC 8058 one-click POST from a mail client', async () => {
    const [member] = await createAudience(testApp.context.db, { count: 1, marketingEmail: true });
    const url = unsubscribeUrl(testApp.config, { subject: member!.investorId, channel: 'email' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: url.replace(testApp.config.appUrl, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await preferencesOf(member!.investorId))?.marketingEmail).toBe(false);
  });

  it('lets the investor resubscribe to e-mail from the confirmation page', async () => {
    const [member] = await createAudience(testApp.context.db, { count: 1, marketingEmail: true });
    const token = createUnsubscribeToken(testApp.config, { subject: member!.investorId, channel: 'email' });
    const page = await pressUnsubscribe(token);
    expect(page.body).toContain('action="/unsubscribe/resubscribe"');
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/unsubscribe/resubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: testApp.config.appUrl },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(again.body).toContain('You are subscribed again');
    expect((await preferencesOf(member!.investorId))?.marketingEmail).toBe(true);
  });

  it('turns marketing SMS off with its consent, and cannot turn it back on from a link', async () => {
    const [member] = await createAudience(testApp.context.db, { count: 1, marketingSms: true });
    const token = createUnsubscribeToken(testApp.config, { subject: member!.investorId, channel: 'sms' });
    const asked = await open(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(asked.body).toContain('Stop Steadyline marketing texts?');
    expect((await preferencesOf(member!.investorId))?.marketingSms).toBe(true);
    const page = await pressUnsubscribe(confirmTokenIn(asked.body));
    expect(page.body).toContain('by text message');
    expect(page.body).not.toContain('resubscribe');
    expect(await preferencesOf(member!.investorId)).toMatchObject({
      marketingSms: false,
      marketingSmsConsentAt: null,
    });
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/unsubscribe/resubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(again.statusCode).toBe(400);
  });

  it('changes nothing from a test message link', async () => {
    const token = createUnsubscribeToken(testApp.config, { subject: TEST_SUBJECT, channel: 'email' });
    const page = await open(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This link came from a test message');
    expect(page.body).not.toContain('action="/unsubscribe"');
    expect((await pressUnsubscribe(token)).body).toContain('This link came from a test message');
  });

  it('serves its style sheet from the same origin', async () => {
    const css = await testApp.app.inject({ method: 'GET', url: '/unsubscribe/page.css' });
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('.brand');
  });
});

describe('SMS STOP without Twilio configured (development)', () => {
  it('turns marketing SMS off for the replying phone', async () => {
    const [member, other] = await createAudience(testApp.context.db, { count: 2, marketingSms: true });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ From: member!.phone!, Body: ' stop ' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<Response></Response>');
    expect((await preferencesOf(member!.investorId))?.marketingSms).toBe(false);
    expect((await preferencesOf(other!.investorId))?.marketingSms).toBe(true);
  });
});
