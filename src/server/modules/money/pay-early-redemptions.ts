/**
 * `pay-early-redemptions` (issue 27 section 3, decision 1951): pays every approved early
 * redemption whose payment date has come, first requested first, one per transaction. The
 * redemption date is the run's execution date: the redeemed principal earns every day before
 * it (a late run pays the days it waited, as a transfer does). Months that ended are posted
 * first on the principal they earned on (decision 1310); a whole redemption then posts the
 * note's interest to the redemption date (Standard: paid to the bank as every month's is;
 * High-Yield: credited to the note) and pays the note's value less the penalty.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import {
  earlyRedemptionPenalty,
  MINIMUM_REMAINING_PRINCIPAL,
  redemptionPayout,
  wholeRedemptionPrincipal,
} from '../../../shared/redemptions/early-redemption-rules';
import { type Executor, rowsOf } from '../../db/client';
import type { JobFunctionResult } from '../../functions/job-functions';
import { recordBackupWithholding, splitInterestPayout } from '../backup-withholding/payout-withholding';
import type { MoneyEngineContext } from './engine-context';
import {
  insertRedemptionCredit,
  postRedemptionEntries,
  readRedeemableNote,
  type RedeemableNote,
} from './early-redemption-ledger';
import { interestNoticesOf } from './interest-notices';
import { postClosingInterest, postEndedMonthsOfInvestor, type PostedInterest } from './interest-repository';
import { inBatchTransaction } from './money-sql';

interface DueRedemption {
  id: string;
  investment_id: string;
  investor_id: string;
  is_whole: boolean;
  principal_amount: string;
}

async function listDueRedemptions(db: Executor, executionDate: IsoDate): Promise<string[]> {
  const result = await db.execute(sql`
    select id from early_redemptions where status = 'approved' and payment_date <= ${executionDate}::date
    order by requested_at, id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

async function lockDueRedemption(
  tx: Executor,
  id: string,
  executionDate: IsoDate,
): Promise<DueRedemption | null> {
  const result = await tx.execute(sql`
    select id, investment_id, investor_id, is_whole, principal_amount::text as principal_amount from early_redemptions
    where id = ${id}::uuid and status = 'approved' and payment_date <= ${executionDate}::date for update`);
  return rowsOf<DueRedemption>(result)[0] ?? null;
}

async function primaryBank(
  tx: Executor,
  investorId: string,
): Promise<{ id: string; last_four: string } | null> {
  const result = await tx.execute(sql`
    select id, account_last_four as last_four from bank_accounts
    where investor_id = ${investorId}::uuid and is_primary and deleted_at is null and verification_status = 'verified'`);
  return rowsOf<{ id: string; last_four: string }>(result)[0] ?? null;
}

async function markFailed(tx: Executor, id: string, reason: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update early_redemptions set status = 'failed', failure_reason = ${reason}, updated_at = ${now}::timestamptz
    where id = ${id}::uuid`);
}

export const redemptionFailureReasons = {
  noteClosed: 'The note was no longer active on the payment date.',
  pastTerm:
    'The note reached the end of its term before the payment date; its funds are paid as it instructs.',
  notFunded: 'The note’s funding had not settled on the payment date.',
  noBank: 'There was no verified primary bank account to pay to.',
  tooLarge: 'The part asked for would leave less than the minimum principal in the note.',
} as const;

function cents(amount: string): bigint {
  const value = parseMoneyToCents(amount);
  if (value === null) throw new Error(`Not a money amount: ${amount}`);
  return value;
}

function failureOf(
  note: RedeemableNote | null,
  due: DueRedemption,
  bank: { id: string } | null,
  executionDate: IsoDate,
): string | null {
  if (note?.status !== 'active') return redemptionFailureReasons.noteClosed;
  if (executionDate >= note.maturityDate) return redemptionFailureReasons.pastTerm;
  if (!note.isFunded) return redemptionFailureReasons.notFunded;
  if (!bank) return redemptionFailureReasons.noBank;
  if (!due.is_whole && cents(note.earning) - cents(due.principal_amount) < cents(MINIMUM_REMAINING_PRINCIPAL))
    return redemptionFailureReasons.tooLarge;
  return null;
}

export async function payEarlyRedemptions(
  engine: MoneyEngineContext,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const now = engine.clock.now();
  const effectiveDate = engine.ach.expectedSettlementDate(executionDate);
  let paid = 0;
  let failed = 0;
  for (const id of await listDueRedemptions(engine.db, executionDate)) {
    const outcome = await inBatchTransaction(
      engine.db,
      async (tx): Promise<'paid' | 'failed' | 'skipped'> => {
        const due = await lockDueRedemption(tx, id, executionDate);
        if (!due) return 'skipped';
        const interestPosted: PostedInterest[] = await postEndedMonthsOfInvestor(tx, {
          investorId: due.investor_id,
          executionDate,
          now,
          achEffectiveDate: effectiveDate,
          backupWithholding: engine.backupWithholding,
        });
        const before = await readRedeemableNote(tx, { investmentId: due.investment_id, lock: true });
        const bank = await primaryBank(tx, due.investor_id);
        const failure = failureOf(before, due, bank, executionDate);
        if (failure !== null || !before || !bank) {
          await markFailed(tx, id, failure ?? redemptionFailureReasons.noteClosed, now);
          await engine.notifier.interestPaid(tx, interestNoticesOf(interestPosted, executionDate), now);
          return 'failed';
        }
        let note = before;
        if (due.is_whole) {
          interestPosted.push(
            ...(await postClosingInterest(tx, {
              investmentId: note.id,
              until: executionDate,
              executionDate,
              now,
              achEffectiveDate: effectiveDate,
              backupWithholding: engine.backupWithholding,
            })),
          );
          note = (await readRedeemableNote(tx, { investmentId: note.id }))!;
        }
        // A whole redemption pays the note's value: its earning principal, and the interest credited
        // to it (High-Yield) as the interest part. A debit adjustment can leave less than the principal.
        const principal = due.is_whole ? wholeRedemptionPrincipal(note) : due.principal_amount;
        const payout = redemptionPayout({
          principal,
          interest: due.is_whole ? centsToMoney(cents(note.value) - cents(principal)) : '0.00',
          penalty: earlyRedemptionPenalty(principal, note.rate),
        });
        // The interest paid with the principal is a reportable payment: backup withholding takes its
        // share (decision 1911) and the bank gets the rest; the entry keeps the amount paid.
        const split = await splitInterestPayout(tx, {
          investorId: note.investorId,
          gross: payout.interest,
          paymentDate: executionDate,
          rule: engine.backupWithholding,
        });
        const toBank = centsToMoney(cents(payout.paid) - cents(split.withheld));
        const achPaymentId = await insertRedemptionCredit(tx, {
          note,
          bankAccountId: bank.id,
          amount: toBank,
          effectiveDate,
          now,
        });
        await postRedemptionEntries(tx, {
          note,
          redemptionId: id,
          achPaymentId,
          paid: payout.paid,
          penalty: payout.penalty,
          valueOut: due.is_whole ? note.value : principal,
          principalOut: principal,
          isWhole: due.is_whole,
          redemptionDate: executionDate,
          now,
        });
        const [withdrawalEntry] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            select id from investment_transactions
            where early_redemption_id = ${id}::uuid and transaction_type = 'withdrawal'`),
        );
        await recordBackupWithholding(tx, {
          transactionId: withdrawalEntry!.id,
          interestAmount: payout.interest,
          split,
          entryDate: executionDate,
          now,
        });
        await tx.execute(sql`
        update early_redemptions set status = 'paid', paid_at = ${now}::timestamptz,
          redemption_date = ${executionDate}::date, principal_paid = ${payout.principal}::numeric,
          interest_paid = ${payout.interest}::numeric, penalty = ${payout.penalty}::numeric,
          amount_paid = ${payout.paid}::numeric, ach_payment_id = ${achPaymentId}::uuid, updated_at = ${now}::timestamptz
        where id = ${id}::uuid`);
        await engine.notifier.interestPaid(tx, interestNoticesOf(interestPosted, executionDate), now);
        await engine.notifier.redemptionPaid(
          tx,
          [
            {
              investorId: note.investorId,
              investmentId: note.id,
              reference: purchaseReference(note.id),
              executionDate,
              amountPaid: toBank,
              penalty: payout.penalty,
              bankLastFour: bank.last_four,
            },
          ],
          now,
        );
        return 'paid';
      },
    );
    if (outcome === 'paid') paid += 1;
    if (outcome === 'failed') failed += 1;
  }
  return { recordsProcessed: paid + failed, metadata: { paid, failed } };
}
