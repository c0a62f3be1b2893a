/**
 * The bank-connection provider (PRODUCT.md 23): Plaid through its official SDK when
 * PLAID_* is set, otherwise the local sandbox. Both open a hosted Link page in a popup
 * (Plaid Hosted Link, or the sandbox's own page), so no third-party script runs in the app.
 */
import type { BankAccountType } from '../../shared/banking/bank-account-numbers';
import type { BankProviderKind } from '../../shared/banking/contracts';

export interface LinkSessionStart {
  /** The provider's own link token; the platform wraps it before it reaches the browser. */
  providerLinkToken: string;
  /** The provider's hosted Link page, or null when this app serves the page (sandbox). */
  hostedLinkUrl: string | null;
  /** When the provider stops accepting the token, if it says. */
  expiresAt: Date | null;
}

export type LinkedAccountVerification =
  | { status: 'verified' }
  | { status: 'pending' }
  | { status: 'micro_deposits_pending'; amounts: [string, string] };

/** One account the investor linked, as the provider reports it. Numbers stay in memory until encrypted. */
export interface LinkedBankAccount {
  itemId: string | null;
  accessToken: string | null;
  providerAccountId: string;
  institutionName: string;
  institutionLogo: string | null;
  accountName: string | null;
  accountType: BankAccountType;
  accountLastFour: string;
  accountNumber: string | null;
  routingNumber: string | null;
  verification: LinkedAccountVerification;
}

export interface BankConnectionProvider {
  readonly kind: BankProviderKind;
  /** Shown in 'Failed to initialize {name} Link'. */
  readonly displayName: string;
  createLinkSession(input: {
    clientUserId: string;
    clientName: string;
    /** The OAuth return page (spec 7: /settings). */
    redirectUri: string;
    /** Where the hosted page goes when the investor is done. */
    completionRedirectUri: string;
  }): Promise<LinkSessionStart>;
  /** Turns a finished Link session (a public token, or the session's own results) into the chosen account. */
  completeLink(input: {
    providerLinkToken: string;
    clientUserId: string;
    publicToken: string | null;
    accountId: string | null;
  }): Promise<LinkedBankAccount>;
  /** Asks the provider whether a pending account has been verified since; null when it cannot tell. */
  refreshVerification(input: {
    accessToken: string | null;
    providerAccountId: string | null;
  }): Promise<'verified' | 'pending' | 'failed' | null>;
}

/** A provider answer the platform cannot use (bad token, unsupported account): shown as a link failure. */
export class BankConnectionError extends Error {
  override name = 'BankConnectionError';
  constructor(
    message: string,
    readonly reason: 'invalid_token' | 'expired' | 'unsupported_account' | 'provider_error',
  ) {
    super(message);
  }
}
