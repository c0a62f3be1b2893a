/**
 * How a transfer rail's states map onto PRODUCT.md 39's payment states (decision 1500), and
 * what the common ACH return codes mean, for investors and staff alike.
 */
import type { AchPaymentStatus } from '../ledger/ledger-model';

/**
 * Plaid Transfer's event types that move a payment. `pending` (created at Plaid, not yet sent
 * to the network) is already "accepted by the provider": the payment is `posted`.
 * Events not listed (guarantee, sweep, refund events) are kept but move no payment.
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

const statusRank: Record<AchPaymentStatus, number> = {
  pending: 0,
  posted: 1,
  settled: 2,
  failed: 3,
  returned: 3,
  cancelled: 3,
};

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
