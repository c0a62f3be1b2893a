import {
  Configuration,
  IDNumberType,
  type IdentityVerificationGetResponse,
  IdentityVerificationStatus,
  IdentityVerificationStepStatus,
  PlaidApi,
  PlaidEnvironments,
} from 'plaid';
import { type KycOutcome, type KycProvider, KycProviderError, type KycWatchlistResult } from './kyc';
import type { PlaidOptions } from './plaid-bank-connection';

export interface PlaidIdentityOptions extends PlaidOptions {
  /** The Identity Verification template (Plaid dashboard): which steps run, watchlist included. */
  templateId: string;
}

function plaidErrorCode(error: unknown): string {
  const data = (error as { response?: { data?: { error_code?: unknown } } }).response?.data;
  return typeof data?.error_code === 'string' ? data.error_code : 'PLAID_REQUEST_FAILED';
}

/** Plaid's own error code only: the request carries secrets and PII, the body may too. */
async function callPlaid<T>(operation: string, run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw new KycProviderError(`Plaid ${operation} failed: ${plaidErrorCode(error)}`);
  }
}

function statusOf(status: IdentityVerificationStatus): KycOutcome['status'] {
  switch (status) {
    case IdentityVerificationStatus.Success:
      return 'approved';
    case IdentityVerificationStatus.Active:
    case IdentityVerificationStatus.PendingReview:
      return 'review';
    default:
      // failed, expired, canceled: this attempt is over; the investor may try again.
      return 'rejected';
  }
}

function watchlistOf(step: IdentityVerificationStepStatus): KycWatchlistResult {
  switch (step) {
    case IdentityVerificationStepStatus.Success:
    case IdentityVerificationStepStatus.ManuallyApproved:
      return 'clear';
    case IdentityVerificationStepStatus.PendingReview:
    case IdentityVerificationStepStatus.Failed:
    case IdentityVerificationStepStatus.ManuallyRejected:
      return 'hit';
    default:
      return 'not_screened';
  }
}

const failingSteps = new Set<string>([
  IdentityVerificationStepStatus.Failed,
  IdentityVerificationStepStatus.ManuallyRejected,
  IdentityVerificationStepStatus.Expired,
  IdentityVerificationStepStatus.Canceled,
]);

function outcomeOf(verification: IdentityVerificationGetResponse): KycOutcome {
  const status = statusOf(verification.status);
  const failed = Object.entries(verification.steps)
    .filter(([, step]) => failingSteps.has(step))
    .map(([name]) => name);
  return {
    status,
    reference: verification.id,
    providerStatus: verification.status,
    failureReason: status === 'rejected' ? failed.join(', ') || verification.status : null,
    watchlist: watchlistOf(verification.steps.watchlist_screening),
    watchlistReference: verification.watchlist_screening_id,
  };
}

/**
 * Plaid Identity Verification through the official SDK, backend only: the wizard's own form
 * collected the identity, so it goes to /identity_verification/create with the investor's
 * consent and Plaid runs the template's steps (KYC data-source check, watchlist screening)
 * at once. /identity_verification/get reads a pending one again.
 */
export function plaidIdentityVerificationProvider(options: PlaidIdentityOptions): KycProvider {
  const basePath =
    options.basePath ??
    (options.environment === 'production' ? PlaidEnvironments.production : PlaidEnvironments.sandbox);
  const client = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret },
        timeout: 20_000,
      },
    }),
  );

  return {
    name: 'plaid',

    async verifyIdentity(identity, subject) {
      const created = await callPlaid('identity_verification/create', () =>
        client.identityVerificationCreate({
          client_user_id: subject.clientUserId,
          template_id: options.templateId,
          is_shareable: false,
          gave_consent: true,
          // A new attempt each time: a failed one is retried with corrected details.
          is_idempotent: false,
          user: {
            ...(subject.email ? { email_address: subject.email } : {}),
            date_of_birth: identity.dateOfBirth,
            name: { given_name: identity.firstName, family_name: identity.lastName },
            address: {
              street: identity.address2 ? `${identity.address1}, ${identity.address2}` : identity.address1,
              city: identity.city,
              region: identity.state,
              postal_code: identity.postalCode,
              country: 'US',
            },
            id_number: { value: identity.ssn, type: IDNumberType.UsSsn },
          },
        }),
      );
      return outcomeOf(created);
    },

    async readVerification(reference) {
      const verification = await callPlaid('identity_verification/get', () =>
        client.identityVerificationGet({ identity_verification_id: reference }),
      );
      return outcomeOf(verification);
    },
  };
}
