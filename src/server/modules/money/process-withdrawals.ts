import { addDays, type IsoDate } from '../../../shared/dates/calendar-date';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import { pauseAt } from '../../faults/pause-point';
import type { JobFunctionResult } from '../../functions/job-functions';
import type { MoneyEngineContext } from './engine-context';
import { postClosingInterest, postEndedMonthsOfInvestor, type PostedInterest } from './interest-repository';
import { interestNoticesOf } from './interest-notices';
import type { WithdrawalPaidNotice } from './money-notices';
import { inBatchTransaction } from './money-sql';
import {
  bankLastFour,
  closeWithdrawnNote,
  drawFromNote,
  insertWithdrawalCredit,
  insufficientFundsReason,
  listInvestorsWithDueWithdrawals,
  lockAvailableNotes,
  lockDueWithdrawals,
  markWithdrawalFailed,
  markWithdrawalPaid,
} from './withdrawal-repository';

function cents(amount: string): bigint {
  const value = parseMoneyToCents(amount);
  if (value === null) throw new Error(`Not a money amount: ${amount}`);
  return value;
}

interface InvestorOutcome {
  paid: WithdrawalPaidNotice[];
  failed: number;
  /** Months that had ended and a closing stub of each emptied Standard note. */
  interestPosted: PostedInterest[];
}

/**
 * `process-withdrawals`: pays every pending withdrawal scheduled on or before the execution
 * date (the quarter end), one investor per transaction: `withdrawal` entries drawn from the
 * oldest available notes first, one ACH credit to the chosen bank account. A request the
 * available funds no longer cover fails with its reason and draws nothing.
 */
export async function processWithdrawals(
  engine: MoneyEngineContext,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const now = engine.clock.now();
  const effectiveDate = engine.ach.expectedSettlementDate(executionDate);
  const investorIds = await listInvestorsWithDueWithdrawals(engine.db, executionDate);
  let paid = 0;
  let failed = 0;
  for (const investorId of investorIds) {
    const outcome = await inBatchTransaction(engine.db, async (tx): Promise<InvestorOutcome> => {
      const due = await lockDueWithdrawals(tx, investorId, executionDate);
      const result: InvestorOutcome = { paid: [], failed: 0, interestPosted: [] };
      if (due.length === 0) return result;
      // Months that ended are posted on the principal they earned on before any of it leaves,
      // whether or not the month-end run came first (decision 1310).
      result.interestPosted.push(
        ...(await postEndedMonthsOfInvestor(tx, {
          investorId,
          executionDate,
          now,
          achEffectiveDate: effectiveDate,
          backupWithholding: engine.backupWithholding,
        })),
      );
      // Paid funds earn through the payment day (decision 100).
      const notes = await lockAvailableNotes(tx, {
        investorId,
        executionDate,
        reducedFrom: addDays(executionDate, 1),
      });
      const remaining = new Map(notes.map((note) => [note.id, cents(note.value)]));
      for (const withdrawal of due) {
        let owed = cents(withdrawal.amount);
        const available = [...remaining.values()].reduce((sum, value) => sum + value, 0n);
        if (owed > available) {
          await markWithdrawalFailed(tx, {
            withdrawalId: withdrawal.id,
            reason: insufficientFundsReason,
            now,
          });
          result.failed += 1;
          continue;
        }
        const draws: { note: (typeof notes)[number]; amount: bigint }[] = [];
        for (const note of notes) {
          if (owed === 0n) break;
          const value = remaining.get(note.id) ?? 0n;
          if (value <= 0n) continue;
          const amount = value < owed ? value : owed;
          draws.push({ note, amount });
          remaining.set(note.id, value - amount);
          owed -= amount;
        }
        const achPaymentId = await insertWithdrawalCredit(tx, {
          investorId,
          withdrawal,
          firstInvestmentId: draws[0]!.note.id,
          effectiveDate,
          now,
        });
        for (const draw of draws) {
          await drawFromNote(tx, {
            investorId,
            note: draw.note,
            amount: centsToMoney(draw.amount),
            draw: { kind: 'withdrawal', withdrawalId: withdrawal.id, achPaymentId },
            executionDate,
            now,
          });
          if (remaining.get(draw.note.id) === 0n) {
            if (draw.note.investmentType === 'standard') {
              result.interestPosted.push(
                ...(await postClosingInterest(tx, {
                  investmentId: draw.note.id,
                  until: draw.note.reducedFrom,
                  executionDate,
                  now,
                  achEffectiveDate: effectiveDate,
                  backupWithholding: engine.backupWithholding,
                })),
              );
            }
            await closeWithdrawnNote(tx, { investmentId: draw.note.id, now });
          }
        }
        await markWithdrawalPaid(tx, { withdrawalId: withdrawal.id, achPaymentId, now });
        result.paid.push({
          investorId,
          executionDate,
          amount: withdrawal.amount,
          bankLastFour: await bankLastFour(tx, withdrawal.bankAccountId),
        });
      }
      await engine.notifier.interestPaid(tx, interestNoticesOf(result.interestPosted, executionDate), now);
      await engine.notifier.withdrawalPaid(tx, result.paid, now);
      return result;
    });
    await pauseAt('withdrawals:after-commit');
    paid += outcome.paid.length;
    failed += outcome.failed;
  }
  return { recordsProcessed: paid + failed, metadata: { paid, failed } };
}
