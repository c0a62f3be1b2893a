/**
 * What follows a payment that did not go through, whichever rail carried it (decision 1500):
 * the sandbox's settle run, a transfer the rail refused, and the rail's events all end here.
 * Kept apart from the rails so that neither the settle run, the transfer rail nor the event
 * sync imports another for it (they formed an import circle; decision 1801).
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { AchPaymentType } from '../../../shared/ledger/ledger-model';
import {
  type AchSetbackOutcome,
  cancelledTransferReason,
  describeAchReturn,
} from '../../../shared/payments/ach-states';
import { type Executor, rowsOf } from '../../db/client';
import { recordCreditsOwedBack } from './amounts-owed-repository';
import type { MoneyEngineContext } from './engine-context';
import type { PaymentSetbackNotice } from './money-notices';
import { reverseFailedWithdrawals } from './withdrawal-repository';

/** A payment that did not go through, as the consequences need it. */
export interface PaymentSetback {
  id: string;
  investor_id: string;
  payment_type: AchPaymentType;
  investment_id: string | null;
  withdrawal_id: string | null;
  repays_amount_owed_id: string | null;
  amount: string;
  failure_reason: string;
  outcome: AchSetbackOutcome;
}

/**
 * The consequences of payments that did not go through, in the caller's transaction:
 * - a funding debit that failed, was returned or was cancelled (any end but settled): its note
 *   is cancelled and reversed (PRODUCT.md 17, 36, 39), credits already sent for it are owed back;
 * - a withdrawal credit refused or cancelled before it moved: the funds go back to the notes
 *   (decision 100);
 * - an interest credit, or a withdrawal credit the bank returned: the amount is owed to the
 *   investor (PRODUCT.md 36) until it is paid again (resendOwedCredit);
 * - a re-payment that did not go through leaves its owed amount open.
 * The investor is told why. Nothing is sent again by itself.
 */
export async function applyPaymentSetbacks(
  engine: MoneyEngineContext,
  tx: Executor,
  setbacks: PaymentSetback[],
  input: { executionDate: IsoDate; now: Date },
): Promise<{
  notesCancelled: number;
  withdrawalsReturned: number;
  owedToInvestors: number;
  owedBack: number;
}> {
  if (setbacks.length === 0)
    return { notesCancelled: 0, withdrawalsReturned: 0, owedToInvestors: 0, owedBack: 0 };
  const originals = setbacks.filter((payment) => payment.repays_amount_owed_id === null);
  const cancelled = await cancelUnfundedNotes(
    tx,
    originals
      .filter((payment) => payment.payment_type === 'funding' && payment.investment_id !== null)
      .map((payment) => ({ ...payment, outcome: payment.outcome })),
    input,
  );
  const owedBack = cancelled.length > 0 ? await recordCreditsOwedBack(tx, input.now) : 0;
  const withdrawalsReturned = await reverseFailedWithdrawals(
    tx,
    originals.filter(
      (payment) =>
        payment.payment_type === 'withdrawal' &&
        payment.withdrawal_id !== null &&
        payment.outcome !== 'returned',
    ),
    input,
  );
  // An early redemption's credit (no withdrawal row, decision 1951) is owed to the investor
  // however it failed: the note it came from was closed or reduced, and its penalty stands.
  const owed = originals.filter(
    (payment) =>
      payment.payment_type === 'interest' ||
      (payment.payment_type === 'withdrawal' &&
        (payment.outcome === 'returned' || payment.withdrawal_id === null)),
  );
  const recorded =
    owed.length === 0
      ? []
      : rowsOf<{ ach_payment_id: string }>(
          await tx.execute(sql`
            insert into amounts_owed (investor_id, investment_id, ach_payment_id, direction, amount, reason, status, created_at)
            select o.investor_id, o.investment_id, o.id, 'owed_to_investor', o.amount,
                   case when o.payment_type = 'interest' then 'Interest credit ' else 'Withdrawal credit ' end
                     || o.outcome || ': ' || o.failure_reason,
                   'open', ${input.now}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(owed)}::jsonb)
              as o(id uuid, investor_id uuid, investment_id uuid, payment_type text, amount numeric, outcome text, failure_reason text)
            on conflict (ach_payment_id, direction) where ach_payment_id is not null do nothing
            returning ach_payment_id`),
        );
  const recordedIds = new Set(recorded.map((row) => row.ach_payment_id));
  const notices: PaymentSetbackNotice[] = [
    ...cancelled.map(
      (note): PaymentSetbackNotice => ({
        investorId: note.investor_id,
        kind: 'funding',
        reason: note.reason,
      }),
    ),
    ...setbacks
      .filter(
        (payment) =>
          payment.payment_type !== 'funding' &&
          (recordedIds.has(payment.id) || payment.repays_amount_owed_id !== null),
      )
      .map(
        (payment): PaymentSetbackNotice => ({
          investorId: payment.investor_id,
          kind: payment.payment_type === 'interest' ? 'interest' : 'withdrawal',
          reason: payment.failure_reason,
          amount: payment.amount,
        }),
      ),
  ];
  await engine.notifier.paymentSetbacks(tx, notices, input.now);
  return {
    notesCancelled: cancelled.length,
    withdrawalsReturned,
    owedToInvestors: recorded.length,
    owedBack,
  };
}

export const setbackColumns = sql`a.id, a.investor_id, a.payment_type, a.investment_id, a.withdrawal_id,
  a.repays_amount_owed_id, a.amount::text as amount, a.failure_reason`;

/**
 * A failed funding debit means the money never arrived: the note is cancelled, its
 * purchase and every interest posting reversed by `reversal` entries (PRODUCT.md 17), and
 * its Standard interest credits still pending are cancelled.
 */
export async function cancelUnfundedNotes(
  tx: Executor,
  failed: { investment_id: string | null; failure_reason: string; outcome?: AchSetbackOutcome }[],
  input: { executionDate: IsoDate; now: Date },
): Promise<{ id: string; investor_id: string; reason: string }[]> {
  if (failed.length === 0) return [];
  const reasons = JSON.stringify(
    failed.map((payment) => ({
      id: payment.investment_id,
      reason: payment.failure_reason,
      outcome: payment.outcome ?? 'failed',
    })),
  );
  const result = await tx.execute(sql`
    with failure as (
      select * from jsonb_to_recordset(${reasons}::jsonb) as f(id uuid, reason text, outcome text)
    ),
    cancelled as (
      update investments i set status = 'cancelled', cancelled_at = ${input.now}::timestamptz,
        cancellation_reason = 'Funding debit ' || f.outcome || ': ' || f.reason, interest_accrued = 0,
        updated_at = ${input.now}::timestamptz
      from failure f
      where i.id = f.id and i.status in ('active', 'matured')
      returning i.id, i.investor_id, f.reason, f.outcome
    ),
    reversed as (
      insert into investment_transactions
        (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date, reverses_transaction_id,
         notes, created_at)
      select t.investment_id, t.investor_id, 'reversal', t.amount, -t.value_effect, ${input.executionDate}::date, t.id,
             'Reversal: funding debit ' || c.outcome || ' (' || c.reason || ')', ${input.now}::timestamptz
      from investment_transactions t join cancelled c on c.id = t.investment_id
      where t.transaction_type in ('purchase', 'interest_payment')
      on conflict do nothing
      returning id, investment_id, investor_id, reverses_transaction_id
    ),
    -- Withholding from reversed interest leaves the liability with it (decision 1911).
    withholding_reversed as (
      insert into backup_withholding_entries
        (investor_id, investment_id, transaction_id, entry_date, interest_amount, amount, rate, reason, created_at)
      select r.investor_id, r.investment_id, r.id, ${input.executionDate}::date, -w.interest_amount, -w.amount, w.rate,
             w.reason, ${input.now}::timestamptz
      from reversed r join backup_withholding_entries w on w.transaction_id = r.reverses_transaction_id
    ),
    credits as (
      update ach_payments a set status = 'cancelled', failure_reason = 'Note cancelled: its funding debit ' || c.outcome,
        updated_at = ${input.now}::timestamptz
      from cancelled c
      where a.investment_id = c.id and a.payment_type = 'interest' and a.status = 'pending'
    )
    select id, investor_id, reason from cancelled`);
  return rowsOf<{ id: string; investor_id: string; reason: string }>(result);
}

/** The reason kept on a payment that did not go through: "R01 Insufficient funds". */
export function setbackReason(
  returnCode: string | null,
  description: string | null,
  outcome: AchSetbackOutcome = 'failed',
): string {
  if (outcome === 'cancelled' && !returnCode && !description) return cancelledTransferReason;
  return describeAchReturn(returnCode, description);
}
