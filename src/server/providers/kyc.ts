import { randomUUID } from 'node:crypto';
import type { IdentityForm } from '../../shared/banking/identity';

/** The identity a KYC vendor checks (the validated identity form; the SSN is nine digits). */
export type KycIdentity = IdentityForm;

/** Who is being checked: the vendor keys its sessions on our investor id, never on PII. */
export interface KycSubject {
  clientUserId: string;
  email: string | null;
}

/** What a watchlist (OFAC) screening found; `hit` is a possible match a person must review. */
export type KycWatchlistResult = 'not_screened' | 'clear' | 'hit';

export interface KycOutcome {
  /** approved: verified; review: pending (read it again later); rejected: failed. */
  status: 'approved' | 'rejected' | 'review';
  reference: string;
  /** The vendor's own status word, kept for staff. */
  providerStatus: string;
  /** Why a verification failed, in the vendor's step names (never the data checked). */
  failureReason: string | null;
  watchlist: KycWatchlistResult;
  watchlistReference: string | null;
}

export interface KycProvider {
  readonly name: 'sandbox' | 'plaid';
  /** Checks an identity; never logs or keeps what it was given. */
  verifyIdentity(identity: KycIdentity, subject: KycSubject): Promise<KycOutcome>;
  /** Reads an earlier verification again: a pending one may have been decided since. */
  readVerification(reference: string): Promise<KycOutcome>;
}

/** The thrown error of a vendor call that did not answer (network, keys, vendor down). */
export class KycProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KycProviderError';
  }
}

/** The SSNs the sandbox treats apart, so every path can be tried (PRODUCT.md 22, decision 1520). */
export const SANDBOX_REJECTED_SSN = '111111111';
/** Pending on submit; approved when read again (the re-check button). */
export const SANDBOX_PENDING_SSN = '222222222';
/** Approved, with a possible watchlist match that pauses purchases until staff clear it. */
export const SANDBOX_WATCHLIST_HIT_SSN = '333333333';

const sandboxPrefix = 'kyc_sandbox_';

function sandboxOutcome(reference: string, kind: 'approved' | 'rejected' | 'review' | 'hit'): KycOutcome {
  return {
    status: kind === 'hit' ? 'approved' : kind,
    reference,
    providerStatus: kind === 'hit' ? 'approved' : kind,
    failureReason: kind === 'rejected' ? 'kyc_check' : null,
    watchlist: kind === 'review' || kind === 'rejected' ? 'not_screened' : kind === 'hit' ? 'hit' : 'clear',
    watchlistReference: kind === 'hit' ? `${reference}_screening` : null,
  };
}

/**
 * The local stand-in for a KYC vendor: approves any identity that passed the form's rules,
 * except the sandbox SSNs above. It keeps nothing: the reference carries what it decided.
 */
export function sandboxKycProvider(): KycProvider {
  return {
    name: 'sandbox',
    async verifyIdentity(identity) {
      const kind =
        identity.ssn === SANDBOX_REJECTED_SSN
          ? 'rejected'
          : identity.ssn === SANDBOX_PENDING_SSN
            ? 'review'
            : identity.ssn === SANDBOX_WATCHLIST_HIT_SSN
              ? 'hit'
              : 'approved';
      return sandboxOutcome(`${sandboxPrefix}${kind}_${randomUUID()}`, kind);
    },
    async readVerification(reference) {
      const kind = reference.slice(sandboxPrefix.length).split('_')[0];
      if (!reference.startsWith(sandboxPrefix) || !kind) {
        throw new KycProviderError('Unknown sandbox verification');
      }
      // A pending sandbox verification is decided (approved) by the time it is read again.
      if (kind === 'review') return sandboxOutcome(reference, 'approved');
      if (kind === 'rejected' || kind === 'hit' || kind === 'approved')
        return sandboxOutcome(reference, kind);
      throw new KycProviderError('Unknown sandbox verification');
    },
  };
}
