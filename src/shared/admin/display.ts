import { transactionLabel } from '../ledger/transaction-labels';
import { shortId } from '../portal/transaction-display';
import type { AdminTransaction } from './dashboard-contracts';

/** How back-office screens name an investor: the full name, or the e-mail while no name is known. */
export function investorDisplayName(investor: {
  first_name: string | null;
  last_name: string | null;
  email: string;
}): string {
  const name = [investor.first_name, investor.last_name].filter(Boolean).join(' ').trim();
  return name || investor.email;
}

/** Status values as labels ("high_yield" -> "High yield"). */
export function humanizeCode(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const reinvestmentNames = { conversion: 'Conversion', rollover: 'Rollover' } as const;

/**
 * A back-office transaction's type. A conversion or rollover is two entries of one amount, out
 * of one note and into another: each names its side and its note, so the pair does not read as
 * the same row twice.
 */
export function adminTransactionLabel(
  transaction: Pick<
    AdminTransaction,
    'transaction_type' | 'investment_type' | 'investment_id' | 'value_effect' | 'reinvestment_kind'
  >,
): string {
  if (transaction.transaction_type !== 'reinvestment' || transaction.reinvestment_kind === null) {
    return transactionLabel(transaction);
  }
  const side = transaction.value_effect.startsWith('-') ? 'out of' : 'into';
  return `${reinvestmentNames[transaction.reinvestment_kind]} ${side} note ${shortId(transaction.investment_id)}`;
}
