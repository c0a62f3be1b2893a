/**
 * What each ledger entry is called on every screen and export (issue 13 item 15), so the
 * portal, the back office and the CSV read alike. Interest is named by where it went:
 * a Standard note's interest is paid to the bank (its value does not change), a High-Yield
 * note's interest is added to the note (its value grows).
 */
import { type InvestmentType, investmentTypes } from '../products/plans';
import { isInterestCreditedToNote } from './ledger-model';

export interface LabelledEntry {
  transaction_type: string;
  investment_type: string;
}

function isKnownType(type: string): type is InvestmentType {
  return (investmentTypes as readonly string[]).includes(type);
}

const plainLabels: Record<string, string> = {
  purchase: 'Purchase',
  withdrawal: 'Withdrawal',
  reinvestment: 'Reinvestment',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
};

export const interestLabels = {
  paidToBank: 'Interest paid to bank',
  addedToNote: 'Interest added to note',
} as const;

export function transactionLabel(entry: LabelledEntry): string {
  if (entry.transaction_type === 'interest_payment') {
    const credited = isKnownType(entry.investment_type) && isInterestCreditedToNote(entry.investment_type);
    return credited ? interestLabels.addedToNote : interestLabels.paidToBank;
  }
  return plainLabels[entry.transaction_type] ?? entry.transaction_type;
}

/**
 * How the List view relates to the balance: the balance is the value of the notes, and each
 * entry's "balance change" is what it did to that value.
 */
export const balanceExplanation =
  'Your balance is the value of your notes. Purchases and interest added to a note raise it, withdrawals lower it, and interest paid to your bank leaves it unchanged: each entry shows its balance change.';
