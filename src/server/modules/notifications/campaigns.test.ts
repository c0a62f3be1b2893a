import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationMessages } from '../../../shared/notifications/contracts';
import { rowsOf } from '../../db/client';
import { notificationDeliveries, notificationPreferences, outboxMessages } from '../../db/schema';
import { createAudience } from '../../test-support/notification-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { claimCampaign, deliverCampaign } from './campaign-delivery';
import { campaignDispatcherOf } from './campaign-dispatcher';
import { createThrottle } from './throttle';

let testApp: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  testApp = await createTestApp({ env: { CAMPAIGN_MESSAGES_PER_SECOND: '0' } });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  admin = await signInTestAdmin(testApp, 'operations');
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  as: SignedInAdmin = admin,
) {
  return testApp.app.inject({ method, url, headers: as.headers, payload });
}

interface ListedCampaign {
  id: string;
  status: string;
  recipient_count: number;
  sent_count: number;
  failed_count: number;
  sent_at: string | null;
}

const emailTemplate = {
  name: 'Spring update',
  type: 'email',
  subject: 'News for {{first_name}}',
  body: 'Hi {{first_name}},\n\nYour balance is {{total_balance}}.\n\nUnsubscribe: {{unsubscribe_url}}',
  variables: { first_name: 'string', total_balance: 'string' },
};

async function createTemplate(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/admin/notifications/templates', {
    ...emailTemplate,
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json().template as { id: string; is_active: boolean };
}

async function createCampaign(body: Record<string, unknown>) {
  const response = await call('POST', '/api/admin/notifications/campaigns', { name: 'Campaign', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().campaign as { id: string; status: string; created_by: string };
}

async function previewCount(body: Record<string, unknown>): Promise<number> {
  const response = await call('POST', '/api/admin/notifications/recipients/preview', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().count;
}

async function sendNowAndWait(campaignId: string) {
  const response = await call('POST', `/api/admin/notifications/campaigns/${campaignId}/send-now`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().campaign.status).toBe('sending');
  await campaignDispatcherOf(testApp.context).idle();
  const list = await call('GET', '/api/admin/notifications/campaigns');
  const found = (list.json().campaigns as ListedCampaign[]).find((campaign) => campaign.id === campaignId);
  if (!found) throw new Error('The campaign is not listed');
  return found;
}

async function outboxAddresses(): Promise<string[]> {
  const rows = await testApp.context.db.select({ to: outboxMessages.toAddress }).from(outboxMessages);
  return rows.map((row) => row.to).sort();
}

describe('templates', () => {
  it('creates, lists newest first, edits and toggles a template', async () => {
    const first = await createTemplate();
    testApp.clock.advance(1000);
    await createTemplate({ name: 'Later' });
    const list = (await call('GET', '/api/admin/notifications/templates')).json().templates;
    expect(list.map((template: { name: string }) => template.name)).toEqual(['Later', 'Spring update']);
    expect(list[1]).toMatchObject({ type: 'email', subject: 'News for {{first_name}}', is_active: true });

    const edited = await call('PUT', `/api/admin/notifications/templates/${first.id}`, {
      ...emailTemplate,
      name: 'Spring update v2',
    });
    expect(edited.json().template.name).toBe('Spring update v2');

    const off = await call('PUT', `/api/admin/notifications/templates/${first.id}/status`, {
      is_active: false,
    });
    expect(off.json().template.is_active).toBe(false);
  });

  it('stores no subject for SMS and defaults the type to e-mail', async () => {
    const sms = await call('POST', '/api/admin/notifications/templates', {
      name: 'Text',
      type: 'sms',
      subject: 'ignored',
      body: 'Hi {{first_name}}',
    });
    expect(sms.json().template).toMatchObject({ type: 'sms', subject: null, variables: {} });
    const noType = await call('POST', '/api/admin/notifications/templates', {
      name: 'Mail',
      subject: 'Hello',
      body: 'Hi',
    });
    expect(noType.json().template.type).toBe('email');
  });

  it('refuses an e-mail without subject and a body naming an unknown variable, naming it', async () => {
    const noSubject = await call('POST', '/api/admin/notifications/templates', {
      ...emailTemplate,
      subject: '',
    });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().error.message).toBe('Subject is required for an e-mail');

    const unknown = await call('POST', '/api/admin/notifications/templates', {
      ...emailTemplate,
      body: 'Your account {{account_number}} and {{ ssn }}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('{{account_number}}, {{ssn}}');
    expect((await call('GET', '/api/admin/notifications/templates')).json().templates).toEqual([]);
  });

  it('lets support view but not change, and refuses anyone without an admin session', async () => {
    const support = await signInTestAdmin(testApp, 'support');
    expect((await call('GET', '/api/admin/notifications/templates', undefined, support)).statusCode).toBe(
      200,
    );
    const refused = await call('POST', '/api/admin/notifications/templates', emailTemplate, support);
    expect(refused.statusCode).toBe(403);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/notifications/campaigns' });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/notifications/templates',
      headers: { cookie: admin.cookie },
      payload: emailTemplate,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('campaigns', () => {
  it('saves a draft stamped with the signed-in admin, even with a scheduled time', async () => {
    const template = await createTemplate();
    const scheduledAt = new Date(testApp.clock.now().getTime() + 3_600_000).toISOString();
    const campaign = await createCampaign({
      template_id: template.id,
      target_filters: { status: 'active' },
      scheduled_at: scheduledAt,
      recipient_count: 12,
      created_by: '00000000-0000-0000-0000-000000000000',
    });
    const [listed] = (await call('GET', '/api/admin/notifications/campaigns')).json().campaigns;
    expect(listed).toMatchObject({
      id: campaign.id,
      status: 'draft',
      created_by: admin.id,
      recipient_count: 12,
      scheduled_at: scheduledAt,
      template: { name: 'Spring update', type: 'email' },
      type: 'email',
      target_filters: { status: 'active' },
    });
  });

  it('refuses an unknown filter key, naming it, in save and in preview', async () => {
    const saved = await call('POST', '/api/admin/notifications/campaigns', {
      name: 'Bad',
      body: 'Hi',
      subject: 'Hi',
      target_filters: { status: 'active', state: 'MA' },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.message).toBe(
      'Unknown filter "state": only investment_type and status can be used',
    );
    const preview = await call('POST', '/api/admin/notifications/recipients/preview', {
      target_filters: { city: 'Boston' },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().error.message).toContain('"city"');
  });

  it('accepts only active templates, needs a body for free-form, and refuses a time in the past', async () => {
    const template = await createTemplate();
    await call('PUT', `/api/admin/notifications/templates/${template.id}/status`, { is_active: false });
    const inactive = await call('POST', '/api/admin/notifications/campaigns', {
      name: 'X',
      template_id: template.id,
    });
    expect(inactive.json().error.message).toBe(notificationMessages.templateNotActive);
    const noBody = await call('POST', '/api/admin/notifications/campaigns', { name: 'X', type: 'sms' });
    expect(noBody.json().error.message).toBe('Body is required for a free-form campaign');
    const past = await call('POST', '/api/admin/notifications/campaigns', {
      name: 'X',
      type: 'sms',
      body: 'Hi',
      scheduled_at: new Date(testApp.clock.now().getTime() - 3_600_000).toISOString(),
    });
    expect(past.json().error.message).toBe(notificationMessages.scheduledInPast);
  });

  it('edits a draft, and refuses the edit once the campaign was claimed for sending', async () => {
    await createAudience(testApp.context.db, { count: 2, marketingEmail: true });
    const campaign = await createCampaign({ type: 'email', subject: 'Hi', body: 'Hello {{first_name}}' });
    const edited = await call('PUT', `/api/admin/notifications/campaigns/${campaign.id}`, {
      name: 'Renamed',
      type: 'email',
      subject: 'Hi',
      body: 'Hello again',
    });
    expect(edited.json().campaign.name).toBe('Renamed');
    await sendNowAndWait(campaign.id);
    const late = await call('PUT', `/api/admin/notifications/campaigns/${campaign.id}`, {
      name: 'Too late',
      type: 'email',
      subject: 'Hi',
      body: 'Hello',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(notificationMessages.campaignNotDraft);
    const again = await call('POST', `/api/admin/notifications/campaigns/${campaign.id}/send-now`);
    expect(again.statusCode).toBe(409);
  });
});

describe('who receives a campaign', () => {
  it('sends to exactly the previewed number, and nothing to investors who did not opt in', async () => {
    const db = testApp.context.db;
    const optedIn = await createAudience(db, { count: 7, marketingEmail: true });
    const optedOut = await createAudience(db, { count: 5, marketingEmail: false, marketingSms: true });
    const noPreferences = await createAudience(db, { count: 3, withoutPreferences: true });
    const closed = await createAudience(db, { count: 2, marketingEmail: true, status: 'closed' });
    const template = await createTemplate();

    const count = await previewCount({ target_filters: {}, channel: 'email' });
    expect(count).toBe(7);
    const campaign = await createCampaign({ template_id: template.id, recipient_count: count });
    const result = await sendNowAndWait(campaign.id);

    expect(result).toMatchObject({ status: 'sent', recipient_count: 7, sent_count: 7, failed_count: 0 });
    expect(result.sent_at).not.toBeNull();
    expect(await outboxAddresses()).toEqual(optedIn.map((member) => member.email).sort());
    const unreached = [...optedOut, ...noPreferences, ...closed].map((member) => member.email);
    expect((await outboxAddresses()).filter((to) => unreached.includes(to))).toEqual([]);
  });

  it('filters by active note type and investor status, counted the same way it sends', async () => {
    const db = testApp.context.db;
    const standard = await createAudience(db, { count: 3, marketingEmail: true, note: 'standard' });
    await createAudience(db, { count: 4, marketingEmail: true, note: 'high_yield' });
    await createAudience(db, { count: 2, marketingEmail: true, note: 'standard', status: 'suspended' });
    await db.execute(
      sql`update investments set status = 'withdrawn' where investor_id = ${standard[0]!.investorId}::uuid`,
    );

    const filters = { investment_type: 'standard', status: 'active' };
    expect(await previewCount({ target_filters: filters, channel: 'email' })).toBe(2);
    expect(await previewCount({ target_filters: { investment_type: 'high_yield' } })).toBe(4);
    expect(await previewCount({ target_filters: { status: 'suspended' } })).toBe(2);

    const campaign = await createCampaign({
      type: 'email',
      subject: 'For Standard holders',
      body: 'Hi {{first_name}}',
      target_filters: filters,
    });
    const result = await sendNowAndWait(campaign.id);
    expect(result.sent_count).toBe(2);
    expect(await outboxAddresses()).toEqual([standard[1]!.email, standard[2]!.email].sort());
  });

  it('texts only investors with SMS consent and a verified phone, with the STOP instruction', async () => {
    const db = testApp.context.db;
    const reachable = await createAudience(db, { count: 3, marketingSms: true });
    await createAudience(db, { count: 2, marketingSms: true, smsConsent: false });
    await createAudience(db, { count: 2, marketingSms: true, phoneVerified: false });
    await createAudience(db, { count: 2, marketingEmail: true, withPhone: true });

    expect(await previewCount({ target_filters: {}, channel: 'sms' })).toBe(3);
    const campaign = await createCampaign({ type: 'sms', body: 'Hi {{first_name}}, new notes are live.' });
    const result = await sendNowAndWait(campaign.id);
    expect(result.sent_count).toBe(3);
    const texts = await db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'sms'));
    expect(texts.map((text) => text.toAddress).sort()).toEqual(
      reachable.map((member) => member.phone).sort(),
    );
    expect(texts[0]!.text).toBe('Steadyline: Hi Jordan, new notes are live.\nReply STOP to opt out.');
  });

  it('skips an investor who opts out after the campaign was claimed', async () => {
    const db = testApp.context.db;
    const members = await createAudience(db, { count: 3, marketingEmail: true });
    const campaign = await createCampaign({ type: 'email', subject: 'Hi', body: 'Hello' });
    const lease = await claimCampaign(testApp.context, campaign.id, { dueOnly: false });
    await db
      .update(notificationPreferences)
      .set({ marketingEmail: false })
      .where(eq(notificationPreferences.investorId, members[0]!.investorId));
    const report = await deliverCampaign(testApp.context, lease!, { throttle: createThrottle(0) });
    expect(report).toMatchObject({ status: 'sent', sent: 2, skipped: 1, failed: 0 });
    const [skipped] = await db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.campaignId, campaign.id),
          eq(notificationDeliveries.investorId, members[0]!.investorId),
        ),
      );
    expect(skipped).toMatchObject({ status: 'skipped', errorMessage: 'Opted out before delivery' });
    expect(await outboxAddresses()).not.toContain(members[0]!.email);
  });

  it('refuses Send now when nobody would receive it', async () => {
    const campaign = await createCampaign({ type: 'email', subject: 'Hi', body: 'Hello' });
    const response = await call('POST', `/api/admin/notifications/campaigns/${campaign.id}/send-now`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(notificationMessages.noRecipients);
  });
});

describe('marketing e-mail', () => {
  it('carries one-click unsubscribe headers, the link and the postal address', async () => {
    const [member] = await createAudience(testApp.context.db, { count: 1, marketingEmail: true });
    const template = await createTemplate();
    const campaign = await createCampaign({ template_id: template.id });
    await sendNowAndWait(campaign.id);
    const [message] = await testApp.context.db.select().from(outboxMessages);
    expect(message).toMatchObject({ toAddress: member!.email, subject: 'News for Jordan', status: 'sent' });
    const headers = message!.headers as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/localhost:3000\/unsubscribe\?token=[^>]+)>$/.exec(
      headers['List-Unsubscribe'] ?? '',
    );
    expect(link).not.toBeNull();
    expect(message!.text).toContain(`Unsubscribe: ${link![1]}`);
    expect(message!.text).toContain(testApp.config.COMPANY_POSTAL_ADDRESS);
    expect(message!.html).toContain(testApp.config.COMPANY_POSTAL_ADDRESS);
    expect(message!.html).toContain('>Unsubscribe</a>');
    expect(message!.text).toContain('Your balance is $0.00.');
  });

  it('sends a test of a draft to the signed-in admin only', async () => {
    await createAudience(testApp.context.db, { count: 2, marketingEmail: true });
    const template = await createTemplate();
    const campaign = await createCampaign({ template_id: template.id });
    const response = await call('POST', `/api/admin/notifications/campaigns/${campaign.id}/send-test`, {});
    expect(response.json()).toEqual({ to: 'operations@staff.example', channel: 'email' });
    const rows = await testApp.context.db.select().from(outboxMessages);
    expect(rows.map((row) => [row.toAddress, row.subject])).toEqual([
      ['operations@staff.example', '[Test] News for Test'],
    ]);
    const sms = await createCampaign({ type: 'sms', body: 'Hi {{first_name}}' });
    const noPhone = await call('POST', `/api/admin/notifications/campaigns/${sms.id}/send-test`, {});
    expect(noPhone.json().error.message).toBe('Please enter a valid phone number');
    const texted = await call('POST', `/api/admin/notifications/campaigns/${sms.id}/send-test`, {
      phone: '(617) 555-0199',
    });
    expect(texted.json()).toEqual({ to: '+16175550199', channel: 'sms' });
  });
});

describe('send-scheduled-campaigns', () => {
  it('sends a draft when its time comes, once', async () => {
    const members = await createAudience(testApp.context.db, { count: 4, marketingEmail: true });
    const runner = await signInTestAdmin(testApp, 'super_admin');
    const campaign = await createCampaign({
      type: 'email',
      subject: 'Scheduled',
      body: 'Hi {{first_name}}',
      scheduled_at: new Date(testApp.clock.now().getTime() + 600_000).toISOString(),
    });
    const run = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/functions/v1/send-scheduled-campaigns',
        headers: runner.headers,
        payload: { jobId: null, executionDate: testApp.clock.today() },
      });
    expect((await run()).json()).toEqual({ recordsProcessed: 0 });
    testApp.clock.advance(601_000);
    expect((await run()).json()).toEqual({ recordsProcessed: 4 });
    expect((await run()).json()).toEqual({ recordsProcessed: 0 });
    const [listed] = (await call('GET', '/api/admin/notifications/campaigns')).json().campaigns;
    expect(listed).toMatchObject({ id: campaign.id, status: 'sent', sent_count: 4, recipient_count: 4 });
    expect(await outboxAddresses()).toEqual(members.map((member) => member.email).sort());
    const deliveries = rowsOf<{ count: number }>(
      await testApp.context.db.execute(sql`select count(*)::int as count from notification_deliveries`),
    );
    expect(deliveries[0]!.count).toBe(4);
  });
});
