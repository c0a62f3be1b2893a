import { randomUUID } from 'node:crypto';
import type { IdentityForm } from '../../shared/banking/identity';

/** The identity a KYC vendor checks (the validated identity form; the SSN is nine digits). */
export type KycIdentity = IdentityForm;

export type KycOutcome =
  | { status: 'approved'; reference: string }
  | { status: 'rejected'; reference: string }
  | { status: 'review'; reference: string };

export interface KycProvider {
  readonly name: 'sandbox';
  /** Checks an identity; never logs or keeps what it was given. */
  verifyIdentity(identity: KycIdentity): Promise<KycOutcome>;
}

/** The SSN the sandbox refuses, so the rejected path can be tried (PRODUCT.md 22). */
export const SANDBOX_REJECTED_SSN = '111111111';

/**
 * The local stand-in for a KYC vendor: approves any identity that passed the form's rules,
 * except SSN 111-11-1111, which it rejects.
 */
export function sandboxKycProvider(): KycProvider {
  return {
    name: 'sandbox',
    async verifyIdentity(identity) {
      const reference = `kyc_sandbox_${randomUUID()}`;
      if (identity.ssn === SANDBOX_REJECTED_SSN) return { status: 'rejected', reference };
      return { status: 'approved', reference };
    },
  };
}
