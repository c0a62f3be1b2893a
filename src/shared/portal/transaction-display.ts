/**
 * How ledger entries read on the investor's screens and exports: the short ids of the
 * detail panel and the sign in front of each amount.
 */
import type { TransactionType } from '../ledger/ledger-model';
import { investmentTypeLabel, ratePercent } from '../products/plans';

/** Ids are shown as their first 8 characters (spec 9). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** The purchase reference shown after BUY: the investment id's first 8 characters, uppercase. */
export function purchaseReference(investmentId: string): string {
  return shortId(investmentId).toUpperCase();
}

/**
 * "+" for money that came to the investor or into a note, "-" for money that left it.
 * Standard interest does not change a note's value (it goes to the bank) but is still
 * income, so it reads "+". A reinvestment, a reversal or an adjustment takes the sign of its value effect.
 */
export function amountSign(type: TransactionType | string, valueEffect: string): '+' | '-' {
  if (type === 'withdrawal' || type === 'redemption_penalty') return '-';
  if (type === 'reinvestment' || type === 'reversal' || type === 'adjustment')
    return valueEffect.trim().startsWith('-') ? '-' : '+';
  return '+';
}

/** "+1234.56" / "-1234.56": the signed amount as a decimal string. */
export function signedAmount(type: TransactionType | string, amount: string, valueEffect: string): string {
  return `${amountSign(type, valueEffect)}${amount.replace(/^[-+]/, '')}`;
}

/** The List view's tabs and the ledger types each shows. */
export const transactionFilters = ['all', 'interest', 'withdrawals'] as const;
export type TransactionFilter = (typeof transactionFilters)[number];

export const transactionFilterTypes: Record<TransactionFilter, readonly TransactionType[] | null> = {
  all: null,
  interest: ['interest_payment'],
  withdrawals: ['withdrawal', 'redemption_penalty'],
};

/** The By Investment view's type filter. */
export const investmentFilters = ['all', 'standard', 'high_yield'] as const;
export type InvestmentFilter = (typeof investmentFilters)[number];

/** Page sizes offered in the By Investment view (spec 9); the first is the default. */
export const pageSizes = [10, 20, 50] as const;
export type PageSize = (typeof pageSizes)[number];

/** The note an entry belongs to, as rows name it: plan, rate and short id ("High-Yield · 9.4% · 1a2b3c4d"). */
export function noteLabel(note: {
  investment_type: string;
  interest_rate_annual: string;
  investment_id: string;
}): string {
  return `${investmentTypeLabel(note.investment_type)} · ${ratePercent(note.interest_rate_annual)}% · ${shortId(note.investment_id)}`;
}

/** An entry's change to the balance as the investor reads it: "+$25.00", "-$1,000.00", or "No change". */
export function balanceChangeText(valueEffect: string, formatAmount: (amount: string) => string): string {
  const trimmed = valueEffect.trim();
  if (/^[-+]?0*(\.0*)?$/.test(trimmed)) return 'No change';
  return `${trimmed.startsWith('-') ? '-' : '+'}${formatAmount(trimmed.replace(/^[-+]/, ''))}`;
}

/** A value effect as a signed two-place decimal string: "+25.00", "-1000.00", "0.00". */
export function signedValueEffect(valueEffect: string): string {
  const trimmed = valueEffect.trim();
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = trimmed.replace(/^[-+]/, '').split('.');
  const text = `${BigInt(whole || '0')}.${(fraction + '00').slice(0, 2)}`;
  if (/^0\.00$/.test(text)) return '0.00';
  return `${negative ? '-' : '+'}${text}`;
}
