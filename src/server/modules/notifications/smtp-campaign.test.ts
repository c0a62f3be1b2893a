/** A campaign to 200 recipients through a real SMTP server, one of which refuses some addresses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudience } from '../../test-support/notification-fixtures';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../test-support/local-smtp-server';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { campaignDispatcherOf } from './campaign-dispatcher';

let smtp: LocalSmtpServer;
let testApp: TestApp;
const refused = new Set<string>();

beforeAll(async () => {
  smtp = await startLocalSmtpServer({
    capture: true,
    refuseRecipient: (address) => refused.has(address),
  });
  testApp = await createTestApp({
    env: { SMTP_URL: `${smtp.url}?pool=true&maxConnections=4`, CAMPAIGN_MESSAGES_PER_SECOND: '0' },
  });
});
afterAll(async () => {
  await testApp?.close();
  await testApp?.context.providers.email.close();
  await smtp?.close();
});

describe('a campaign through SMTP', () => {
  it('delivers to 200 recipients and counts the refused ones as failed', async () => {
    const members = await createAudience(testApp.context.db, { count: 200, marketingEmail: true });
    for (const member of members.slice(0, 8)) refused.add(member.email);
    const admin = await signInTestAdmin(testApp, 'operations');
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/notifications/campaigns',
      headers: admin.headers,
      payload: {
        name: 'Launch',
        type: 'email',
        subject: 'New notes for you, {{first_name}}',
        body: 'Hello {{first_name}},\n\nOur new notes are live.',
        recipient_count: 200,
      },
    });
    const campaignId = created.json().campaign.id;
    const sent = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/campaigns/${campaignId}/send-now`,
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(200);
    await campaignDispatcherOf(testApp.context).idle();

    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/notifications/campaigns',
      headers: admin.headers,
    });
    expect(list.json().campaigns[0]).toMatchObject({
      id: campaignId,
      status: 'sent',
      recipient_count: 200,
      sent_count: 192,
      failed_count: 8,
    });
    expect(smtp.acceptedCount()).toBe(192);
    const delivered = smtp.received.flatMap((mail) => mail.recipients).sort();
    expect(delivered).toEqual(
      members
        .slice(8)
        .map((member) => member.email)
        .sort(),
    );
    const [first] = smtp.received;
    expect(first!.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/unsubscribe\?token=/m);
    expect(first!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(first!.raw).toContain('Subject: New notes for you, Jordan');
  });
});
