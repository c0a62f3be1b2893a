/**
 * How ledger entries read on the investor's screens and exports: the short ids of the
 * detail panel and the sign in front of each amount.
 */
import type { TransactionType } from '../ledger/ledger-model';

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
 * income, so it reads "+". A reinvestment or a reversal takes the sign of its value effect.
 */
export function amountSign(type: TransactionType | string, valueEffect: string): '+' | '-' {
  if (type === 'withdrawal') return '-';
  if (type === 'reinvestment' || type === 'reversal') return valueEffect.trim().startsWith('-') ? '-' : '+';
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
  withdrawals: ['withdrawal'],
};

/** The By Investment view's type filter. */
export const investmentFilters = ['all', 'standard', 'high_yield'] as const;
export type InvestmentFilter = (typeof investmentFilters)[number];

/** Page sizes offered in the By Investment view (spec 9); the first is the default. */
export const pageSizes = [10, 20, 50] as const;
export type PageSize = (typeof pageSizes)[number];
