/**
 * What each ledger entry is called on every screen and export (issue 13 item 15), so the
 * portal, the back office, the CSV and the statement read alike. Interest is named by where it
 * went, which its value effect records: paid to the bank leaves the note's value unchanged, added
 * to the note raises it. The plan alone cannot say: a Standard note may reinvest its interest
 * (decision 1740).
 */
import { type InvestmentType, investmentTypes } from '../products/plans';
import { isInterestCreditedToNote } from './ledger-model';

export interface LabelledEntry {
  transaction_type: string;
  investment_type: string;
  /** The entry's signed change to its note's value, as the ledger stores it. */
  value_effect?: string;
  /** The same change as the portal's rows carry it. */
  balance_change?: string;
}

function raisesValue(change: string): boolean {
  const trimmed = change.trim();
  return !trimmed.startsWith('-') && /[1-9]/.test(trimmed);
}

function isCreditedToNote(entry: LabelledEntry): boolean {
  const change = entry.value_effect ?? entry.balance_change;
  if (change !== undefined) return raisesValue(change);
  // Rows that do not carry their value effect fall back to the plan's default destination.
  return isKnownType(entry.investment_type) && isInterestCreditedToNote(entry.investment_type);
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
  redemption_penalty: 'Early redemption penalty',
};

export const interestLabels = {
  paidToBank: 'Interest paid to bank',
  addedToNote: 'Interest added to note',
} as const;

export function transactionLabel(entry: LabelledEntry): string {
  if (entry.transaction_type === 'interest_payment') {
    return isCreditedToNote(entry) ? interestLabels.addedToNote : interestLabels.paidToBank;
  }
  return plainLabels[entry.transaction_type] ?? entry.transaction_type;
}

/**
 * How the List view relates to the balance: the balance is the value of the notes, and each
 * entry's "balance change" is what it did to that value.
 */
export const balanceExplanation =
  'Your balance is the value of your notes. Purchases and interest added to a note raise it, withdrawals lower it, and interest paid to your bank leaves it unchanged: each entry shows its balance change.';
