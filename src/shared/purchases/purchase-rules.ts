/**
 * The purchase form's rules (spec 5), checked in the spec's order by the modal on NEXT and
 * again by the server on BUY, with the spec's messages word for word.
 */
import { formatUsd } from '../format/money-format';
import { centsToMoney, parseMoneyToCents } from '../money/decimal-string';

export const purchaseMessages = {
  selectTerm: 'Please select a term length',
  validAmount: 'Please enter a valid amount',
  minimum: (minimum: string) => `Minimum purchase amount is ${formatUsd(minimum)}`,
  maximum: (maximum: string) => `Maximum purchase amount is ${formatUsd(maximum)}`,
  selectFundingAccount: 'Please select a funding account',
  fundingAccountNotVerified: 'This bank account is not verified yet. Please choose a verified account.',
  productUnavailable: 'This investment is no longer available. Please choose another term.',
  rateChanged: 'The rate for this term has changed. Please review the new rate and try again.',
  consentRequired: 'Please read and accept the Perpetual Note Agreement',
  agreementOutdated: 'The Perpetual Note Agreement has been updated. Please read it again and accept it.',
  inProgress: 'Your purchase is already being processed.',
  keyReused: 'This purchase was already submitted with different details. Please start again.',
  failedToCreate: 'Failed to create investment',
  unexpected: 'An unexpected error occurred',
} as const;

export interface PurchaseFormInput {
  /** The product of the chosen term, or null when none is chosen. */
  product: { minimum_purchase_amount: string } | null;
  amount: string;
  fundingAccountId: string;
  maximum: string;
}

/** The first rule the input breaks, or null when it may go on. */
export function purchaseFormError(input: PurchaseFormInput): string | null {
  if (!input.product) return purchaseMessages.selectTerm;
  const cents = parseMoneyToCents(input.amount);
  if (cents === null || cents <= 0n) return purchaseMessages.validAmount;
  const minimum = parseMoneyToCents(input.product.minimum_purchase_amount) ?? 0n;
  if (cents < minimum) return purchaseMessages.minimum(input.product.minimum_purchase_amount);
  const maximum = parseMoneyToCents(input.maximum);
  if (maximum !== null && cents > maximum) return purchaseMessages.maximum(input.maximum);
  if (!input.fundingAccountId.trim()) return purchaseMessages.selectFundingAccount;
  return null;
}

/** The amount as typed ("25,000", "25000.5") in the wire's two-place form, or null. */
export function normalisePurchaseAmount(amount: string): string | null {
  const cents = parseMoneyToCents(amount);
  return cents === null ? null : centsToMoney(cents);
}
