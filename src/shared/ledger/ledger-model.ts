/**
 * The ledger model (PRODUCT.md 11-13, 17). Every later feature builds on these
 * definitions rather than redefining them.
 *
 * - investment_transactions is append-only. Each entry has a positive `amount`
 *   and a signed `value_effect`: the change it makes to its note's value.
 * - A note's value = sum(value_effect) of its entries
 *   (purchase + credited interest - withdrawals, +/- reinvestments, reversals).
 * - total_balance = sum of values of the investor's active and matured notes.
 * - Accrued-but-unposted interest is never in a balance; it is shown apart.
 */
import type { InvestmentType } from '../products/plans';

export const transactionTypes = [
  'purchase',
  'interest_payment',
  'withdrawal',
  'reinvestment',
  'reversal',
  'adjustment',
  /** An early redemption's penalty (decision 1951): 90 days' interest, out of the note's value. */
  'redemption_penalty',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const investmentStatuses = ['active', 'matured', 'withdrawn', 'cancelled'] as const;
export type InvestmentStatus = (typeof investmentStatuses)[number];

/** Notes whose value counts toward the investor's balance. */
export const balanceStatuses: readonly InvestmentStatus[] = ['active', 'matured'];

export const achPaymentTypes = ['funding', 'interest', 'withdrawal'] as const;
export type AchPaymentType = (typeof achPaymentTypes)[number];
/**
 * PRODUCT.md 39: `pending` created, not yet sent; `posted` accepted by the provider, in flight;
 * `settled` money moved (shown as completed; the only paid state); `failed` refused before
 * moving; `returned` moved, then returned by the receiving bank with its R code; `cancelled`
 * withdrawn before sending.
 */
export const achPaymentStatuses = [
  'pending',
  'posted',
  'settled',
  'failed',
  'returned',
  'cancelled',
] as const;
export type AchPaymentStatus = (typeof achPaymentStatuses)[number];

export const withdrawalStatuses = ['pending', 'paid', 'cancelled', 'failed'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/**
 * Whether interest on a note of this type is credited to the note (grows its value)
 * or paid out to the bank (does not).
 */
export function isInterestCreditedToNote(investmentType: InvestmentType): boolean {
  return investmentType === 'high_yield';
}

export type ValueDirection = 'in' | 'out' | 'none';

/**
 * The direction an entry moves its note's value, by type. Reinvestment is "out" on the
 * note funds leave and "in" on the note they enter; a reversal is the opposite of the
 * entry it reverses.
 */
export function expectedValueDirection(
  type: TransactionType,
  investmentType: InvestmentType,
): ValueDirection | 'either' {
  switch (type) {
    case 'purchase':
      return 'in';
    case 'interest_payment':
      return isInterestCreditedToNote(investmentType) ? 'in' : 'none';
    case 'withdrawal':
    case 'redemption_penalty':
      return 'out';
    case 'reinvestment':
    case 'reversal':
    case 'adjustment':
      return 'either';
  }
}

/** Interest convention (PRODUCT.md 13): simple, Actual/365 fixed, on principal. */
export const DAY_COUNT_BASIS = 365;
