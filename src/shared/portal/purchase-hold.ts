/**
 * Why the investor cannot buy just now (issue 24 item 15, decisions 1343, 1520): one state, one
 * message and the next step, for the overview's banner. The server decides the state from the
 * identity check, the watchlist screening and the bank accounts; without zod, so the overview
 * loads no schema library for it (decision 1411).
 */
import { watchlistMessages } from '../banking/watchlist-status';

export const purchaseHolds = [
  'watchlist_review',
  'identity_needed',
  'identity_pending',
  'identity_failed',
  'bank_needed',
  'bank_confirming',
  'bank_verifying',
] as const;
export type PurchaseHold = (typeof purchaseHolds)[number];

export interface PurchaseHoldFacts {
  hasWatchlistHit: boolean;
  /** The furthest along of the current bank accounts (verified, then awaiting micro-deposits, then pending). */
  bankAccountStatus: 'verified' | 'micro_deposits_pending' | 'pending' | null;
  /** The tax record's identity check, or null when none is kept (not started, or failed). */
  identityStatus: 'approved' | 'review' | 'rejected' | null;
  /** The newest attempt failed (a failed attempt keeps no tax record). */
  hasFailedAttempt: boolean;
}

/** The one reason purchases are not possible, most pressing first; null when they are. */
export function purchaseHoldOf(facts: PurchaseHoldFacts): PurchaseHold | null {
  if (facts.hasWatchlistHit) return 'watchlist_review';
  if (facts.bankAccountStatus === 'verified') return null;
  if (facts.identityStatus === 'approved') {
    if (facts.bankAccountStatus === 'micro_deposits_pending') return 'bank_confirming';
    return facts.bankAccountStatus === 'pending' ? 'bank_verifying' : 'bank_needed';
  }
  if (facts.identityStatus === 'review') return 'identity_pending';
  if (facts.hasFailedAttempt || facts.identityStatus === 'rejected') return 'identity_failed';
  return 'identity_needed';
}

export interface PurchaseHoldMessage {
  title: string;
  body: string;
  /** The next step; none when there is nothing for the investor to do. */
  action: { label: string; to: string } | null;
}

const linkBank = '/link-bank?return=%2Faccount-overview';

export const purchaseHoldMessages: Record<PurchaseHold, PurchaseHoldMessage> = {
  watchlist_review: {
    title: 'A routine review is in progress.',
    body: watchlistMessages.purchasesPaused,
    action: null,
  },
  identity_needed: {
    title: 'Link your bank account to start investing.',
    body: 'We verify your identity and connect the bank account your investments are paid from and to. It takes a few minutes.',
    action: { label: 'Link a bank account', to: linkBank },
  },
  identity_pending: {
    title: 'We are verifying your identity.',
    body: 'Purchases open once our verification partner confirms your details, usually within minutes and at most one business day. We will e-mail you when it is decided.',
    action: { label: 'See the progress', to: linkBank },
  },
  identity_failed: {
    title: 'We could not verify your identity.',
    body: 'Purchases open once your identity is verified. Check your legal name, date of birth, Social Security number and home address, then try again.',
    action: { label: 'Try again', to: linkBank },
  },
  bank_needed: {
    title: 'Link a bank account to invest.',
    body: 'Your identity is verified. Link the bank account your investments are paid from and to.',
    action: { label: 'Link a bank account', to: linkBank },
  },
  bank_confirming: {
    title: 'Confirm your bank account to invest.',
    body: 'We sent two small deposits to your bank account. Enter their amounts in Settings to finish verification.',
    action: { label: 'Enter the amounts', to: '/settings?from=%2Faccount-overview#bank-account' },
  },
  bank_verifying: {
    title: 'Your bank account is being verified.',
    body: 'Purchases open once your bank confirms the account, usually within 1-2 business days. We will let you know.',
    action: null,
  },
};
