/**
 * Sends survive interruption without sending anyone a campaign twice. Run on PostgreSQL
 * (DATABASE_URL) for real row locking between the two "instances"; PGlite runs them too.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { notificationCampaigns, notificationDeliveries } from '../../db/schema';
import type { MessageService } from '../outbox/message-service';
import { type AudienceMember, createAudience } from '../../test-support/notification-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { signInTestAdmin } from '../admin-auth/admin-test-helpers';
import {
  CAMPAIGN_LEASE_SECONDS,
  claimCampaign,
  DELIVERY_CONCURRENCY,
  deliverCampaign,
} from './campaign-delivery';
import { interruptedDeliveryMessage } from './delivery-repository';
import { sendScheduledCampaigns } from './send-scheduled-campaigns';
import { createThrottle } from './throttle';

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

/** Another app instance on the same database: its own dispatcher and message hooks. */
function instance(messages: MessageService = testApp.context.messages): AppContext {
  return { ...testApp.context, messages };
}

async function draftCampaign(scheduledAt: Date | null = null): Promise<string> {
  const admin = await signInTestAdmin(testApp, 'operations');
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/notifications/campaigns',
    headers: admin.headers,
    payload: {
      name: 'Quarterly letter',
      type: 'email',
      subject: 'Your quarterly letter, {{first_name}}',
      body: 'Hello {{first_name}}, here is our quarterly letter.',
      scheduled_at: scheduledAt?.toISOString() ?? null,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().campaign.id;
}

/** Messages per address in the outbox (what the provider was asked to deliver). */
async function messagesPerAddress(): Promise<Map<string, number>> {
  const result = await testApp.context.db.execute(
    sql`select to_address, count(*)::int as count from outbox_messages group by to_address`,
  );
  return new Map(
    rowsOf<{ to_address: string; count: number }>(result).map((row) => [row.to_address, row.count]),
  );
}

async function campaignRow(id: string) {
  const [row] = await testApp.context.db
    .select()
    .from(notificationCampaigns)
    .where(eq(notificationCampaigns.id, id));
  return row!;
}

function expectEachOnce(members: AudienceMember[], counts: Map<string, number>): void {
  expect([...counts.keys()].sort()).toEqual(members.map((member) => member.email).sort());
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
}

describe('an interrupted campaign send', () => {
  it('stopped after half the recipients and resumed, sends each person exactly once', async () => {
    const members = await createAudience(testApp.context.db, { count: 60, marketingEmail: true });
    const campaignId = await draftCampaign();
    const stop = new AbortController();
    let sends = 0;
    const stopping: MessageService = {
      ...testApp.context.messages,
      async sendEmail(message) {
        sends += 1;
        if (sends === 30) stop.abort();
        return testApp.context.messages.sendEmail(message);
      },
    };
    const lease = await claimCampaign(instance(), campaignId, { dueOnly: false });
    const first = await deliverCampaign(instance(stopping), lease!, {
      throttle: createThrottle(0),
      signal: stop.signal,
    });
    expect(first.status).toBe('sending');
    expect(first.sent).toBeGreaterThanOrEqual(30);
    expect(first.sent).toBeLessThan(60);
    expect(first.pending).toBe(60 - first.sent);
    expect((await campaignRow(campaignId)).status).toBe('sending');

    const resumed = await sendScheduledCampaigns(instance());
    expect(resumed.recordsProcessed).toBe(60);
    expect(resumed.metadata).toMatchObject({ resumed: 1, claimed: 0 });
    expectEachOnce(members, await messagesPerAddress());
    expect(await campaignRow(campaignId)).toMatchObject({
      status: 'sent',
      recipientCount: 60,
      sentCount: 60,
      failedCount: 0,
    });
  });

  it('after a crash mid-message, the undecided messages are recorded failed and never sent again', async () => {
    const members = await createAudience(testApp.context.db, { count: 40, marketingEmail: true });
    const campaignId = await draftCampaign();
    let sends = 0;
    let releaseHungSend: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => {
      releaseHungSend = resolve;
    });
    let hungAddress = '';
    const crashing: MessageService = {
      ...testApp.context.messages,
      async sendEmail(message) {
        sends += 1;
        if (sends === 21) {
          // The process "dies" while the provider holds this message: it never answers.
          hungAddress = message.to;
          await hung;
        }
        return testApp.context.messages.sendEmail(message);
      },
    };
    const lease = await claimCampaign(instance(), campaignId, { dueOnly: false });
    const crashedWorker = deliverCampaign(instance(crashing), lease!, { throttle: createThrottle(0) });
    while (sends < 21) await new Promise((resolve) => setImmediate(resolve));

    expect((await sendScheduledCampaigns(instance())).metadata).toMatchObject({ resumed: 0 });
    testApp.clock.advance((CAMPAIGN_LEASE_SECONDS + 1) * 1000);
    const resumed = await sendScheduledCampaigns(instance());
    expect(resumed.metadata).toMatchObject({ resumed: 1 });

    // The messages the dead worker had in flight are undecided: recorded failed, never re-sent.
    const undecided = await testApp.context.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'failed'));
    expect(undecided.length).toBeGreaterThanOrEqual(1);
    expect(undecided.length).toBeLessThanOrEqual(DELIVERY_CONCURRENCY);
    expect(undecided.every((row) => row.errorMessage === interruptedDeliveryMessage)).toBe(true);
    expect(await campaignRow(campaignId)).toMatchObject({
      status: 'sent',
      sentCount: 40 - undecided.length,
      failedCount: undecided.length,
    });
    const counts = await messagesPerAddress();
    expect(counts.has(hungAddress)).toBe(false);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);

    // The provider finally answers the dead worker: the message reached the person once, and
    // the old worker, having lost its lease, records nothing and sends nothing more.
    releaseHungSend();
    const late = await crashedWorker;
    expect(late.status).toBe('sent');
    const after = await messagesPerAddress();
    expectEachOnce(members, after);
    expect(await campaignRow(campaignId)).toMatchObject({ status: 'sent', failedCount: undecided.length });
  });

  it('two instances running the job at once deliver a due campaign once', async () => {
    const members = await createAudience(testApp.context.db, { count: 50, marketingEmail: true });
    const campaignId = await draftCampaign(new Date(testApp.clock.now().getTime() + 60_000));
    testApp.clock.advance(61_000);
    const [one, two] = await Promise.all([
      sendScheduledCampaigns(instance()),
      sendScheduledCampaigns(instance()),
    ]);
    expect(one.recordsProcessed + two.recordsProcessed).toBe(50);
    expectEachOnce(members, await messagesPerAddress());
    expect(await campaignRow(campaignId)).toMatchObject({ status: 'sent', sentCount: 50 });
  });
});
