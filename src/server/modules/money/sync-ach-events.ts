/**
 * `sync-ach-events`: reads the transfer rail's event stream from the last event id the
 * platform stored (ach_event_cursors) and moves each payment through PRODUCT.md 39's states.
 * A page of events, the payments it moves, their consequences and the new cursor commit
 * together; a run that dies before the commit leaves the cursor where it was, and the next run
 * (the schedule, or the next webhook) reads the same events again. An event already stored
 * (its id is unique) changes nothing the second time.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { AchPaymentStatus } from '../../../shared/ledger/ledger-model';
import {
  isAchSetback,
  isAchTransitionAllowed,
  plaidEventStatuses,
} from '../../../shared/payments/ach-states';
import { type Executor, rowsOf } from '../../db/client';
import { pauseAt } from '../../faults/pause-point';
import type { JobFunctionResult } from '../../functions/job-functions';
import type { TransferEventRecord } from '../../providers/ach';
import type { TransferEngine } from './engine-context';
import { inBatchTransaction } from './money-sql';
import { applyPaymentSetbacks, type PaymentSetback, setbackColumns, setbackReason } from './payment-setbacks';

export const EVENTS_PER_PAGE = 250;

export async function readEventCursor(db: Executor, provider: string): Promise<number> {
  const result = await db.execute(
    sql`select last_event_id from ach_event_cursors where provider = ${provider}`,
  );
  return Number(rowsOf<{ last_event_id: string | number }>(result)[0]?.last_event_id ?? 0);
}

/** Stores the events not seen before; answers those, oldest first. */
async function recordNewEvents(
  tx: Executor,
  events: TransferEventRecord[],
  now: Date,
): Promise<TransferEventRecord[]> {
  if (events.length === 0) return [];
  const rows = events.map((event) => ({
    event_id: event.eventId,
    event_type: event.eventType,
    transfer_id: event.transferId,
    amount: event.amount,
    failure_reason: event.failureReason,
    return_code: event.returnCode,
    occurred_at: event.occurredAt.toISOString(),
  }));
  const result = await tx.execute(sql`
    insert into ach_provider_events
      (provider, event_id, event_type, transfer_id, ach_payment_id, amount, failure_reason, return_code, occurred_at, received_at)
    select 'plaid', e.event_id, e.event_type, e.transfer_id,
           (select a.id from ach_payments a where a.provider = 'plaid' and a.provider_reference = e.transfer_id),
           e.amount, e.failure_reason, e.return_code, e.occurred_at, ${now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as e(event_id bigint, event_type text, transfer_id text, amount numeric, failure_reason text, return_code text,
           occurred_at timestamptz)
    on conflict (provider, event_id) do nothing
    returning event_id`);
  const fresh = new Set(rowsOf<{ event_id: string | number }>(result).map((row) => Number(row.event_id)));
  return events.filter((event) => fresh.has(event.eventId)).sort((a, b) => a.eventId - b.eventId);
}

interface MovedPayment {
  setback: PaymentSetback | null;
  settledRepayment: string | null;
}

/**
 * Moves one payment by one event, when the move is forward (isAchTransitionAllowed). An event
 * that names the state the payment is already in (`posted` after `pending`, `funds_available`
 * after `settled`) only brings its provider_status up to date.
 */
async function applyEvent(tx: Executor, event: TransferEventRecord, now: Date): Promise<MovedPayment | null> {
  const target = plaidEventStatuses[event.eventType];
  if (!target) return null;
  const current = rowsOf<{ id: string; status: AchPaymentStatus }>(
    await tx.execute(sql`
      select id, status from ach_payments
      where provider = 'plaid' and provider_reference = ${event.transferId} for update`),
  )[0];
  if (!current) return null;
  if (current.status === target) {
    await tx.execute(sql`
      update ach_payments set provider_status = ${event.eventType}, updated_at = ${now}::timestamptz
      where id = ${current.id}::uuid and provider_status is distinct from ${event.eventType}`);
    return null;
  }
  if (!isAchTransitionAllowed(current.status, target)) return null;
  const setbackOutcome = isAchSetback(target) ? target : null;
  const reason = setbackOutcome ? setbackReason(event.returnCode, event.failureReason, setbackOutcome) : null;
  const result = await tx.execute(sql`
    update ach_payments a set status = ${target}, provider_status = ${event.eventType},
      settled_at = case when ${target} = 'settled' then ${event.occurredAt.toISOString()}::timestamptz else a.settled_at end,
      returned_at = case when ${target} = 'returned' then ${event.occurredAt.toISOString()}::timestamptz else a.returned_at end,
      posted_at = coalesce(a.posted_at, ${now}::timestamptz),
      return_code = coalesce(${event.returnCode}, a.return_code),
      failure_reason = coalesce(${reason}, a.failure_reason),
      updated_at = ${now}::timestamptz
    where a.id = ${current.id}::uuid
    returning ${setbackColumns}`);
  const row = rowsOf<Omit<PaymentSetback, 'outcome'>>(result)[0]!;
  return {
    setback: setbackOutcome ? { ...row, outcome: setbackOutcome } : null,
    settledRepayment: target === 'settled' ? row.repays_amount_owed_id : null,
  };
}

/** An owed amount is paid once its re-payment has settled. */
async function resolveRepaidAmounts(tx: Executor, owedIds: string[], now: Date): Promise<number> {
  if (owedIds.length === 0) return 0;
  const result = await tx.execute(sql`
    update amounts_owed set status = 'resolved', resolved_at = ${now}::timestamptz
    where id in (${sql.join(
      owedIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and status = 'open'
    returning id`);
  return rowsOf(result).length;
}

/**
 * Events the rail sent for a transfer before the ledger knew its id (the process died between
 * creating the transfer and storing its id; the next run created it again, idempotently): once
 * the id is stored, those events are linked and applied, in order.
 */
export async function applyEarlierEventsOf(
  engine: TransferEngine,
  transferId: string,
  executionDate: IsoDate,
): Promise<number> {
  return inBatchTransaction(engine.db, async (tx) => {
    const now = engine.clock.now();
    const linked = rowsOf<{
      event_id: string | number;
      event_type: string;
      amount: string | null;
      failure_reason: string | null;
      return_code: string | null;
      occurred_at: string | Date;
    }>(
      await tx.execute(sql`
        update ach_provider_events e set ach_payment_id = a.id
        from ach_payments a
        where e.provider = 'plaid' and e.transfer_id = ${transferId} and e.ach_payment_id is null
          and a.provider = 'plaid' and a.provider_reference = e.transfer_id
        returning e.event_id, e.event_type, e.amount::text as amount, e.failure_reason, e.return_code, e.occurred_at`),
    ).sort((a, b) => Number(a.event_id) - Number(b.event_id));
    const setbacks: PaymentSetback[] = [];
    const repaid: string[] = [];
    for (const row of linked) {
      const moved = await applyEvent(
        tx,
        {
          eventId: Number(row.event_id),
          eventType: row.event_type,
          transferId,
          amount: row.amount,
          failureReason: row.failure_reason,
          returnCode: row.return_code,
          occurredAt: new Date(row.occurred_at),
        },
        now,
      );
      if (moved?.setback) setbacks.push(moved.setback);
      if (moved?.settledRepayment) repaid.push(moved.settledRepayment);
    }
    await applyPaymentSetbacks(engine, tx, setbacks, { executionDate, now });
    await resolveRepaidAmounts(tx, repaid, now);
    return linked.length;
  });
}

export async function syncAchEvents(
  engine: TransferEngine,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const totals = { events: 0, paymentsMoved: 0, notesCancelled: 0, owedToInvestors: 0, owedRepaid: 0 };
  while (true) {
    const afterId = await readEventCursor(engine.db, 'plaid');
    const page = await engine.ach.syncEvents(afterId, EVENTS_PER_PAGE);
    if (page.lastEventId === null) break;
    const lastEventId = page.lastEventId;
    await inBatchTransaction(engine.db, async (tx) => {
      const now = engine.clock.now();
      const fresh = await recordNewEvents(tx, page.events, now);
      const setbacks: PaymentSetback[] = [];
      const repaid: string[] = [];
      for (const event of fresh) {
        const moved = await applyEvent(tx, event, now);
        if (!moved) continue;
        totals.paymentsMoved += 1;
        if (moved.setback) setbacks.push(moved.setback);
        if (moved.settledRepayment) repaid.push(moved.settledRepayment);
      }
      const consequences = await applyPaymentSetbacks(engine, tx, setbacks, { executionDate, now });
      totals.notesCancelled += consequences.notesCancelled;
      totals.owedToInvestors += consequences.owedToInvestors;
      totals.owedRepaid += await resolveRepaidAmounts(tx, repaid, now);
      totals.events += fresh.length;
      await tx.execute(sql`
        insert into ach_event_cursors (provider, last_event_id, updated_at)
        values ('plaid', ${lastEventId}, ${now}::timestamptz)
        on conflict (provider) do update
          set last_event_id = greatest(ach_event_cursors.last_event_id, excluded.last_event_id),
              updated_at = excluded.updated_at`);
      await pauseAt('ach-events:before-commit');
    });
    if (!page.hasMore) break;
  }
  return { recordsProcessed: totals.events, metadata: totals };
}
