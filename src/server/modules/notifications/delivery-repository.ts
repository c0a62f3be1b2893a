/**
 * The state of a campaign send in the database: the claim (draft -> sending), the lease of
 * the one worker delivering it, and each delivery row's pending -> sending -> sent/failed.
 * The lease is `claimed_at`: the worker renews it after every batch and gives up when it no
 * longer matches, so two instances never deliver the same campaign at once.
 */
import { sql } from 'drizzle-orm';
import type { NotificationChannel } from '../../../shared/notifications/contracts';
import { type Executor, rowsOf } from '../../db/client';
import type { CampaignContent } from './marketing-message';

function affected(result: unknown): number {
  const value = result as { rowCount?: number | null; affectedRows?: number };
  return value.rowCount ?? value.affectedRows ?? 0;
}

export interface ClaimedCampaign {
  id: string;
  target_filters: unknown;
  channel: NotificationChannel;
}

/** draft -> sending in one conditional update; null when it is no longer a draft (or not yet due). */
export async function claimDraftCampaign(
  tx: Executor,
  campaignId: string,
  now: Date,
  options: { dueOnly: boolean },
): Promise<ClaimedCampaign | null> {
  const due = options.dueOnly
    ? sql`and c.scheduled_at is not null and c.scheduled_at <= ${now.toISOString()}::timestamptz`
    : sql``;
  const result = await tx.execute(sql`
    update notification_campaigns c
    set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where c.id = ${campaignId}::uuid and c.status = 'draft' ${due}
    returning c.id, c.target_filters,
      coalesce((select t.type from notification_templates t where t.id = c.template_id), c.type, 'email') as channel`);
  return rowsOf<ClaimedCampaign>(result)[0] ?? null;
}

export async function setRecipientCount(tx: Executor, campaignId: string, count: number): Promise<void> {
  await tx.execute(
    sql`update notification_campaigns set recipient_count = ${count} where id = ${campaignId}::uuid`,
  );
}

export async function listDueDraftIds(db: Executor, now: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select id from notification_campaigns
    where status = 'draft' and scheduled_at is not null and scheduled_at <= ${now.toISOString()}::timestamptz
    order by scheduled_at, id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export async function listAbandonedSendingIds(db: Executor, staleBefore: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select id from notification_campaigns
    where status = 'sending' and (claimed_at is null or claimed_at < ${staleBefore.toISOString()}::timestamptz)
    order by claimed_at nulls first, id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Takes over a send whose worker stopped renewing its lease (a crash); false if someone else has it. */
export async function takeOverAbandonedCampaign(
  tx: Executor,
  campaignId: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const result = await tx.execute(sql`
    update notification_campaigns set claimed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = ${campaignId}::uuid and status = 'sending'
      and (claimed_at is null or claimed_at < ${staleBefore.toISOString()}::timestamptz)`);
  return affected(result) > 0;
}

export const interruptedDeliveryMessage =
  'Interrupted while sending: not retried, so nobody receives the message twice';

/**
 * A delivery left `sending` by a crashed worker may or may not have reached the provider.
 * It is never sent again: it is recorded as failed.
 */
export async function failInterruptedDeliveries(
  tx: Executor,
  campaignId: string,
  now: Date,
): Promise<number> {
  const result = await tx.execute(sql`
    update notification_deliveries
    set status = 'failed', error_message = ${interruptedDeliveryMessage}, sent_at = ${now.toISOString()}::timestamptz
    where campaign_id = ${campaignId}::uuid and status = 'sending'`);
  return affected(result);
}

export interface CampaignCounts {
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
}

/**
 * Renews the lease and refreshes the counts from the delivery rows (so they stay right after
 * a crash). False when the lease was lost: the worker must stop.
 */
export async function renewLease(
  db: Executor,
  campaignId: string,
  lease: Date,
  renewed: Date,
): Promise<boolean> {
  const result = await db.execute(sql`
    update notification_campaigns c set
      claimed_at = ${renewed.toISOString()}::timestamptz,
      sent_count = (select count(*) from notification_deliveries d where d.campaign_id = c.id and d.status = 'sent'),
      failed_count = (select count(*) from notification_deliveries d where d.campaign_id = c.id and d.status = 'failed')
    where c.id = ${campaignId}::uuid and c.status = 'sending' and c.claimed_at = ${lease.toISOString()}::timestamptz`);
  return affected(result) > 0;
}

/** Gives the lease up after a clean stop, so the next run of the job resumes without waiting. */
export async function releaseLease(db: Executor, campaignId: string, lease: Date): Promise<void> {
  await db.execute(sql`
    update notification_campaigns set claimed_at = null
    where id = ${campaignId}::uuid and status = 'sending' and claimed_at = ${lease.toISOString()}::timestamptz`);
}

/** Finishes the send: `failed` when every delivery failed, otherwise `sent`. */
export async function finishCampaign(
  db: Executor,
  campaignId: string,
  lease: Date,
  now: Date,
): Promise<'sent' | 'failed' | null> {
  const result = await db.execute(sql`
    with counts as (
      select count(*) filter (where status = 'sent')::int as sent,
             count(*) filter (where status = 'failed')::int as failed
      from notification_deliveries where campaign_id = ${campaignId}::uuid
    )
    update notification_campaigns c set
      status = case when counts.sent = 0 and counts.failed > 0 then 'failed' else 'sent' end,
      sent_count = counts.sent,
      failed_count = counts.failed,
      sent_at = ${now.toISOString()}::timestamptz,
      claimed_at = null,
      updated_at = ${now.toISOString()}::timestamptz
    from counts
    where c.id = ${campaignId}::uuid and c.status = 'sending' and c.claimed_at = ${lease.toISOString()}::timestamptz
    returning c.status`);
  const status = rowsOf<{ status: string }>(result)[0]?.status;
  return status === 'sent' || status === 'failed' ? status : null;
}

export async function campaignStatusOf(db: Executor, campaignId: string): Promise<string | null> {
  const result = await db.execute(
    sql`select status from notification_campaigns where id = ${campaignId}::uuid`,
  );
  return rowsOf<{ status: string }>(result)[0]?.status ?? null;
}

export async function countDeliveries(db: Executor, campaignId: string): Promise<CampaignCounts> {
  const result = await db.execute(sql`
    select count(*) filter (where status = 'sent')::int as sent,
           count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where status = 'skipped')::int as skipped,
           count(*) filter (where status in ('pending', 'sending'))::int as pending
    from notification_deliveries where campaign_id = ${campaignId}::uuid`);
  const row = rowsOf<CampaignCounts>(result)[0];
  return {
    sent: Number(row?.sent ?? 0),
    failed: Number(row?.failed ?? 0),
    skipped: Number(row?.skipped ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}

/** The content as it goes out: the template's at send time, or the free-form campaign's own. */
export async function loadCampaignContent(db: Executor, campaignId: string): Promise<CampaignContent | null> {
  const result = await db.execute(sql`
    select coalesce(t.type, c.type, 'email') as type,
           case when t.id is not null then t.subject else c.subject end as subject,
           coalesce(t.body, c.body) as body
    from notification_campaigns c
    left join notification_templates t on t.id = c.template_id
    where c.id = ${campaignId}::uuid`);
  const row = rowsOf<{ type: string; subject: string | null; body: string | null }>(result)[0];
  if (!row || row.body === null) return null;
  return { type: row.type === 'sms' ? 'sms' : 'email', subject: row.subject, body: row.body };
}

export async function nextPendingDeliveryIds(
  db: Executor,
  campaignId: string,
  limit: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    select id from notification_deliveries
    where campaign_id = ${campaignId}::uuid and status = 'pending'
    order by id limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

function idList(ids: string[]) {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/**
 * Marks deliveries as handed to the provider, just before the provider is called. Only rows
 * still pending are taken, and only those may be sent: a worker that lost its lease while
 * holding a batch finds them taken and sends nothing.
 */
export async function takeDeliveriesForSending(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(sql`
    update notification_deliveries set status = 'sending'
    where id in (${idList(ids)}) and status = 'pending'
    returning id`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

export async function skipDeliveries(db: Executor, ids: string[], reason: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update notification_deliveries set status = 'skipped', error_message = ${reason}, sent_at = ${now.toISOString()}::timestamptz
    where id in (${idList(ids)}) and status = 'pending'`);
}

export interface DeliveryResult {
  deliveryId: string;
  status: 'sent' | 'failed';
  outboxMessageId: string;
  errorMessage?: string;
}

/** Records what the provider answered for a chunk of messages, in one statement. */
export async function recordDeliveryResults(
  db: Executor,
  results: DeliveryResult[],
  now: Date,
): Promise<void> {
  if (results.length === 0) return;
  const rows = sql.join(
    results.map(
      (result) =>
        sql`(${result.deliveryId}::uuid, ${result.status}::text, ${result.outboxMessageId}::uuid, ${result.errorMessage ?? null}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update notification_deliveries d
    set status = v.status, outbox_message_id = v.outbox_message_id, error_message = v.error_message,
        sent_at = ${now.toISOString()}::timestamptz
    from (values ${rows}) as v(id, status, outbox_message_id, error_message)
    where d.id = v.id and d.status = 'sending'`);
}
