import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../db/client';
import { pauseAt } from '../../faults/pause-point';
import type { JobFunctionResult } from '../../functions/job-functions';
import type { AchOutcome, AchPaymentOrder, SettlingAchProvider } from '../../providers/ach';
import { submitAchTransfers } from './ach-transfers';
import { recordCreditsOwedBack } from './amounts-owed-repository';
import type { MoneyEngineContext } from './engine-context';
import { inBatchTransaction } from './money-sql';
import { applyPaymentSetbacks, type PaymentSetback, setbackColumns } from './payment-setbacks';
import { passFilter, type SettlementPass } from './settlement-pass';

const PAYMENTS_PER_BATCH = 1_000;

async function listDuePayments(
  db: Executor,
  executionDate: IsoDate,
  pass: SettlementPass,
  afterId: string | null,
): Promise<AchPaymentOrder[]> {
  const result = await db.execute(sql`
    select a.id, a.payment_type, a.direction, a.amount::text as amount, a.bank_account_id,
           to_char(a.effective_date, 'YYYY-MM-DD') as effective_date
    from ach_payments a
    where a.status = 'pending' and a.effective_date <= ${executionDate}::date and ${passFilter(pass)}
      ${afterId === null ? sql`` : sql`and a.id > ${afterId}::uuid`}
    order by a.id limit ${PAYMENTS_PER_BATCH}`);
  return rowsOf<{
    id: string;
    payment_type: AchPaymentOrder['paymentType'];
    direction: AchPaymentOrder['direction'];
    amount: string;
    bank_account_id: string | null;
    effective_date: IsoDate;
  }>(result).map((row) => ({
    id: row.id,
    paymentType: row.payment_type,
    direction: row.direction,
    amount: row.amount,
    bankAccountId: row.bank_account_id,
    effectiveDate: row.effective_date,
  }));
}

async function markCompleted(
  tx: Executor,
  outcomes: Extract<AchOutcome, { status: 'settled' }>[],
  now: Date,
): Promise<number> {
  if (outcomes.length === 0) return 0;
  // A settled re-payment pays its amount owed to the investor (PRODUCT.md 36).
  const result = await tx.execute(sql`
    with settled as (
      update ach_payments a set status = 'settled', settled_at = ${now}::timestamptz, provider_reference = o.reference,
        updated_at = ${now}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(
        outcomes.map((outcome) => ({ id: outcome.id, reference: outcome.providerReference })),
      )}::jsonb) as o(id uuid, reference text)
      where a.id = o.id and a.status = 'pending'
      returning a.id, a.repays_amount_owed_id
    ),
    repaid as (
      update amounts_owed set status = 'resolved', resolved_at = ${now}::timestamptz
      where id in (select repays_amount_owed_id from settled) and status = 'open'
    )
    select id from settled`);
  return rowsOf(result).length;
}

async function markFailed(
  tx: Executor,
  outcomes: Extract<AchOutcome, { status: 'failed' }>[],
  now: Date,
): Promise<Omit<PaymentSetback, 'outcome'>[]> {
  if (outcomes.length === 0) return [];
  const result = await tx.execute(sql`
    update ach_payments a set status = 'failed', failure_reason = o.reason, provider_reference = o.reference,
      updated_at = ${now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(
      outcomes.map((outcome) => ({
        id: outcome.id,
        reason: outcome.failureReason,
        reference: outcome.providerReference,
      })),
    )}::jsonb) as o(id uuid, reason text, reference text)
    where a.id = o.id and a.status = 'pending'
    returning ${setbackColumns}`);
  return rowsOf<Omit<PaymentSetback, 'outcome'>>(result);
}

/**
 * `settle-ach-payments`: asks the ACH provider about every pending payment due by the
 * execution date and records the outcome. Failures keep their reason; a failed funding
 * debit cancels its note, a failed withdrawal credit returns the funds to the notes. No
 * interest credit is handed to the provider before its note's funding debit has settled;
 * one that left anyway for a note later cancelled is recorded as owed back.
 */
export async function settleAchPayments(
  engine: MoneyEngineContext,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const ach = engine.ach;
  if (ach.name === 'plaid') return submitAchTransfers({ ...engine, ach }, executionDate);
  const now = engine.clock.now();
  // Also records what earlier runs, or runs before credits waited for funding, left unrecorded.
  const creditsOwedBack = await recordCreditsOwedBack(engine.db, now);
  const totals = {
    settled: 0,
    failed: 0,
    notesCancelled: 0,
    withdrawalsReturned: 0,
    creditsOwedBack,
    creditsOwedToInvestors: 0,
  };
  for (const pass of ['debits-and-withdrawals', 'funded-interest-credits'] as const) {
    let afterId: string | null = null;
    while (true) {
      const due = await listDuePayments(engine.db, executionDate, pass, afterId);
      if (due.length === 0) break;
      afterId = due[due.length - 1]!.id;
      const batch = await settleBatch({ ...engine, ach }, due, { executionDate, now });
      totals.settled += batch.done;
      totals.failed += batch.failed;
      totals.notesCancelled += batch.cancelled;
      totals.withdrawalsReturned += batch.returned;
      totals.creditsOwedBack += batch.owedBack;
      totals.creditsOwedToInvestors += batch.owedToInvestors;
      if (due.length < PAYMENTS_PER_BATCH) break;
    }
  }
  return { recordsProcessed: totals.settled + totals.failed, metadata: totals };
}

async function settleBatch(
  engine: MoneyEngineContext & { ach: SettlingAchProvider },
  due: AchPaymentOrder[],
  input: { executionDate: IsoDate; now: Date },
) {
  const { executionDate, now } = input;
  const outcomes = await engine.ach.settle(due, executionDate);
  await pauseAt('ach:before-record');
  return inBatchTransaction(engine.db, async (tx) => {
    const done = await markCompleted(
      tx,
      outcomes.filter((outcome) => outcome.status === 'settled'),
      now,
    );
    const failures = await markFailed(
      tx,
      outcomes.filter((outcome) => outcome.status === 'failed'),
      now,
    );
    const setbacks = await applyPaymentSetbacks(
      engine,
      tx,
      failures.map((payment) => ({ ...payment, outcome: 'failed' as const })),
      { executionDate, now },
    );
    await pauseAt('ach:before-commit');
    return {
      done,
      failed: failures.length,
      cancelled: setbacks.notesCancelled,
      returned: setbacks.withdrawalsReturned,
      owedBack: setbacks.owedBack,
      owedToInvestors: setbacks.owedToInvestors,
    };
  });
}
