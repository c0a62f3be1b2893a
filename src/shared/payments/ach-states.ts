/**
 * How a transfer rail's states map onto PRODUCT.md 39's payment states (decision 1500), and
 * what the common ACH return codes mean, for investors and staff alike.
 */
import type { AchPaymentStatus } from '../ledger/ledger-model';

/**
 * Plaid Transfer's event types that move a payment: a transfer's own states. `pending`
 * (created at Plaid, not yet sent to the network) is already "accepted by the provider": the
 * payment is `posted`. The payment keeps the latest of them as its `provider_status`.
 */
export const plaidEventStatuses: Readonly<Record<string, AchPaymentStatus>> = {
  pending: 'posted',
  posted: 'posted',
  settled: 'settled',
  funds_available: 'settled',
  failed: 'failed',
  returned: 'returned',
  cancelled: 'cancelled',
};

/**
 * The other event types Plaid documents for /transfer/event/sync: money moving between Plaid and
 * the platform's own accounts (sweeps), Plaid's guarantee and return recovery, refunds (the
 * platform makes none). They say nothing about whether the investor's money moved: they are
 * stored (ach_provider_events) and move no payment.
 */
export const plaidEventsThatMoveNoPayment: readonly string[] = [
  'guaranteed',
  'guarantee_reimbursed',
  'client_return_recovered',
  'plaid_return_recovered',
  'swept',
  'swept_settled',
  'return_swept',
  'sweep.pending',
  'sweep.posted',
  'sweep.settled',
  'sweep.returned',
  'sweep.failed',
  'sweep.funds_available',
  'refund.pending',
  'refund.cancelled',
  'refund.failed',
  'refund.posted',
  'refund.settled',
  'refund.returned',
  'refund.swept',
  'refund.return_swept',
];

const statusRank: Record<AchPaymentStatus, number> = {
  pending: 0,
  posted: 1,
  settled: 2,
  failed: 3,
  returned: 3,
  cancelled: 3,
};

/** The end states of a payment whose money did not arrive: everything but `settled`. */
export type AchSetbackOutcome = Extract<AchPaymentStatus, 'failed' | 'returned' | 'cancelled'>;

/**
 * Whether a payment in this state did not go through. PRODUCT.md 36 and 39: only `settled`
 * counts as paid, so a funding debit that ends in any of these cancels its note alike.
 */
export function isAchSetback(status: AchPaymentStatus): status is AchSetbackOutcome {
  return status === 'failed' || status === 'returned' || status === 'cancelled';
}

/** The reason kept for a transfer cancelled at the rail, which gives none (PRODUCT.md 39: withdrawn before sending). */
export const cancelledTransferReason = 'Cancelled before any money moved';

/**
 * Whether a payment in `from` may move to `to`. States only move forward; the one way out of
 * `settled` is `returned` (a bank may return a debit or credit days after it settled).
 */
export function isAchTransitionAllowed(from: AchPaymentStatus, to: AchPaymentStatus): boolean {
  if (from === to) return false;
  if (from === 'settled') return to === 'returned';
  return statusRank[to] > statusRank[from];
}

/** The ACH return codes the rail names (Nacha), with a plain description. */
export const achReturnCodeLabels: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account, or unable to locate the account',
  R04: 'Invalid account number',
  R05: 'Unauthorized debit to a consumer account',
  R06: 'Returned at the originator’s request',
  R07: 'Authorization revoked by the customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises the debit was not authorized',
  R11: 'Customer advises the entry does not match the authorization',
  R12: 'Account sold to another bank',
  R14: 'Account holder deceased',
  R15: 'Beneficiary deceased',
  R16: 'Account frozen',
  R17: 'File record edit criteria',
  R20: 'Non-transaction account',
  R23: 'Credit entry refused by the receiver',
  R24: 'Duplicate entry',
  R29: 'Corporate customer advises the debit was not authorized',
};

/** "R01 Insufficient funds", or the provider's own description for a code not in the table. */
export function describeAchReturn(code: string | null, providerDescription: string | null): string {
  if (code) return `${code} ${achReturnCodeLabels[code] ?? providerDescription ?? 'Returned by the bank'}`;
  return providerDescription ?? 'Refused by the bank';
}
