import type { IsoDate } from '../../../shared/dates/calendar-date';
import { addMoney } from '../../../shared/money/decimal-string';
import type { PostedInterest } from './interest-repository';
import type { InterestPaidNotice } from './money-notices';

/** One notice per investor for everything a batch posted (a catch-up run may post several months). */
export function interestNoticesOf(posted: PostedInterest[], executionDate: IsoDate): InterestPaidNotice[] {
  const byInvestor = new Map<string, InterestPaidNotice>();
  for (const row of posted) {
    const current = byInvestor.get(row.investorId);
    byInvestor.set(row.investorId, {
      investorId: row.investorId,
      executionDate,
      paidToBank: addMoney(current?.paidToBank ?? '0.00', row.paidToBank),
      creditedToNotes: addMoney(current?.creditedToNotes ?? '0.00', row.creditedToNotes),
      backupWithheld: addMoney(current?.backupWithheld ?? '0.00', row.backupWithheld),
    });
  }
  return [...byInvestor.values()];
}

export function totalsOf(posted: PostedInterest[]): { entries: number; amount: string } {
  let entries = 0;
  let amount = '0.00';
  for (const row of posted) {
    entries += row.entries;
    amount = addMoney(amount, row.paidToBank, row.creditedToNotes);
  }
  return { entries, amount };
}
