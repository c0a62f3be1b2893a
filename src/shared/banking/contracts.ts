/**
 * Contracts of bank linking (spec 3, 4 and 7): the bank account as shown, the identity (KYC)
 * step, the two bank-connection functions and micro-deposit verification. Used by the
 * routes, the web client and the sandbox Link page alike.
 */
import { z } from 'zod';
import { watchlistStatuses } from './watchlist';
import { bankAccountTypes } from './bank-account-numbers';

export const bankVerificationStatuses = ['pending', 'micro_deposits_pending', 'verified', 'failed'] as const;
export type BankVerificationStatus = (typeof bankVerificationStatuses)[number];

export const bankAccountView = z.object({
  id: z.uuid(),
  institution_name: z.string(),
  /** An image URL or a data: URL; null shows the institution's initials. */
  institution_logo: z.string().nullable(),
  account_type: z.enum(bankAccountTypes),
  account_name: z.string().nullable(),
  account_last_four: z.string().regex(/^\d{4}$/),
  is_primary: z.boolean(),
  verification_status: z.enum(bankVerificationStatuses),
  linked_at: z.string(),
  verified_at: z.string().nullable(),
  /** Set on a new account that will replace the primary once verified (bank change). */
  replaces_bank_account_id: z.uuid().nullable(),
  /** Wrong micro-deposit tries left, while micro_deposits_pending. */
  micro_deposit_attempts_left: z.number().int().nonnegative().nullable(),
  /**
   * Outside production, the sandbox bank's "statement" showing the two deposits it sent, so
   * the journey can be finished without a real bank. Always null for real providers.
   */
  sandbox_statement: z.array(z.string()).nullable(),
});
export type BankAccountView = z.infer<typeof bankAccountView>;

// ---------------------------------------------------------------- identity (KYC)

export const identityStatuses = ['not_started', 'approved', 'rejected', 'review'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

export const identityStatusResponse = z.object({
  /** `review` is a pending verification (re-check it); `rejected` a failed one (try again). */
  status: z.enum(identityStatuses),
  /** Legal name on file, when approved. */
  legal_name: z.string().nullable(),
  ssn_last_four: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** Watchlist (OFAC) screening of the newest verification; a `hit` pauses purchases. */
  watchlist: z.enum(watchlistStatuses),
  /** Whether a pending verification may be read again from the provider now. */
  can_recheck: z.boolean(),
});
export type IdentityStatusResponse = z.infer<typeof identityStatusResponse>;

/** The identity form on the wire (spec 3 field names); the rules live in identity.ts. */
export const identitySubmission = z.object({
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  dateOfBirth: z.string().max(40).optional(),
  ssn: z.string().max(40).optional(),
  address1: z.string().max(300).optional(),
  address2: z.string().max(300).optional(),
  city: z.string().max(200).optional(),
  state: z.string().max(40).optional(),
  postalCode: z.string().max(40).optional(),
});

export const identitySubmitResponse = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  /** The first rule a field broke, by field name, so the form can show it in place. */
  field_errors: z.record(z.string(), z.string()).nullable(),
  identity: identityStatusResponse.nullable(),
});
export type IdentitySubmitResponse = z.infer<typeof identitySubmitResponse>;

// ---------------------------------------------------------------- bank-connection functions (spec 7)

export const bankProviderKinds = ['sandbox', 'plaid'] as const;
export type BankProviderKind = (typeof bankProviderKinds)[number];

export const linkTokenRequest = z.object({
  /** Accepted for the spec's payload; it must be the caller's own (PRODUCT.md 2). */
  user_id: z.string().max(64).optional(),
  redirect_uri: z.string().max(512).optional(),
});

export const linkTokenResponse = z.object({
  link_token: z.string().nullable(),
  /** The page the popup opens: the provider's hosted Link, or the sandbox's. */
  link_url: z.string().nullable(),
  expiration: z.string().nullable(),
  provider: z.enum(bankProviderKinds).nullable(),
  /** "Plaid" or "Sandbox", for the spec's 'Failed to initialize {provider} Link'. */
  provider_name: z.string().nullable(),
  /** True when this link replaces a verified primary account (bank change). */
  is_bank_change: z.boolean(),
  error: z.string().nullable(),
  /** The AppError code of a failure ('step_up_required' asks for a fresh SMS code first). */
  error_code: z.string().nullable(),
});
export type LinkTokenResponse = z.infer<typeof linkTokenResponse>;

export const linkMetadata = z.looseObject({
  institution: z
    .object({ id: z.string().max(100).nullable(), name: z.string().max(200) })
    .nullable()
    .optional(),
  account: z
    .object({
      id: z.string().max(100).nullable(),
      name: z.string().max(200).nullable(),
      mask: z.string().max(8).nullable(),
      type: z.string().max(40).nullable(),
    })
    .nullable()
    .optional(),
});

export const exchangeRequest = z.object({
  link_token: z.string().min(1).max(4000),
  public_token: z.string().max(4000).optional(),
  oauth_state_id: z.string().max(200).optional(),
  investor_id: z.string().max(64).optional(),
  account_id: z.string().max(100).optional(),
  metadata: linkMetadata.optional(),
});
export type ExchangeRequest = z.infer<typeof exchangeRequest>;

export const exchangeResponse = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  bank_account: bankAccountView.nullable(),
});
export type ExchangeResponse = z.infer<typeof exchangeResponse>;

/** What the Link popup posts to its opener (spec 7: "a message with action success or exit"). */
export const linkPopupMessage = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('success'),
    public_token: z.string().optional(),
    oauth_state_id: z.string().optional(),
    account_id: z.string().optional(),
    metadata: linkMetadata.optional(),
  }),
  z.object({
    action: z.literal('exit'),
    /** Set when the popup could not start its session or failed on the way. */
    error: z.enum(['init_failed', 'link_failed']).optional(),
  }),
]);
export type LinkPopupMessage = z.infer<typeof linkPopupMessage>;

// ---------------------------------------------------------------- accounts

export const bankAccountResponse = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  bank_account: bankAccountView.nullable(),
});
export type BankAccountResponse = z.infer<typeof bankAccountResponse>;

export const bankAccountsResponse = z.object({ bank_accounts: z.array(bankAccountView) });
export type BankAccountsResponse = z.infer<typeof bankAccountsResponse>;

// ---------------------------------------------------------------- sandbox Link page

export const sandboxInstitution = z.object({
  id: z.string(),
  name: z.string(),
  /** The brand colour of the initials badge. */
  color: z.string(),
  accounts: z.array(
    z.object({ id: z.string(), name: z.string(), type: z.enum(bankAccountTypes), mask: z.string() }),
  ),
});
export type SandboxInstitution = z.infer<typeof sandboxInstitution>;

export const sandboxSessionResponse = z.object({
  institutions: z.array(sandboxInstitution),
  expires_at: z.string(),
});
export type SandboxSessionResponse = z.infer<typeof sandboxSessionResponse>;

export const sandboxSelection = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('institution'),
    institution_id: z.string().max(100),
    account_id: z.string().max(100),
  }),
  z.object({
    kind: z.literal('manual'),
    routing_number: z.string().max(40),
    account_number: z.string().max(40),
    account_type: z.enum(bankAccountTypes),
  }),
]);
export type SandboxSelection = z.infer<typeof sandboxSelection>;

export const sandboxPublicTokenRequest = z.object({
  link_token: z.string().min(1).max(4000),
  selection: sandboxSelection,
});

export const sandboxPublicTokenResponse = z.object({
  public_token: z.string(),
  account_id: z.string(),
  metadata: linkMetadata,
});
export type SandboxPublicTokenResponse = z.infer<typeof sandboxPublicTokenResponse>;
