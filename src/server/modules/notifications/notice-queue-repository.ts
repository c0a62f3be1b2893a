/**
 * The durable queue of transactional notices (docs/decisions/1311). A notice is written in
 * the transaction of the money movement it reports, so it exists exactly when the movement
 * does; senders claim due rows with a lease (FOR UPDATE SKIP LOCKED, so two senders never
 * take the same row) and stamp each channel as it goes out.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import type { SecurityEmailNotice } from './security-email';
import type { TransactionalMessage } from './transactional-templates';
import type { TransactionalNotice } from './transactional';

/** A claimed row: `attempt` identifies the claim (each claim counts one more attempt). */
export interface ClaimedNotice {
  id: string;
  investorId: string;
  message: TransactionalMessage | SecurityEmailNotice;
  occurredAt: Date;
  attempt: number;
  bellDone: boolean;
  emailDone: boolean;
  smsDone: boolean;
}

export type NoticeChannel = 'bell' | 'email' | 'sms';

/** Writes the notices in the caller's transaction; they are due at once. */
export async function enqueueNotices(tx: Executor, notices: TransactionalNotice[], now: Date): Promise<void> {
  if (notices.length === 0) return;
  const rows = notices.map(({ investorId, occurredAt, ...message }) => ({
    investor_id: investorId,
    kind: message.kind,
    notice: message,
    occurred_at: (occurredAt ?? now).toISOString(),
  }));
  await tx.execute(sql`
    insert into investor_notice_queue (investor_id, kind, notice, occurred_at, next_attempt_at, created_at)
    select r.investor_id, r.kind, r.notice, r.occurred_at, ${now}::timestamptz, ${now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(investor_id uuid, kind text, notice jsonb, occurred_at timestamptz)`);
}

/** Writes a security e-mail (security-email.ts): due at once, for the e-mail channel only. */
export async function enqueueSecurityEmail(
  db: Executor,
  input: { investorId: string; notice: SecurityEmailNotice },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into investor_notice_queue (investor_id, kind, notice, occurred_at, next_attempt_at, created_at)
    values (${input.investorId}::uuid, ${input.notice.kind}, ${JSON.stringify(input.notice)}::jsonb,
            ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)`);
}

/**
 * Takes up to `limit` due notices for `leaseSeconds`: pending, due, and not leased by a live
 * sender (a lease left by a crashed sender lapses and the row is taken again).
 */
export async function claimDueNotices(
  db: Executor,
  input: { now: Date; limit: number; leaseSeconds: number },
): Promise<ClaimedNotice[]> {
  const result = await db.execute(sql`
    update investor_notice_queue q set
      attempts = q.attempts + 1,
      lease_until = ${input.now}::timestamptz + make_interval(secs => ${input.leaseSeconds})
    where q.id in (
      select id from investor_notice_queue
      where status = 'pending' and next_attempt_at <= ${input.now}::timestamptz
        and (lease_until is null or lease_until <= ${input.now}::timestamptz)
      order by next_attempt_at, id
      limit ${input.limit}
      for update skip locked)
    returning q.id, q.investor_id, q.notice, q.occurred_at, q.attempts,
              q.bell_at is not null as bell_done, q.email_at is not null as email_done, q.sms_at is not null as sms_done`);
  return rowsOf<{
    id: string;
    investor_id: string;
    notice: TransactionalMessage | SecurityEmailNotice | string;
    occurred_at: Date | string;
    attempts: number;
    bell_done: boolean;
    email_done: boolean;
    sms_done: boolean;
  }>(result).map((row) => ({
    id: row.id,
    investorId: row.investor_id,
    message:
      typeof row.notice === 'string'
        ? (JSON.parse(row.notice) as TransactionalMessage | SecurityEmailNotice)
        : row.notice,
    occurredAt: new Date(row.occurred_at),
    attempt: row.attempts,
    bellDone: row.bell_done,
    emailDone: row.email_done,
    smsDone: row.sms_done,
  }));
}

const channelColumn: Record<NoticeChannel, string> = { bell: 'bell_at', email: 'email_at', sms: 'sms_at' };

/** Stamps a channel as done; false when the claim was lost (the lease lapsed and another sender took the row). */
export async function markChannelDone(
  tx: Executor,
  claim: Pick<ClaimedNotice, 'id' | 'attempt'>,
  channel: NoticeChannel,
  now: Date,
): Promise<boolean> {
  const result = await tx.execute(sql`
    update investor_notice_queue set ${sql.raw(channelColumn[channel])} = ${now}::timestamptz
    where id = ${claim.id}::uuid and attempts = ${claim.attempt} and status = 'pending'
    returning id`);
  return rowsOf(result).length > 0;
}

export async function markNoticeSent(
  db: Executor,
  claim: Pick<ClaimedNotice, 'id' | 'attempt'>,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update investor_notice_queue set status = 'sent', sent_at = ${now}::timestamptz, lease_until = null, last_error = null
    where id = ${claim.id}::uuid and attempts = ${claim.attempt} and status = 'pending'`);
}

/** A failed attempt: due again after `retryInSeconds`, or `failed` for good after the last attempt. */
export async function markNoticeAttemptFailed(
  db: Executor,
  claim: Pick<ClaimedNotice, 'id' | 'attempt'>,
  input: { now: Date; error: string; retryInSeconds: number | null },
): Promise<void> {
  await db.execute(sql`
    update investor_notice_queue set
      status = case when ${input.retryInSeconds === null}::boolean then 'failed' else 'pending' end,
      next_attempt_at = ${input.now}::timestamptz + make_interval(secs => ${input.retryInSeconds ?? 0}),
      lease_until = null,
      last_error = ${input.error}
    where id = ${claim.id}::uuid and attempts = ${claim.attempt} and status = 'pending'`);
}

export interface FailedNoticeRow {
  id: string;
  investor_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  title: string;
  occurred_at: Date | string;
  failed_at: Date | string;
  attempts: number;
  last_error: string | null;
  bell_done: boolean;
  email_done: boolean;
  sms_done: boolean;
}

/** Notices given up after the last attempt, latest failure first (a failed row's next_attempt_at is when it failed). */
export async function selectFailedNotices(db: Executor, limit: number): Promise<FailedNoticeRow[]> {
  const result = await db.execute(sql`
    select q.id, q.investor_id, i.first_name, i.last_name, i.email, q.notice->>'title' as title,
           q.occurred_at, q.next_attempt_at as failed_at, q.attempts, q.last_error,
           q.bell_at is not null as bell_done, q.email_at is not null as email_done, q.sms_at is not null as sms_done
    from investor_notice_queue q
    join investors i on i.id = q.investor_id
    where q.status = 'failed'
    order by q.next_attempt_at desc, q.id
    limit ${limit}`);
  return rowsOf<FailedNoticeRow>(result);
}

/**
 * Makes a failed notice due again with a fresh set of attempts; the channels already stamped
 * stay stamped, so they are not sent twice. Null when the notice is not failed (or not there).
 */
export async function requeueFailedNotice(
  tx: Executor,
  noticeId: string,
  now: Date,
): Promise<{ attempts: number; last_error: string | null } | null> {
  const result = await tx.execute(sql`
    update investor_notice_queue q set status = 'pending', attempts = 0, next_attempt_at = ${now}::timestamptz,
      lease_until = null
    from (select id, attempts, last_error from investor_notice_queue where id = ${noticeId}::uuid for update) before
    where q.id = before.id and q.status = 'failed'
    returning before.attempts, before.last_error`);
  return rowsOf<{ attempts: number; last_error: string | null }>(result)[0] ?? null;
}

export async function readNoticeStatus(db: Executor, noticeId: string): Promise<string | null> {
  const result = await db.execute(sql`select status from investor_notice_queue where id = ${noticeId}::uuid`);
  return rowsOf<{ status: string }>(result)[0]?.status ?? null;
}
