/**
 * `reconcile-ach-payments` (daily; decision 1500): reads what the rail has said since the last
 * sync, then compares the ledger's ACH payments with the rail's events and records every
 * difference in ach_reconciliation_differences (one row per day, kind and payment or transfer):
 * - status_mismatch: the payment's state is not what its latest event says;
 * - amount_mismatch: an event's amount differs from the payment's;
 * - return_code_mismatch: the payment's R code differs from its return event's;
 * - missing_transfer: a payment sent to the rail more than a day ago with no event at all;
 * - unknown_transfer: an event for a transfer the ledger does not have;
 * - unfunded_note: a note still active or matured whose funding debit ended in any state but
 *   settled (PRODUCT.md 36, 39). Such a note is then cancelled as the event would have cancelled
 *   it, and the investor told: notes left funded by a debit cancelled before issue 24 are put
 *   right by the first run.
 * The day it ran is kept (app_settings), so `npm run check:ledger` lists that day's differences.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { type AchSetbackOutcome, plaidEventStatuses } from '../../../shared/payments/ach-states';
import { rowsOf } from '../../db/client';
import type { JobFunctionResult } from '../../functions/job-functions';
import type { MoneyEngineContext } from './engine-context';
import { inBatchTransaction } from './money-sql';
import { applyPaymentSetbacks, type PaymentSetback, setbackColumns, setbackReason } from './payment-setbacks';
import { syncAchEvents } from './sync-ach-events';

export const RECONCILIATION_SETTING = 'ach_reconciliation_last_run';
/** Payments and events older than this are settled history: not compared again every day. */
const WINDOW_DAYS = 90;

/** Funding debits that did not go through while their note is still held (whatever its age). */
const unfundedNotes = sql`
  from ach_payments a join investments i on i.id = a.investment_id
  where a.payment_type = 'funding' and a.status in ('failed', 'returned', 'cancelled')
    and i.status in ('active', 'matured')`;

/** Cancels each note left funded by a debit that did not go through, with every consequence. */
async function cancelUnfundedNotesLeftActive(engine: MoneyEngineContext, executionDate: IsoDate) {
  return inBatchTransaction(engine.db, async (tx) => {
    const payments = rowsOf<
      Omit<PaymentSetback, 'outcome' | 'failure_reason'> & {
        failure_reason: string | null;
        return_code: string | null;
        status: AchSetbackOutcome;
      }
    >(
      await tx.execute(
        sql`select ${setbackColumns}, a.return_code, a.status ${unfundedNotes} for update of a`,
      ),
    );
    const setbacks = payments.map(
      ({ return_code, status, ...payment }): PaymentSetback => ({
        ...payment,
        failure_reason: payment.failure_reason ?? setbackReason(return_code, null, status),
        outcome: status,
      }),
    );
    return applyPaymentSetbacks(engine, tx, setbacks, { executionDate, now: engine.clock.now() });
  });
}

export async function reconcileAchPayments(
  engine: MoneyEngineContext,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const ach = engine.ach;
  if (ach.name === 'plaid') await syncAchEvents({ ...engine, ach }, executionDate);
  const now = engine.clock.now();
  const statusOfEvent = sql.raw(
    `case e.event_type ${Object.entries(plaidEventStatuses)
      .map(([event, status]) => `when '${event}' then '${status}'`)
      .join(' ')} end`,
  );
  const since = sql`${now}::timestamptz - make_interval(days => ${WINDOW_DAYS})`;
  const result = await engine.db.execute(sql`
    with payments as (
      select a.* from ach_payments a
      where a.provider = 'plaid' and a.provider_reference is not null and a.updated_at >= ${since}
    ),
    moving_events as (
      select e.*, ${statusOfEvent} as status from ach_provider_events e
      where e.provider = 'plaid' and e.occurred_at >= ${since}
    ),
    latest as (
      select distinct on (e.transfer_id) e.transfer_id, e.status, e.event_type
      from moving_events e where e.status is not null
      order by e.transfer_id, e.event_id desc
    ),
    found as (
      select 'status_mismatch' as kind, p.id as payment_id, p.provider_reference as transfer_id,
             l.status || ' (' || l.event_type || ')' as expected, p.status as actual
      from payments p join latest l on l.transfer_id = p.provider_reference
      where l.status <> p.status
      union all
      select distinct on (p.id) 'amount_mismatch', p.id, p.provider_reference, e.amount::text, p.amount::text
      from payments p join moving_events e on e.transfer_id = p.provider_reference
      where e.amount is not null and e.amount <> p.amount
      union all
      select distinct on (p.id) 'return_code_mismatch', p.id, p.provider_reference,
             coalesce(e.return_code, 'none'), coalesce(p.return_code, 'none')
      from payments p join moving_events e on e.transfer_id = p.provider_reference and e.event_type = 'returned'
      where e.return_code is distinct from p.return_code
      union all
      select 'missing_transfer', p.id, p.provider_reference, 'events from the rail', 'none'
      from payments p
      where p.posted_at < ${now}::timestamptz - interval '1 day'
        and not exists (select 1 from ach_provider_events e where e.provider = 'plaid' and e.transfer_id = p.provider_reference)
      union all
      select distinct on (e.transfer_id) 'unknown_transfer', null::uuid, e.transfer_id, 'a payment in the ledger',
             e.event_type || ' ' || coalesce(e.amount::text, '')
      from moving_events e
      where not exists (select 1 from ach_payments a where a.provider = 'plaid' and a.provider_reference = e.transfer_id)
      union all
      select 'unfunded_note', a.id, a.provider_reference, 'note cancelled',
             'note ' || i.status || ', funding debit ' || a.status
      ${unfundedNotes}
    ),
    recorded as (
      insert into ach_reconciliation_differences
        (reconciled_on, provider, ach_payment_id, transfer_id, kind, expected, actual, created_at)
      select ${executionDate}::date, 'plaid', f.payment_id, f.transfer_id, f.kind, f.expected, f.actual, ${now}::timestamptz
      from found f
      on conflict do nothing
      returning id
    ),
    marked as (
      insert into app_settings (key, value, updated_at)
      values (${RECONCILIATION_SETTING}, to_jsonb(${executionDate}::text), ${now}::timestamptz)
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
    )
    select (select count(*) from found)::int as found, (select count(*) from recorded)::int as recorded`);
  const counts = rowsOf<{ found: number; recorded: number }>(result)[0] ?? { found: 0, recorded: 0 };
  const repaired = await cancelUnfundedNotesLeftActive(engine, executionDate);
  return {
    recordsProcessed: counts.found,
    metadata: {
      differences: counts.found,
      newlyRecorded: counts.recorded,
      notesCancelled: repaired.notesCancelled,
    },
  };
}
