/**
 * The complete schema for both specs and PRODUCT.md. Enumerations are CHECK constraints,
 * money is numeric(14,2), rates are numeric fractions. The ledger model is described in
 * src/shared/ledger/ledger-model.ts.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
/** A uuid that starts with its creation time (time_ordered_uuid(), migration 0340). */
const timeOrderedId = () => uuid('id').primaryKey().default(sql`time_ordered_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 9, scale: 6 });
const at = (name: string) => timestamp(name, { withTimezone: true });

function inList(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
}

// ---------------------------------------------------------------- identity

/** An investor's sign-in identity. The investor record (profile) is created when the e-mail is verified. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    emailVerifiedAt: at('email_verified_at'),
    phoneE164: text('phone_e164'),
    phoneVerifiedAt: at('phone_verified_at'),
    passwordHash: text('password_hash'),
    passwordSetAt: at('password_set_at'),
    /** Full sessions started so far: 0 until the first sign-in, more than 1 for a returning visitor. */
    signInCount: integer('sign_in_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    index('users_phone_idx').on(table.phoneE164),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'full' sessions act for the user; 'second_factor' ones only allow the SMS step after a password. */
    kind: text('kind').notNull().default('full'),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** The last time the user proved a fresh SMS code (step-up for sensitive actions). */
    steppedUpAt: at('stepped_up_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
    index('sessions_expires_idx').on(table.expiresAt),
    check('sessions_kind_check', inList('kind', ['full', 'second_factor'])),
  ],
);

export const oneTimeTokenPurposes = ['magic_link', 'password_reset', 'email_change'] as const;

/** Magic links and other e-mailed tokens: only a hash is stored; single use, short-lived. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    redirectTo: text('redirect_to'),
    referralCode: text('referral_code'),
    /** SHA-256 of the requesting browser's link cookie: only there does /auth/confirm post by itself. */
    browserBindingHash: text('browser_binding_hash'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [
    uniqueIndex('one_time_tokens_hash_key').on(table.tokenHash),
    index('one_time_tokens_expires_idx').on(table.expiresAt),
    check('one_time_tokens_purpose_check', inList('purpose', oneTimeTokenPurposes)),
  ],
);

export const smsCodePurposes = [
  'verify_phone',
  'sign_in',
  'second_factor',
  'step_up',
  'change_phone',
] as const;

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    phoneE164: text('phone_e164').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (table) => [
    index('sms_codes_phone_idx').on(table.phoneE164, table.purpose, table.createdAt),
    index('sms_codes_expires_idx').on(table.expiresAt),
    check('sms_codes_purpose_check', inList('purpose', smsCodePurposes)),
  ],
);

/** Fixed-window counters shared by every app instance. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_expires_idx').on(table.expiresAt),
  ],
);

// ---------------------------------------------------------------- investors

export const investorStatuses = ['pending', 'active', 'suspended', 'closed'] as const;

export const investors = pgTable(
  'investors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    status: text('status').notNull().default('pending'),
    /** Why staff last suspended, reinstated or closed the investor (migration 0170). */
    statusReason: text('status_reason'),
    statusChangedAt: at('status_changed_at'),
    referralCode: text('referral_code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('investors_user_key').on(table.userId),
    uniqueIndex('investors_referral_code_key').on(table.referralCode),
    index('investors_created_idx').on(table.createdAt),
    index('investors_email_lower_idx').on(sql`lower(${table.email})`),
    index('investors_phone_idx').on(table.phone),
    index('investors_status_idx').on(table.status),
    check('investors_status_check', inList('status', investorStatuses)),
  ],
);

export const onboardingSteps = ['email', 'phone', 'password'] as const;

export const investorOnboarding = pgTable(
  'investor_onboarding',
  {
    investorId: uuid('investor_id')
      .primaryKey()
      .references(() => investors.id, { onDelete: 'cascade' }),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    passwordVerified: boolean('password_verified').notNull().default(false),
    lastStepCompleted: text('last_step_completed'),
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
  },
  () => [
    check(
      'investor_onboarding_step_check',
      sql.raw(`last_step_completed is null or last_step_completed in ('email', 'phone', 'password')`),
    ),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    referrerInvestorId: uuid('referrer_investor_id')
      .notNull()
      .references(() => investors.id),
    referredInvestorId: uuid('referred_investor_id')
      .notNull()
      .references(() => investors.id),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('referrals_referred_key').on(table.referredInvestorId),
    index('referrals_referrer_idx').on(table.referrerInvestorId),
  ],
);

/** The tax record a payer must keep (PRODUCT.md 22). The SSN is stored only encrypted. */
export const taxRecords = pgTable(
  'tax_records',
  {
    investorId: uuid('investor_id')
      .primaryKey()
      .references(() => investors.id, { onDelete: 'cascade' }),
    legalFirstName: text('legal_first_name').notNull(),
    legalLastName: text('legal_last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    ssnEncrypted: text('ssn_encrypted').notNull(),
    ssnLastFour: text('ssn_last_four').notNull(),
    /** What ssn_encrypted holds: an SSN or an ITIN (both nine digits). */
    tinType: text('tin_type').notNull().default('ssn'),
    kycStatus: text('kyc_status').notNull(),
    kycProvider: text('kyc_provider').notNull(),
    kycReference: text('kyc_reference'),
    kycCheckedAt: at('kyc_checked_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('tax_records_kyc_status_check', inList('kyc_status', ['approved', 'rejected', 'review'])),
    check('tax_records_tin_type_check', inList('tin_type', ['ssn', 'itin'])),
  ],
);

export const taxRecordChangeActions = ['added', 'changed'] as const;

/**
 * Who added or changed a tax record, when, from where and which parts (issue 13 item 14).
 * Field names only: the values stay in tax_records, and a TIN appears as its last four.
 */
export const taxRecordChanges = pgTable(
  'tax_record_changes',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    action: text('action').notNull(),
    changedFields: text('changed_fields').array().notNull(),
    tinLastFourBefore: text('tin_last_four_before'),
    tinLastFourAfter: text('tin_last_four_after').notNull(),
    kycStatus: text('kyc_status').notNull(),
    kycReference: text('kyc_reference'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('tax_record_changes_investor_idx').on(table.investorId, table.createdAt),
    check('tax_record_changes_action_check', inList('action', taxRecordChangeActions)),
  ],
);

/**
 * Every identity verification the KYC provider ran, pending and failed ones too, with its
 * watchlist (OFAC) screening (issue 15, decision 1520). No PII: that stays in tax_records.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    /** The provider's own word (Plaid: active, success, failed, pending_review, ...). */
    providerStatus: text('provider_status').notNull(),
    failureReason: text('failure_reason'),
    watchlistStatus: text('watchlist_status').notNull(),
    watchlistReference: text('watchlist_reference'),
    watchlistClearedAt: at('watchlist_cleared_at'),
    watchlistClearedBy: uuid('watchlist_cleared_by').references(() => adminUsers.id),
    watchlistClearReason: text('watchlist_clear_reason'),
    createdAt: createdAt(),
    checkedAt: at('checked_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_verifications_reference_key').on(table.provider, table.reference),
    index('identity_verifications_investor_idx').on(table.investorId, table.createdAt.desc()),
    index('identity_verifications_hits_idx').on(table.investorId).where(sql`watchlist_status = 'hit'`),
    check('identity_verifications_status_check', inList('status', ['approved', 'review', 'rejected'])),
    check(
      'identity_verifications_watchlist_check',
      inList('watchlist_status', ['not_screened', 'clear', 'hit', 'cleared']),
    ),
    check(
      'identity_verifications_cleared_check',
      sql.raw(
        `(watchlist_status = 'cleared') = (watchlist_cleared_at is not null and watchlist_cleared_by is not null and watchlist_clear_reason is not null)`,
      ),
    ),
  ],
);

export const bankVerificationStatuses = ['pending', 'micro_deposits_pending', 'verified', 'failed'] as const;

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    provider: text('provider').notNull(),
    providerItemId: text('provider_item_id'),
    providerAccountId: text('provider_account_id'),
    accessTokenEncrypted: text('access_token_encrypted'),
    institutionName: text('institution_name').notNull(),
    institutionLogo: text('institution_logo'),
    accountType: text('account_type').notNull(),
    accountName: text('account_name'),
    accountLastFour: text('account_last_four').notNull(),
    accountNumberEncrypted: text('account_number_encrypted'),
    routingNumber: text('routing_number'),
    isPrimary: boolean('is_primary').notNull().default(false),
    verificationStatus: text('verification_status').notNull().default('pending'),
    microDeposit1: money('micro_deposit_1'),
    microDeposit2: money('micro_deposit_2'),
    microDepositFailedAttempts: integer('micro_deposit_failed_attempts').notNull().default(0),
    /** The account this one replaces once verified (bank change). */
    replacesBankAccountId: uuid('replaces_bank_account_id').references((): AnyPgColumn => bankAccounts.id),
    linkedAt: at('linked_at').notNull().defaultNow(),
    verifiedAt: at('verified_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('bank_accounts_investor_idx').on(table.investorId),
    uniqueIndex('bank_accounts_one_primary_key')
      .on(table.investorId)
      .where(sql`is_primary and deleted_at is null`),
    check('bank_accounts_verification_check', inList('verification_status', bankVerificationStatuses)),
    check('bank_accounts_type_check', inList('account_type', ['checking', 'savings'])),
    check('bank_accounts_provider_check', inList('provider', ['sandbox', 'plaid', 'manual'])),
    check('bank_accounts_last_four_check', sql.raw(`account_last_four ~ '^[0-9]{4}$'`)),
  ],
);

export const notificationKinds = [
  'investment_purchase',
  'interest_payment',
  'withdrawal_confirmation',
  'account_verification',
  'marketing',
] as const;

export const notificationPreferences = pgTable('notification_preferences', {
  investorId: uuid('investor_id')
    .primaryKey()
    .references(() => investors.id, { onDelete: 'cascade' }),
  investmentPurchaseEmail: boolean('investment_purchase_email').notNull().default(true),
  investmentPurchaseSms: boolean('investment_purchase_sms').notNull().default(false),
  interestPaymentEmail: boolean('interest_payment_email').notNull().default(true),
  interestPaymentSms: boolean('interest_payment_sms').notNull().default(false),
  withdrawalConfirmationEmail: boolean('withdrawal_confirmation_email').notNull().default(true),
  withdrawalConfirmationSms: boolean('withdrawal_confirmation_sms').notNull().default(false),
  accountVerificationEmail: boolean('account_verification_email').notNull().default(true),
  accountVerificationSms: boolean('account_verification_sms').notNull().default(false),
  monthlyStatementEmail: boolean('monthly_statement_email').notNull().default(true),
  monthlyStatementSms: boolean('monthly_statement_sms').notNull().default(false),
  marketingEmail: boolean('marketing_email').notNull().default(false),
  marketingSms: boolean('marketing_sms').notNull().default(false),
  /** TCPA consent recorded when marketing SMS is switched on. */
  marketingSmsConsentAt: at('marketing_sms_consent_at'),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- products and the ledger

export const investmentProducts = pgTable(
  'investment_products',
  {
    id: id(),
    displayName: text('display_name').notNull(),
    investmentType: text('investment_type').notNull().default('standard'),
    description: text('description'),
    interestRateAnnual: rate('interest_rate_annual').notNull(),
    termYears: integer('term_years').notNull(),
    minimumPurchaseAmount: money('minimum_purchase_amount').notNull(),
    availableFrom: date('available_from', { mode: 'string' }),
    availableUntil: date('available_until', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    /** The offering the product is sold under (migration 0430); the default offering when none is given. */
    offeringId: uuid('offering_id')
      .notNull()
      .default(sql`default_offering_id()`)
      .references((): AnyPgColumn => offerings.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('investment_products_offering_idx').on(table.offeringId),
    index('investment_products_type_term_idx').on(table.investmentType, table.termYears),
    check('investment_products_type_check', inList('investment_type', ['standard', 'high_yield'])),
    check('investment_products_term_check', sql.raw('term_years >= 1')),
    check('investment_products_rate_check', sql.raw('interest_rate_annual > 0 and interest_rate_annual < 1')),
    check('investment_products_minimum_check', sql.raw('minimum_purchase_amount > 0')),
    check(
      'investment_products_window_check',
      sql.raw('available_from is null or available_until is null or available_from <= available_until'),
    ),
  ],
);

export const adminRoles = ['super_admin', 'operations', 'support'] as const;

export const adminUsers = pgTable(
  'admin_users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: at('last_login_at'),
    /** The TOTP secret, sealed with FIELD_ENCRYPTION_KEY (decision 1601); null until enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The last accepted TOTP time step: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    deactivatedAt: at('deactivated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('admin_users_email_lower_key').on(sql`lower(${table.email})`),
    check('admin_users_role_check', inList('role', adminRoles)),
  ],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: id(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    csrfTokenHash: text('csrf_token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('admin_sessions_token_hash_key').on(table.tokenHash),
    index('admin_sessions_admin_idx').on(table.adminUserId),
    index('admin_sessions_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Append-only (decision 1600): triggers refuse UPDATE and DELETE. One row per admin write,
 * sign-in or failed sign-in, written by recordAdminAudit in the change's own transaction.
 * `before`/`after` hold only the fields that changed (secrets redacted).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorAdminId: uuid('actor_admin_id').references(() => adminUsers.id),
    actorEmail: text('actor_email'),
    ipAddress: text('ip_address'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('admin_audit_log_occurred_idx').on(sql`${table.occurredAt} DESC`, sql`${table.id} DESC`),
    index('admin_audit_log_actor_idx').on(
      table.actorAdminId,
      sql`${table.occurredAt} DESC`,
      sql`${table.id} DESC`,
    ),
    index('admin_audit_log_action_idx').on(
      table.action,
      sql`${table.occurredAt} DESC`,
      sql`${table.id} DESC`,
    ),
    index('admin_audit_log_target_idx').on(
      table.targetType,
      table.targetId,
      sql`${table.occurredAt} DESC`,
      sql`${table.id} DESC`,
    ),
    check(
      'admin_audit_log_action_check',
      sql`${table.action} ~ '^[a-z][a-z_]*(\\.[a-z][a-z_]*)+$' AND length(${table.action}) <= 80`,
    ),
    check(
      'admin_audit_log_target_type_check',
      sql`${table.targetType} ~ '^[a-z][a-z_]*$' AND length(${table.targetType}) <= 40`,
    ),
  ],
);

/** A single-use, hashed, short-lived link to join the back office (decision 1601). */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => adminUsers.id),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('admin_invitations_token_hash_key').on(table.tokenHash),
    uniqueIndex('admin_invitations_open_email_key')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} IS NULL AND ${table.revokedAt} IS NULL`),
    check('admin_invitations_role_check', inList('role', adminRoles)),
  ],
);

export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: id(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (table) => [index('admin_recovery_codes_admin_idx').on(table.adminUserId)],
);

export const adminSignInChallengeKinds = ['verify', 'enrol'] as const;

/** Between a right password and the second factor: `verify` asks for a code, `enrol` sets TOTP up first. */
export const adminSignInChallenges = pgTable(
  'admin_sign_in_challenges',
  {
    id: id(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('admin_sign_in_challenges_token_hash_key').on(table.tokenHash),
    index('admin_sign_in_challenges_expires_idx').on(table.expiresAt),
    check('admin_sign_in_challenges_kind_check', inList('kind', adminSignInChallengeKinds)),
  ],
);

export const productAuditActions = ['created', 'updated', 'activated', 'deactivated'] as const;

export const investmentProductAudit = pgTable(
  'investment_product_audit',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => investmentProducts.id),
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id),
    action: text('action').notNull(),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    createdAt: createdAt(),
  },
  (table) => [
    index('investment_product_audit_product_idx').on(table.productId, table.createdAt),
    check('investment_product_audit_action_check', inList('action', productAuditActions)),
  ],
);

/**
 * Every version of a product's offer, from the instant it was created or changed (migration 0381,
 * written by a trigger): a rollover reads the offer of its maturity date (decision 1810).
 */
export const investmentProductHistory = pgTable(
  'investment_product_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => investmentProducts.id, { onDelete: 'cascade' }),
    investmentType: text('investment_type').notNull(),
    termYears: integer('term_years').notNull(),
    interestRateAnnual: rate('interest_rate_annual').notNull(),
    isActive: boolean('is_active').notNull(),
    availableFrom: date('available_from', { mode: 'string' }),
    availableUntil: date('available_until', { mode: 'string' }),
    validFrom: at('valid_from').notNull(),
  },
  (table) => [
    index('investment_product_history_offer_idx').on(table.investmentType, table.termYears, table.validFrom),
  ],
);

export const investments = pgTable(
  'investments',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    productId: uuid('product_id').references(() => investmentProducts.id),
    investmentType: text('investment_type').notNull(),
    principalAmount: money('principal_amount').notNull(),
    interestRateAnnual: rate('interest_rate_annual').notNull(),
    termYears: integer('term_years').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** High-yield: end of term. Standard: end of the 12-month lock-up (it keeps earning after). */
    maturityDate: date('maturity_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('active'),
    /** Interest has been accrued for every day d with start_date <= d < accrued_through. */
    accruedThrough: date('accrued_through', { mode: 'string' }).notNull(),
    /** Exact interest accrued since the last posting, sub-cent remainder included (admin "interest_accrued"). */
    interestAccrued: numeric('interest_accrued', { precision: 24, scale: 10 }).notNull().default('0'),
    /** Total interest posted (paid or credited) so far, for the carried-remainder rule. */
    interestPosted: money('interest_posted').notNull().default('0'),
    /** The calendar month (its first day) most recently posted. */
    lastPostedPeriod: date('last_posted_period', { mode: 'string' }),
    /** Total drawn from the note by paid withdrawals (its value = principal + credited interest - this). */
    amountWithdrawn: money('amount_withdrawn').notNull().default('0'),
    /**
     * Sum over the Standard-note withdrawals of amount x days it earned before leaving, so
     * cumulative interest = rate x ((principal - amount_withdrawn) x days + this) / 365.
     */
    withdrawnPrincipalDays: numeric('withdrawn_principal_days', { precision: 24, scale: 2 })
      .notNull()
      .default('0'),
    /** Standard only: interest credited to the note instead of paid to the bank (decision 1740). */
    interestReinvested: money('interest_reinvested').notNull().default('0'),
    /**
     * Standard only: sum over reinvested postings of amount x (the day it starts earning - start_date),
     * so cumulative interest = rate x ((principal - withdrawn + reinvested) x days + withdrawn days - this) / 365.
     */
    reinvestedPrincipalDays: numeric('reinvested_principal_days', { precision: 24, scale: 2 })
      .notNull()
      .default('0'),
    /** The sum of the note's applied manual adjustments, signed (migration 0171, decision 1621). */
    amountAdjusted: money('amount_adjusted').notNull().default('0'),
    idempotencyKey: text('idempotency_key'),
    /** The note funds were reinvested from (CONVERT TO HIGH-YIELD). */
    sourceInvestmentId: uuid('source_investment_id').references((): AnyPgColumn => investments.id),
    /** How the note was funded: bought, converted from available funds, or rolled over at a note's maturity. */
    origin: text('origin').notNull().default('purchase'),
    /** High-Yield only: what happens at maturity ('pay_out' to the bank or 'roll_over'); null on notes matured before it existed. */
    maturityInstruction: text('maturity_instruction'),
    /** The term of the note a rollover buys (with 'roll_over' only). */
    rolloverTermYears: integer('rollover_term_years'),
    /** A rollover's note: the day its run told the investor; the 10 days to undo count from it (PRODUCT.md 47). */
    rolledOverOn: date('rolled_over_on', { mode: 'string' }),
    maturedAt: at('matured_at'),
    cancelledAt: at('cancelled_at'),
    cancellationReason: text('cancellation_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Stored with fillfactor 50 (migrations 0070, 0340): the daily and month-end updates of every
  // note stay on their page (HOT) and leave the note's indexes alone.
  (table) => [
    // The target of the ledger's (investment_id, investor_id) key.
    uniqueIndex('investments_id_investor_key').on(table.id, table.investorId),
    index('investments_investor_start_idx').on(table.investorId, table.startDate.desc(), table.id),
    index('investments_investor_type_idx').on(table.investorId, table.investmentType, table.startDate.desc()),
    index('investments_status_idx').on(table.status, table.id),
    uniqueIndex('investments_idempotency_key')
      .on(table.investorId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('investments_type_check', inList('investment_type', ['standard', 'high_yield'])),
    check('investments_status_check', inList('status', ['active', 'matured', 'withdrawn', 'cancelled'])),
    check('investments_principal_check', sql.raw('principal_amount > 0')),
    check(
      'investments_maturity_instruction_check',
      sql.raw(
        "maturity_instruction is null or (investment_type = 'high_yield' and maturity_instruction in ('pay_out', 'roll_over'))",
      ),
    ),
    check(
      'investments_rollover_term_check',
      sql.raw(
        "(maturity_instruction is distinct from 'roll_over') = (rollover_term_years is null) and (rollover_term_years is null or rollover_term_years between 1 and 50)",
      ),
    ),
    check('investments_origin_check', inList('origin', ['purchase', 'conversion', 'rollover'])),
    index('investments_high_yield_maturity_idx')
      .on(table.maturityDate)
      .where(sql`investment_type = 'high_yield' and status = 'active'`),
    check(
      'investments_interest_reinvested_check',
      sql.raw(
        "interest_reinvested >= 0 and (investment_type = 'standard' or (interest_reinvested = 0 and reinvested_principal_days = 0))",
      ),
    ),
    check('investments_dates_check', sql.raw('maturity_date > start_date and accrued_through >= start_date')),
  ],
);

export const transactionTypes = [
  'purchase',
  'interest_payment',
  'withdrawal',
  'reinvestment',
  'reversal',
  'adjustment',
  'redemption_penalty',
] as const;

/** The append-only ledger. */
export const investmentTransactions = pgTable(
  'investment_transactions',
  {
    /** Time-ordered (migration 0340): new entries go to the end of the primary key. */
    id: timeOrderedId(),
    /** With investor_id, a key of the note (the entry's investor is the note's). */
    investmentId: uuid('investment_id').notNull(),
    investorId: uuid('investor_id').notNull(),
    transactionType: text('transaction_type').notNull(),
    amount: money('amount').notNull(),
    /** The signed change this entry makes to its note's value. */
    valueEffect: money('value_effect').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    /** For interest postings: the first day of the month (or stub) posted. One posting per note and period. */
    postingPeriod: date('posting_period', { mode: 'string' }),
    reversesTransactionId: uuid('reverses_transaction_id').references(
      (): AnyPgColumn => investmentTransactions.id,
    ),
    achPaymentId: uuid('ach_payment_id'),
    withdrawalId: uuid('withdrawal_id'),
    /** For `adjustment` entries: the approved four-eyes adjustment (one entry each). */
    adjustmentId: uuid('adjustment_id').references((): AnyPgColumn => ledgerAdjustments.id),
    /** For an early redemption's entries (migration 0450, decision 1951): the request paid. */
    earlyRedemptionId: uuid('early_redemption_id').references((): AnyPgColumn => earlyRedemptions.id),
    /**
     * Interest paid out: the part withheld as backup withholding (decision 1911), kept in
     * backup_withholding_entries and not sent to the bank. `amount` stays the gross interest.
     */
    backupWithheld: money('backup_withheld').notNull().default('0'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({
      name: 'investment_transactions_note_investor_fk',
      columns: [table.investmentId, table.investorId],
      foreignColumns: [investments.id, investments.investorId],
    }),
    index('investment_transactions_investor_idx').on(
      table.investorId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // Only the rare types: the Interest filter walks the investor index (nearly every entry matches).
    index('investment_transactions_investor_type_idx')
      .on(table.investorId, table.transactionType, table.createdAt.desc(), table.id.desc())
      .where(sql`transaction_type <> 'interest_payment'`),
    index('investment_transactions_investment_idx').on(
      table.investmentId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('investment_transactions_created_idx').on(table.createdAt.desc(), table.id.desc()),
    // Covers the portal's sums (balance per note, balance history) as index-only scans of one investor's range.
    index('investment_transactions_investor_value_idx').on(
      table.investorId,
      table.investmentId,
      table.transactionDate,
      table.valueEffect,
    ),
    // Period first (migration 0340): a month's postings fill that month's part of the index.
    uniqueIndex('investment_transactions_posting_key')
      .on(table.postingPeriod, table.investmentId)
      .where(sql`transaction_type = 'interest_payment'`),
    uniqueIndex('investment_transactions_reversal_key')
      .on(table.reversesTransactionId)
      .where(sql`reverses_transaction_id is not null`),
    uniqueIndex('investment_transactions_adjustment_key')
      .on(table.adjustmentId)
      .where(sql`adjustment_id is not null`),
    index('investment_transactions_penalty_idx')
      .on(table.investorId, table.transactionDate)
      .where(sql`transaction_type = 'redemption_penalty'`),
    check('investment_transactions_type_check', inList('transaction_type', transactionTypes)),
    check('investment_transactions_amount_check', sql.raw('amount >= 0')),
    check(
      'investment_transactions_backup_withheld_check',
      sql.raw('backup_withheld >= 0 AND backup_withheld < amount OR backup_withheld = 0'),
    ),
    check(
      'investment_transactions_effect_check',
      sql.raw(`(transaction_type = 'purchase' and value_effect = amount)
        or (transaction_type = 'interest_payment' and value_effect in (0, amount))
        or (transaction_type = 'withdrawal' and value_effect = -amount)
        or (transaction_type = 'reinvestment' and value_effect in (amount, -amount))
        or (transaction_type = 'reversal' and reverses_transaction_id is not null)
        or (transaction_type = 'adjustment' and adjustment_id is not null and amount > 0 and value_effect in (amount, -amount))
        or (transaction_type = 'redemption_penalty' and early_redemption_id is not null and amount > 0 and value_effect = -amount)`),
    ),
  ],
);

/**
 * Each note's value, the sum of its ledger entries' value effects, kept by triggers on
 * investment_transactions in the same transaction as the entry (migration 0470, decision 1972).
 * No row means zero. Written only by those triggers and refresh_investment_ledger_values().
 */
export const investmentLedgerValues = pgTable(
  'investment_ledger_values',
  {
    investmentId: uuid('investment_id').primaryKey(),
    investorId: uuid('investor_id').notNull(),
    value: money('value').notNull().default('0'),
  },
  (table) => [
    foreignKey({
      name: 'investment_ledger_values_note_investor_fk',
      columns: [table.investmentId, table.investorId],
      foreignColumns: [investments.id, investments.investorId],
    }).onDelete('cascade'),
  ],
);

export const achPayments = pgTable(
  'ach_payments',
  {
    /** Time-ordered (migration 0340): new payments go to the end of the primary key. */
    id: timeOrderedId(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id),
    investmentId: uuid('investment_id').references(() => investments.id),
    withdrawalId: uuid('withdrawal_id'),
    paymentType: text('payment_type').notNull(),
    direction: text('direction').notNull(),
    amount: money('amount').notNull(),
    status: text('status').notNull().default('pending'),
    /** The business day the payment is expected to settle. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    settledAt: at('settled_at'),
    failureReason: text('failure_reason'),
    providerReference: text('provider_reference'),
    postingPeriod: date('posting_period', { mode: 'string' }),
    /** The rail that carried the payment (decision 1500). */
    provider: text('provider').notNull().default('sandbox'),
    /** The provider's own state, as last reported. */
    providerStatus: text('provider_status'),
    /** The provider's authorisation of this transfer (Plaid /transfer/authorization/create). */
    authorizationId: text('authorization_id'),
    /** The ACH return code (R01 ...) of a returned payment. */
    returnCode: text('return_code'),
    postedAt: at('posted_at'),
    returnedAt: at('returned_at'),
    /** A credit sent again for an amount owed to the investor. */
    repaysAmountOwedId: uuid('repays_amount_owed_id').references((): AnyPgColumn => amountsOwed.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('ach_payments_status_idx').on(table.status, table.effectiveDate),
    index('ach_payments_in_flight_idx')
      .on(table.provider, table.status)
      .where(sql`status in ('pending', 'posted')`),
    uniqueIndex('ach_payments_transfer_key')
      .on(table.provider, table.providerReference)
      .where(sql`provider = 'plaid' AND provider_reference is not null`),
    uniqueIndex('ach_payments_repayment_in_flight_key')
      .on(table.repaysAmountOwedId)
      .where(sql`repays_amount_owed_id is not null AND status in ('pending', 'posted')`),
    index('ach_payments_investor_idx').on(table.investorId, table.createdAt.desc()),
    index('ach_payments_type_status_idx').on(table.paymentType, table.status),
    uniqueIndex('ach_payments_funding_key').on(table.investmentId).where(sql`payment_type = 'funding'`),
    uniqueIndex('ach_payments_interest_key')
      .on(table.investmentId, table.postingPeriod)
      .where(sql`payment_type = 'interest' AND repays_amount_owed_id is null`),
    check('ach_payments_type_check', inList('payment_type', ['funding', 'interest', 'withdrawal'])),
    check('ach_payments_direction_check', inList('direction', ['debit', 'credit'])),
    check(
      'ach_payments_status_check',
      inList('status', ['pending', 'posted', 'settled', 'failed', 'returned', 'cancelled']),
    ),
    check('ach_payments_provider_check', inList('provider', ['sandbox', 'plaid'])),
    check('ach_payments_return_code_check', sql.raw(`return_code is null or return_code ~ '^R[0-9A-Z]{2}$'`)),
    check('ach_payments_amount_check', sql.raw('amount > 0')),
  ],
);

/**
 * Money owed between the platform and an investor outside the notes (PRODUCT.md 36), one row
 * per payment and direction; see src/shared/ledger/amounts-owed.ts.
 */
export const amountsOwed = pgTable(
  'amounts_owed',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    investmentId: uuid('investment_id').references(() => investments.id),
    /** The payment the amount comes from (the credit that left, or the one that came back). */
    achPaymentId: uuid('ach_payment_id').references(() => achPayments.id),
    direction: text('direction').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (table) => [
    index('amounts_owed_investor_idx').on(table.investorId, table.createdAt.desc()),
    index('amounts_owed_open_idx').on(table.createdAt).where(sql`status = 'open'`),
    uniqueIndex('amounts_owed_payment_key')
      .on(table.achPaymentId, table.direction)
      .where(sql`ach_payment_id is not null`),
    check('amounts_owed_direction_check', inList('direction', ['owed_by_investor', 'owed_to_investor'])),
    check('amounts_owed_status_check', inList('status', ['open', 'resolved'])),
    check('amounts_owed_amount_check', sql.raw('amount > 0')),
    check('amounts_owed_resolved_check', sql.raw(`(status = 'resolved') = (resolved_at is not null)`)),
  ],
);

/** Every event an ACH provider reported, once (decision 1500). */
export const achProviderEvents = pgTable(
  'ach_provider_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    transferId: text('transfer_id').notNull(),
    achPaymentId: uuid('ach_payment_id').references(() => achPayments.id),
    amount: money('amount'),
    failureReason: text('failure_reason'),
    returnCode: text('return_code'),
    occurredAt: at('occurred_at').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ach_provider_events_event_key').on(table.provider, table.eventId),
    index('ach_provider_events_payment_idx').on(table.achPaymentId, table.eventId),
    index('ach_provider_events_occurred_idx').on(table.occurredAt),
  ],
);

/** The last event id read from each provider's stream: a restarted sync resumes after it. */
export const achEventCursors = pgTable('ach_event_cursors', {
  provider: text('provider').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

/** Verified provider webhooks already taken, by the SHA-256 of their signed token. */
export const achWebhookReceipts = pgTable(
  'ach_webhook_receipts',
  {
    tokenHash: text('token_hash').primaryKey(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [index('ach_webhook_receipts_received_idx').on(table.receivedAt)],
);

export const achReconciliationDifferenceKinds = [
  'status_mismatch',
  'amount_mismatch',
  'unknown_transfer',
  'missing_transfer',
  'return_code_mismatch',
  'unfunded_note',
] as const;

/** What the daily reconciliation found between the ledger's ACH payments and the provider's events. */
export const achReconciliationDifferences = pgTable(
  'ach_reconciliation_differences',
  {
    id: id(),
    reconciledOn: date('reconciled_on', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    achPaymentId: uuid('ach_payment_id').references(() => achPayments.id),
    transferId: text('transfer_id'),
    kind: text('kind').notNull(),
    expected: text('expected').notNull(),
    actual: text('actual').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ach_reconciliation_differences_key').on(
      table.reconciledOn,
      table.kind,
      sql`coalesce(${table.achPaymentId}::text, '')`,
      sql`coalesce(${table.transferId}, '')`,
    ),
    index('ach_reconciliation_differences_created_idx').on(table.createdAt.desc()),
    check('ach_reconciliation_differences_kind_check', inList('kind', achReconciliationDifferenceKinds)),
  ],
);

export const debitAuthorizations = pgTable(
  'debit_authorizations',
  {
    id: id(),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    agreementVersion: text('agreement_version').notNull(),
    amount: money('amount').notNull(),
    authorizedAt: at('authorized_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [uniqueIndex('debit_authorizations_investment_key').on(table.investmentId)],
);

/** The agreement accepted for a note bought by conversion (PRODUCT.md 37; migration 0025). */
export const conversionAgreements = pgTable(
  'conversion_agreements',
  {
    id: id(),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    agreementVersion: text('agreement_version').notNull(),
    amount: money('amount').notNull(),
    acceptedAt: at('accepted_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [uniqueIndex('conversion_agreements_investment_key').on(table.investmentId)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amount: money('amount').notNull(),
    status: text('status').notNull().default('pending'),
    /** The quarter end on which it is paid. */
    scheduledFor: date('scheduled_for', { mode: 'string' }).notNull(),
    requestedAt: at('requested_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    failureReason: text('failure_reason'),
    /** Why staff cancelled it (migration 0170); the money stays in the note. */
    cancellationReason: text('cancellation_reason'),
    cancelledByAdminId: uuid('cancelled_by_admin_id').references(() => adminUsers.id),
    achPaymentId: uuid('ach_payment_id'),
    /** Why the money left: the investor's transfer, a pay-out at maturity, or an undone rollover (issue 17). */
    reason: text('reason').notNull().default('transfer'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('withdrawals_investor_idx').on(table.investorId, table.requestedAt.desc()),
    index('withdrawals_status_idx').on(table.status, table.scheduledFor),
    uniqueIndex('withdrawals_idempotency_key')
      .on(table.investorId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('withdrawals_status_check', inList('status', ['pending', 'paid', 'cancelled', 'failed'])),
    check('withdrawals_reason_check', inList('reason', ['transfer', 'maturity_payout', 'rollover_undo'])),
    check('withdrawals_amount_check', sql.raw('amount > 0')),
  ],
);

/** Requests that must not run twice (purchases, transfers): one row per key while in flight and after. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
    check('idempotency_keys_status_check', inList('status', ['in_progress', 'completed'])),
  ],
);

/** A maintained summary for the admin dashboard cards (one row). */
export const platformSummary = pgTable('platform_summary', {
  id: integer('id').primaryKey().default(1),
  assetsUnderManagement: money('assets_under_management').notNull().default('0'),
  investorCount: bigint('investor_count', { mode: 'number' }).notNull().default(0),
  activeInvestorCount: bigint('active_investor_count', { mode: 'number' }).notNull().default(0),
  interestPaid: money('interest_paid').notNull().default('0'),
  activeInvestmentCount: bigint('active_investment_count', { mode: 'number' }).notNull().default(0),
  refreshedAt: at('refreshed_at').notNull().defaultNow(),
});

/**
 * Changes to the summary written by database triggers on investors, investments, the ledger and
 * ACH payments; folded into platform_summary when the dashboard reads it, so writers never wait
 * on the one summary row (decision 301).
 */
export const platformSummaryDeltas = pgTable('platform_summary_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  assetsUnderManagement: money('assets_under_management').notNull().default('0'),
  investorCount: bigint('investor_count', { mode: 'number' }).notNull().default(0),
  activeInvestorCount: bigint('active_investor_count', { mode: 'number' }).notNull().default(0),
  interestPaid: money('interest_paid').notNull().default('0'),
  activeInvestmentCount: bigint('active_investment_count', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- jobs

export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    functionName: text('function_name').notNull().default('calculate-daily-interest'),
    scheduleCron: text('schedule_cron').notNull().default('0 0 * * *'),
    enabled: boolean('enabled').notNull().default(true),
    configuration: jsonb('configuration').notNull().default({}),
    /** The next firing the scheduler will claim. */
    nextRunAt: at('next_run_at'),
    lastRunAt: at('last_run_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('scheduled_jobs_name_key').on(table.name),
    index('scheduled_jobs_due_idx').on(table.enabled, table.nextRunAt),
  ],
);

export const jobExecutionHistory = pgTable(
  'job_execution_history',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => scheduledJobs.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('running'),
    trigger: text('trigger').notNull().default('schedule'),
    /** The cron slot this run fires (schedule trigger); one run per job and slot. */
    scheduledFor: at('scheduled_for'),
    executionDate: date('execution_date', { mode: 'string' }),
    recordsProcessed: integer('records_processed').notNull().default(0),
    startedAt: at('started_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
    errorMessage: text('error_message'),
    executionMetadata: jsonb('execution_metadata').notNull().default({}),
    triggeredByAdminId: uuid('triggered_by_admin_id').references(() => adminUsers.id),
    instanceId: text('instance_id'),
    /** Refreshed by the instance executing a running run; a stale one means that instance died. */
    heartbeatAt: at('heartbeat_at'),
  },
  (table) => [
    index('job_execution_history_job_idx').on(table.jobId, table.startedAt.desc()),
    index('job_execution_history_running_idx').on(table.status),
    index('job_execution_history_started_idx').on(table.startedAt),
    uniqueIndex('job_execution_history_slot_key')
      .on(table.jobId, table.scheduledFor)
      .where(sql`trigger = 'schedule'`),
    /** A job never overlaps with itself, whoever starts it. */
    uniqueIndex('job_execution_history_one_running_key').on(table.jobId).where(sql`status = 'running'`),
    check('job_execution_history_status_check', inList('status', ['running', 'completed', 'failed'])),
    check('job_execution_history_trigger_check', inList('trigger', ['schedule', 'manual', 'startup'])),
  ],
);

// ---------------------------------------------------------------- notifications

export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type').notNull().default('email'),
    subject: text('subject'),
    body: text('body').notNull(),
    variables: jsonb('variables').notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('notification_templates_created_idx').on(table.createdAt.desc()),
    check('notification_templates_type_check', inList('type', ['email', 'sms'])),
    check(
      'notification_templates_subject_check',
      sql.raw(`(type = 'email' and subject is not null) or (type = 'sms' and subject is null)`),
    ),
  ],
);

export const notificationCampaigns = pgTable(
  'notification_campaigns',
  {
    id: id(),
    name: text('name').notNull(),
    templateId: uuid('template_id').references(() => notificationTemplates.id),
    /** Free-form campaigns carry their own type, subject and body. */
    type: text('type'),
    subject: text('subject'),
    body: text('body'),
    targetFilters: jsonb('target_filters').notNull().default({}),
    scheduledAt: at('scheduled_at'),
    sentAt: at('sent_at'),
    status: text('status').notNull().default('draft'),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => adminUsers.id),
    claimedAt: at('claimed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('notification_campaigns_created_idx').on(table.createdAt.desc()),
    index('notification_campaigns_due_idx').on(table.status, table.scheduledAt),
    check('notification_campaigns_status_check', inList('status', ['draft', 'sending', 'sent', 'failed'])),
    check('notification_campaigns_type_check', sql.raw(`type is null or type in ('email', 'sms')`)),
  ],
);

/**
 * pending: waiting; sending: handed to the provider (after a crash it is never retried, so
 * nobody gets a message twice); skipped: the investor withdrew consent before delivery.
 */
export const notificationDeliveryStatuses = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: id(),
    campaignId: uuid('campaign_id').references(() => notificationCampaigns.id, { onDelete: 'cascade' }),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    errorMessage: text('error_message'),
    outboxMessageId: uuid('outbox_message_id'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (table) => [
    uniqueIndex('notification_deliveries_campaign_investor_key')
      .on(table.campaignId, table.investorId)
      .where(sql`campaign_id is not null`),
    index('notification_deliveries_status_idx').on(table.campaignId, table.status),
    check('notification_deliveries_channel_check', inList('channel', ['email', 'sms'])),
    check('notification_deliveries_status_check', inList('status', notificationDeliveryStatuses)),
  ],
);

/** What the investor sees under the portal's bell. */
/** The 30- and 7-day reminders before a High-Yield note matures, each sent once. */
/**
 * A Standard note's interest reinvestment choices (decision 1740): each governs the postings of
 * `effective_period` (a month's first day) on, until a later one; the latest row wins.
 */
export const interestReinvestmentChanges = pgTable(
  'interest_reinvestment_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    reinvest: boolean('reinvest').notNull(),
    effectivePeriod: date('effective_period', { mode: 'string' }).notNull(),
    changedOn: date('changed_on', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('interest_reinvestment_changes_note_idx').on(
      table.investmentId,
      table.effectivePeriod.desc(),
      table.id.desc(),
    ),
    check('interest_reinvestment_changes_period_check', sql.raw('extract(day from effective_period) = 1')),
    check('interest_reinvestment_changes_source_check', inList('source', ['purchase', 'investor'])),
  ],
);

export const maturityReminders = pgTable(
  'maturity_reminders',
  {
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.investmentId, table.daysBefore] }),
    check('maturity_reminders_days_check', sql.raw('days_before in (30, 7)')),
  ],
);

export const investorNotifications = pgTable(
  'investor_notifications',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (table) => [index('investor_notifications_investor_idx').on(table.investorId, table.createdAt.desc())],
);

/**
 * Transactional notices written in the same transaction as the money movement they report
 * and delivered from here (docs/decisions/1311): `pending` until every allowed channel is
 * done; a claim is a lease (`lease_until`); each channel is stamped as it goes out.
 */
export const investorNoticeStatuses = ['pending', 'sent', 'failed'] as const;

export const investorNoticeQueue = pgTable(
  'investor_notice_queue',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The notice as rendered when it was written: bell title and body, e-mail and SMS. */
    notice: jsonb('notice').notNull(),
    occurredAt: at('occurred_at').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    leaseUntil: at('lease_until'),
    bellAt: at('bell_at'),
    emailAt: at('email_at'),
    smsAt: at('sms_at'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_notice_queue_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
    check('investor_notice_queue_status_check', inList('status', investorNoticeStatuses)),
    check('investor_notice_queue_sent_check', sql.raw(`(status = 'sent') = (sent_at is not null)`)),
  ],
);

/** Every e-mail and SMS the platform sends; the dev outbox reads it outside production. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text('channel').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').notNull().default({}),
    status: text('status').notNull().default('sent'),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_messages_created_idx').on(table.createdAt.desc()),
    index('outbox_messages_to_idx').on(table.toAddress, table.createdAt.desc()),
    check('outbox_messages_channel_check', inList('channel', ['email', 'sms'])),
    check('outbox_messages_status_check', inList('status', ['sent', 'failed'])),
  ],
);

// ---------------------------------------------------------------- public pages

export const hotspotPages = ['abouttemp', 'custom-page-1', 'custom-page-2'] as const;

export const pageHotspots = pgTable(
  'page_hotspots',
  {
    id: id(),
    pageSlug: text('page_slug').notNull(),
    label: text('label').notNull(),
    href: text('href').notNull(),
    topPercent: numeric('top_percent', { precision: 5, scale: 2 }).notNull(),
    leftPercent: numeric('left_percent', { precision: 5, scale: 2 }).notNull(),
    widthPercent: numeric('width_percent', { precision: 5, scale: 2 }).notNull(),
    heightPercent: numeric('height_percent', { precision: 5, scale: 2 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => adminUsers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('page_hotspots_page_idx').on(table.pageSlug, table.sortOrder),
    check('page_hotspots_page_check', inList('page_slug', hotspotPages)),
    check('page_hotspots_top_check', sql.raw('top_percent between 0 and 95')),
    check('page_hotspots_left_check', sql.raw('left_percent between 0 and 95')),
    check('page_hotspots_width_check', sql.raw('width_percent between 2 and 90')),
    check('page_hotspots_height_check', sql.raw('height_percent between 1 and 80')),
  ],
);

/** Operator-editable settings that are data rather than deployment config. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- back office (issue 16)

/** Every suspension, reinstatement and closure by staff, with its reason (decision 1620). */
export const investorStatusChanges = pgTable(
  'investor_status_changes',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => adminUsers.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_status_changes_investor_idx').on(table.investorId, table.createdAt),
    check('investor_status_changes_to_check', inList('to_status', ['active', 'suspended', 'closed'])),
  ],
);

export const ledgerAdjustmentDirections = ['credit', 'debit'] as const;
export const ledgerAdjustmentStatuses = ['pending', 'applied', 'rejected'] as const;

/**
 * Four-eyes manual adjustments (decision 1621): proposed by one admin, applied (one
 * `adjustment` ledger entry) or rejected by another; the database refuses the proposer as decider.
 */
export const ledgerAdjustments = pgTable(
  'ledger_adjustments',
  {
    id: id(),
    investmentId: uuid('investment_id').notNull(),
    investorId: uuid('investor_id').notNull(),
    direction: text('direction').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => adminUsers.id),
    proposedAt: at('proposed_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => adminUsers.id),
    decidedAt: at('decided_at'),
    decisionReason: text('decision_reason'),
    transactionId: uuid('transaction_id').references((): AnyPgColumn => investmentTransactions.id),
  },
  (table) => [
    foreignKey({
      name: 'ledger_adjustments_note_investor_fk',
      columns: [table.investmentId, table.investorId],
      foreignColumns: [investments.id, investments.investorId],
    }),
    index('ledger_adjustments_status_idx').on(table.status, table.proposedAt),
    index('ledger_adjustments_investor_idx').on(table.investorId, table.proposedAt),
    check('ledger_adjustments_direction_check', inList('direction', ledgerAdjustmentDirections)),
    check('ledger_adjustments_status_check', inList('status', ledgerAdjustmentStatuses)),
    check('ledger_adjustments_amount_check', sql.raw('amount > 0')),
    check('ledger_adjustments_four_eyes_check', sql.raw('decided_by is null or decided_by <> proposed_by')),
    check(
      'ledger_adjustments_decided_check',
      sql.raw(`(status = 'pending') = (decided_at is null) and (status = 'pending') = (decided_by is null)`),
    ),
    check('ledger_adjustments_applied_check', sql.raw(`(status = 'applied') = (transaction_id is not null)`)),
  ],
);

/** One year-end tax run (decision 1622). */
export const taxRuns = pgTable(
  'tax_runs',
  {
    id: id(),
    taxYear: integer('tax_year').notNull(),
    startedBy: uuid('started_by')
      .notNull()
      .references(() => adminUsers.id),
    startedAt: at('started_at').notNull().defaultNow(),
    formsIssued: integer('forms_issued').notNull().default(0),
    correctionsIssued: integer('corrections_issued').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    missingTaxRecordCount: integer('missing_tax_record_count').notNull().default(0),
    totalInterest: money('total_interest').notNull().default('0'),
  },
  (table) => [
    index('tax_runs_year_idx').on(table.taxYear, table.startedAt),
    check('tax_runs_year_check', sql.raw('tax_year between 1900 and 2199')),
  ],
);

/** An issued 1099-INT as printed; a correction is a new version and the newest is current. */
export const taxForms = pgTable(
  'tax_forms',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    taxYear: integer('tax_year').notNull(),
    taxRunId: uuid('tax_run_id')
      .notNull()
      .references(() => taxRuns.id),
    version: integer('version').notNull(),
    isCorrection: boolean('is_correction').notNull(),
    isCurrent: boolean('is_current').notNull().default(true),
    supersedesFormId: uuid('supersedes_form_id').references((): AnyPgColumn => taxForms.id),
    interestAmount: money('interest_amount').notNull(),
    /** Box 2: early withdrawal penalty (early redemptions, PRODUCT.md 44). */
    earlyWithdrawalPenalty: money('early_withdrawal_penalty').notNull().default('0'),
    /** Box 4: federal income tax withheld (backup withholding, PRODUCT.md 41). */
    federalTaxWithheld: money('federal_tax_withheld').notNull().default('0'),
    recipientFirstName: text('recipient_first_name').notNull(),
    recipientLastName: text('recipient_last_name').notNull(),
    recipientAddress1: text('recipient_address1').notNull(),
    recipientAddress2: text('recipient_address2'),
    recipientCity: text('recipient_city').notNull(),
    recipientState: text('recipient_state').notNull(),
    recipientPostalCode: text('recipient_postal_code').notNull(),
    tinType: text('tin_type').notNull(),
    tinLastFour: text('tin_last_four').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tax_forms_version_key').on(table.investorId, table.taxYear, table.version),
    uniqueIndex('tax_forms_current_key').on(table.investorId, table.taxYear).where(sql`is_current`),
    index('tax_forms_run_idx').on(table.taxRunId),
    index('tax_forms_year_idx').on(table.taxYear, table.investorId),
    check('tax_forms_year_check', sql.raw('tax_year between 1900 and 2199')),
    check('tax_forms_amount_check', sql.raw('interest_amount >= 0')),
    check(
      'tax_forms_box_2_and_4_check',
      sql.raw('early_withdrawal_penalty >= 0 AND federal_tax_withheld >= 0'),
    ),
    check(
      'tax_forms_version_check',
      sql.raw(
        '(version >= 1 and (version = 1) = (not is_correction) and (version = 1) = (supersedes_form_id is null))',
      ),
    ),
    check('tax_forms_tin_type_check', inList('tin_type', ['ssn', 'itin'])),
  ],
);

/** One IRIS file: an A2A XML transmission or a Taxpayer Portal CSV file, and the IRS's answer (decision 1900). */
export const irisTransmissions = pgTable(
  'iris_transmissions',
  {
    id: id(),
    /** Filing order (timestamps tie under a frozen clock and within a batch). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    batchId: uuid('batch_id').notNull(),
    taxYear: integer('tax_year').notNull(),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    isTest: boolean('is_test').notNull().default(false),
    fileNumber: integer('file_number').notNull(),
    fileCount: integer('file_count').notNull(),
    uniqueTransmissionId: text('unique_transmission_id').notNull(),
    recordCount: integer('record_count').notNull(),
    totalInterest: money('total_interest').notNull(),
    totalEarlyWithdrawalPenalty: money('total_early_withdrawal_penalty').notNull(),
    totalFederalTaxWithheld: money('total_federal_tax_withheld').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => adminUsers.id),
    createdAt: at('created_at').notNull(),
    status: text('status').notNull().default('awaiting_acknowledgement'),
    receiptId: text('receipt_id'),
    errors: jsonb('errors').notNull().default([]),
    acknowledgedBy: uuid('acknowledged_by').references(() => adminUsers.id),
    acknowledgedAt: at('acknowledged_at'),
  },
  (table) => [
    uniqueIndex('iris_transmissions_utid_key').on(table.uniqueTransmissionId),
    uniqueIndex('iris_transmissions_file_key').on(table.batchId, table.fileNumber),
    index('iris_transmissions_year_idx').on(table.taxYear, table.seq),
    check('iris_transmissions_kind_check', inList('kind', ['original', 'correction'])),
    check('iris_transmissions_format_check', inList('format', ['xml', 'csv'])),
    check(
      'iris_transmissions_status_check',
      inList('status', [
        'awaiting_acknowledgement',
        'accepted',
        'accepted_with_errors',
        'partially_accepted',
        'rejected',
      ]),
    ),
    check('iris_transmissions_year_check', sql.raw('tax_year between 2026 and 2199')),
    check(
      'iris_transmissions_ack_check',
      sql.raw(
        "(status = 'awaiting_acknowledgement') = (receipt_id is null) and (receipt_id is null) = (acknowledged_at is null)",
      ),
    ),
  ],
);

/** Which kept form is which record of which IRIS file, and that record's fate. */
export const irisRecords = pgTable(
  'iris_records',
  {
    transmissionId: uuid('transmission_id')
      .notNull()
      .references(() => irisTransmissions.id, { onDelete: 'cascade' }),
    recordId: integer('record_id').notNull(),
    taxFormId: uuid('tax_form_id')
      .notNull()
      .references(() => taxForms.id),
    // A copy of the form's investor, without a foreign key of its own (migration 0480).
    investorId: uuid('investor_id').notNull(),
    taxYear: integer('tax_year').notNull(),
    correctsTransmissionId: uuid('corrects_transmission_id').references(() => irisTransmissions.id),
    correctsRecordId: integer('corrects_record_id'),
    status: text('status').notNull().default('pending'),
    errors: jsonb('errors').notNull().default([]),
  },
  (table) => [
    primaryKey({ name: 'iris_records_pkey', columns: [table.transmissionId, table.recordId] }),
    index('iris_records_investor_idx').on(table.investorId, table.taxYear),
    index('iris_records_form_idx').on(table.taxFormId),
    check('iris_records_status_check', inList('status', ['pending', 'accepted', 'rejected'])),
    check(
      'iris_records_corrects_check',
      sql.raw('(corrects_transmission_id is null) = (corrects_record_id is null)'),
    ),
  ],
);

// ---------------------------------------------------------------- statements and passkeys

/** One monthly statement per investor and month (decision 1720): its figures frozen when generated. */
export const investorStatements = pgTable(
  'investor_statements',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    /** The first day of the month the statement covers. */
    period: date('period', { mode: 'string' }).notNull(),
    openingBalance: money('opening_balance').notNull(),
    purchases: money('purchases').notNull(),
    interestCredited: money('interest_credited').notNull(),
    /** Standard interest paid to the bank: reported, not part of the balance. */
    interestPaid: money('interest_paid').notNull(),
    transfersToBank: money('transfers_to_bank').notNull(),
    movedBetweenNotes: money('moved_between_notes').notNull(),
    adjustments: money('adjustments').notNull(),
    closingBalance: money('closing_balance').notNull(),
    accruedUnposted: money('accrued_unposted').notNull(),
    generatedAt: at('generated_at').notNull(),
  },
  (table) => [
    uniqueIndex('investor_statements_investor_period_key').on(table.investorId, table.period),
    check('investor_statements_period_check', sql.raw('extract(day from period) = 1')),
    check(
      'investor_statements_reconciles_check',
      sql.raw(
        'closing_balance = opening_balance + purchases + interest_credited - transfers_to_bank + moved_between_notes + adjustments',
      ),
    ),
  ],
);

/** WebAuthn credentials (decision 1725). */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url credential id. */
    credentialId: text('credential_id').notNull(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (table) => [
    uniqueIndex('user_passkeys_credential_key').on(table.credentialId),
    index('user_passkeys_user_idx').on(table.userId),
  ],
);

/** Outstanding WebAuthn challenges, stored as SHA-256 hashes; each is consumed once. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webauthn_challenges_hash_key').on(table.challengeHash),
    index('webauthn_challenges_expires_idx').on(table.expiresAt),
    check('webauthn_challenges_purpose_check', inList('purpose', ['registration', 'authentication'])),
  ],
);

// ---------------------------------------------------------------- offerings (migration 0430)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** An offering products are sold under, with its exemption and 12-month cap (decision 1930). */
export const offerings = pgTable(
  'offerings',
  {
    id: id(),
    name: text('name').notNull(),
    exemption: text('exemption').notNull(),
    qualificationDate: date('qualification_date', { mode: 'string' }),
    /** Null: no cap (exemption "none"). */
    maximumPer12Months: money('maximum_per_12_months'),
    status: text('status').notNull().default('open'),
    requiresAccreditationEvidence: boolean('requires_accreditation_evidence').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('offerings_one_default_key').on(table.isDefault).where(sql`is_default`),
    check(
      'offerings_exemption_check',
      inList('exemption', ['reg_a_tier_2', 'reg_a_tier_1', 'reg_d_506c', 'none']),
    ),
    check('offerings_status_check', inList('status', ['open', 'paused', 'closed'])),
    check('offerings_maximum_check', sql.raw('maximum_per_12_months is null or maximum_per_12_months > 0')),
  ],
);

/** Each uploaded version of an offering's circular (a PDF). */
export const offeringCirculars = pgTable(
  'offering_circulars',
  {
    id: id(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => adminUsers.id),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('offering_circulars_version_key').on(table.offeringId, table.version),
    check('offering_circulars_version_check', sql.raw('version >= 1')),
  ],
);

/** An investor's acknowledgement of one circular version, recorded like a debit authorisation. */
export const circularAcknowledgements = pgTable(
  'circular_acknowledgements',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    circularId: uuid('circular_id')
      .notNull()
      .references(() => offeringCirculars.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    acknowledgedAt: at('acknowledged_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [uniqueIndex('circular_acknowledgements_key').on(table.investorId, table.circularId)],
);

/** Every sale counted against an offering's cap: purchases, conversions and rollovers (decision 1931). */
export const offeringSales = pgTable(
  'offering_sales',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id),
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('offering_sales_investment_key').on(table.investmentId),
    index('offering_sales_offering_day_idx').on(table.offeringId, table.soldOn),
    index('offering_sales_investor_day_idx').on(table.investorId, table.soldOn),
    check('offering_sales_kind_check', inList('kind', ['purchase', 'conversion', 'rollover'])),
    check('offering_sales_amount_check', sql.raw('amount > 0')),
  ],
);

const accreditationBases = ['income', 'joint_income', 'net_worth', 'professional_licence', 'entity'] as const;

/** The investor's self-certified profile (decision 1933); income and net worth encrypted at rest. */
export const investorProfiles = pgTable(
  'investor_profiles',
  {
    investorId: uuid('investor_id')
      .primaryKey()
      .references(() => investors.id),
    isAccredited: boolean('is_accredited').notNull(),
    accreditationBasis: text('accreditation_basis'),
    annualIncomeEncrypted: text('annual_income_encrypted'),
    netWorthEncrypted: text('net_worth_encrypted'),
    certifiedAt: at('certified_at').notNull(),
    updatedAt: updatedAt(),
  },
  () => [
    check(
      'investor_profiles_basis_check',
      sql.raw(
        `accreditation_basis is null or accreditation_basis in (${accreditationBases.map((basis) => `'${basis}'`).join(', ')})`,
      ),
    ),
    check(
      'investor_profiles_shape_check',
      sql.raw(
        '(is_accredited and accreditation_basis is not null) or (not is_accredited and accreditation_basis is null and annual_income_encrypted is not null and net_worth_encrypted is not null)',
      ),
    ),
  ],
);

/** Every version of an investor's profile, by the investor or by staff (four-eyes). */
export const investorProfileHistory = pgTable(
  'investor_profile_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    isAccredited: boolean('is_accredited').notNull(),
    accreditationBasis: text('accreditation_basis'),
    annualIncomeEncrypted: text('annual_income_encrypted'),
    netWorthEncrypted: text('net_worth_encrypted'),
    changedBy: text('changed_by').notNull(),
    proposedByAdminId: uuid('proposed_by_admin_id').references(() => adminUsers.id),
    approvedByAdminId: uuid('approved_by_admin_id').references(() => adminUsers.id),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_profile_history_investor_idx').on(table.investorId, table.id),
    check('investor_profile_history_changed_by_check', inList('changed_by', ['investor', 'staff'])),
  ],
);

/** A staff change to a profile, applied only when another admin approves it (decision 1935). */
export const investorProfileOverrides = pgTable(
  'investor_profile_overrides',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    isAccredited: boolean('is_accredited').notNull(),
    accreditationBasis: text('accreditation_basis'),
    annualIncomeEncrypted: text('annual_income_encrypted'),
    netWorthEncrypted: text('net_worth_encrypted'),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => adminUsers.id),
    decidedBy: uuid('decided_by').references(() => adminUsers.id),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_profile_overrides_investor_idx').on(table.investorId, table.status),
    check('investor_profile_overrides_status_check', inList('status', ['pending', 'approved', 'rejected'])),
  ],
);

/** Sales refused for a limit (cap, the investor's limit, accreditation), kept for staff. */
export const offeringLimitRefusals = pgTable(
  'offering_limit_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    amount: money('amount').notNull(),
    allowed: money('allowed').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('offering_limit_refusals_investor_idx').on(table.investorId, table.createdAt),
    check('offering_limit_refusals_kind_check', inList('kind', ['purchase', 'conversion', 'rollover'])),
    check(
      'offering_limit_refusals_reason_check',
      inList('reason', [
        'offering_cap',
        'investor_limit',
        'not_accredited',
        'evidence_required',
        'profile_required',
      ]),
    ),
  ],
);

/** Letters or statements an accredited investor uploads, reviewed by staff (decision 1934). */
export const accreditationEvidence = pgTable(
  'accreditation_evidence',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    status: text('status').notNull().default('pending'),
    uploadedAt: at('uploaded_at').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => adminUsers.id),
    reviewedAt: at('reviewed_at'),
  },
  (table) => [
    index('accreditation_evidence_investor_idx').on(table.investorId, table.uploadedAt),
    check('accreditation_evidence_status_check', inList('status', ['pending', 'approved', 'rejected'])),
  ],
);

export const earlyRedemptionStatuses = [
  'requested',
  'first_approval',
  'approved',
  'paid',
  'declined',
  'cancelled',
  'failed',
] as const;

/**
 * Early redemption requests (migration 0450, decisions 1950-1953): queued first come first
 * served, approved (by two different admins above the threshold) or declined with a reason,
 * cancelled by the investor until approved, paid by `pay-early-redemptions`.
 */
export const earlyRedemptions = pgTable(
  'early_redemptions',
  {
    id: id(),
    investmentId: uuid('investment_id').notNull(),
    investorId: uuid('investor_id').notNull(),
    isWhole: boolean('is_whole').notNull(),
    /** The earning principal redeemed (a whole redemption: all of it). */
    principalAmount: money('principal_amount').notNull(),
    status: text('status').notNull().default('requested'),
    requestedAt: at('requested_at').notNull(),
    firstApprovedBy: uuid('first_approved_by').references(() => adminUsers.id),
    firstApprovedAt: at('first_approved_at'),
    approvedBy: uuid('approved_by').references(() => adminUsers.id),
    approvedAt: at('approved_at'),
    /** The business day the job pays it (set on approval). */
    paymentDate: date('payment_date', { mode: 'string' }),
    declinedBy: uuid('declined_by').references(() => adminUsers.id),
    declinedAt: at('declined_at'),
    /** Shown to the investor. */
    declineReason: text('decline_reason'),
    cancelledAt: at('cancelled_at'),
    paidAt: at('paid_at'),
    /** The day the redeemed amount stopped earning (the paying run's date). */
    redemptionDate: date('redemption_date', { mode: 'string' }),
    principalPaid: money('principal_paid'),
    interestPaid: money('interest_paid'),
    penalty: money('penalty'),
    amountPaid: money('amount_paid'),
    achPaymentId: uuid('ach_payment_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({
      name: 'early_redemptions_note_investor_fk',
      columns: [table.investmentId, table.investorId],
      foreignColumns: [investments.id, investments.investorId],
    }),
    uniqueIndex('early_redemptions_one_open_per_note')
      .on(table.investmentId)
      .where(sql`status in ('requested', 'first_approval', 'approved')`),
    index('early_redemptions_queue_idx').on(table.status, table.requestedAt, table.id),
    index('early_redemptions_investor_idx').on(table.investorId, table.requestedAt),
    check('early_redemptions_status_check', inList('status', earlyRedemptionStatuses)),
    check('early_redemptions_amount_check', sql.raw('principal_amount > 0')),
    check(
      'early_redemptions_four_eyes_check',
      sql.raw('approved_by is null or first_approved_by is null or approved_by <> first_approved_by'),
    ),
    check(
      'early_redemptions_declined_check',
      sql.raw(`(status = 'declined') = (decline_reason is not null)`),
    ),
    check(
      'early_redemptions_approved_check',
      sql.raw(
        `(status in ('approved', 'paid', 'failed')) = (approved_by is not null and payment_date is not null)`,
      ),
    ),
    check(
      'early_redemptions_paid_check',
      sql.raw(
        `(status = 'paid') = (amount_paid is not null and penalty is not null and redemption_date is not null)`,
      ),
    ),
  ],
);

// ---------------------------------------------------------------- W-9 and backup withholding (issue 25)

export const backupWithholdingReasons = ['no_certified_tin', 'certified_subject', 'b_notice'] as const;
export const backupWithholdingNoticeKinds = ['first', 'second'] as const;
export const backupWithholdingNoticeResolutions = [
  'certified_tin_received',
  'irs_or_ssa_validation',
  'recorded_in_error',
] as const;

/**
 * The investor's Form W-9 certification of the TIN on file (decision 1910): the text's version,
 * when, from where, and whether item 2 was crossed out. One current row per investor; a change of
 * TIN supersedes it.
 */
export const tinCertifications = pgTable(
  'tin_certifications',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id'),
    certificationVersion: text('certification_version').notNull(),
    tinType: text('tin_type').notNull(),
    tinLastFour: text('tin_last_four').notNull(),
    legalName: text('legal_name').notNull(),
    /** Item 2 crossed out: the IRS told the investor they are subject to backup withholding. */
    subjectToBackupWithholding: boolean('subject_to_backup_withholding').notNull(),
    isUsPerson: boolean('is_us_person').notNull(),
    fatcaCode: text('fatca_code'),
    certifiedAt: at('certified_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    supersededAt: at('superseded_at'),
    supersededReason: text('superseded_reason'),
  },
  (table) => [
    uniqueIndex('tin_certifications_current_key').on(table.investorId).where(sql`superseded_at is null`),
    index('tin_certifications_investor_idx').on(table.investorId, table.certifiedAt),
    check('tin_certifications_tin_type_check', inList('tin_type', ['ssn', 'itin'])),
    check('tin_certifications_us_person_check', sql.raw('is_us_person')),
    check('tin_certifications_fatca_check', sql.raw(`fatca_code is null or fatca_code ~ '^[A-M]$'`)),
    check(
      'tin_certifications_superseded_check',
      sql.raw('(superseded_at is null) = (superseded_reason is null)'),
    ),
  ],
);

/** IRS "B notices" (CP2100/972CG-listed TIN mismatches) staff record, and their resolution (decision 1913). */
export const backupWithholdingNotices = pgTable(
  'backup_withholding_notices',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    noticeKind: text('notice_kind').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => adminUsers.id),
    recordedAt: at('recorded_at').notNull(),
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => adminUsers.id),
    resolvedAt: at('resolved_at'),
  },
  (table) => [
    uniqueIndex('backup_withholding_notices_open_key').on(table.investorId).where(sql`resolved_at is null`),
    index('backup_withholding_notices_investor_idx').on(table.investorId, table.recordedAt),
    check('backup_withholding_notices_kind_check', inList('notice_kind', backupWithholdingNoticeKinds)),
    check(
      'backup_withholding_notices_resolution_check',
      sql.raw(
        `resolution is null or resolution in ('certified_tin_received', 'irs_or_ssa_validation', 'recorded_in_error')`,
      ),
    ),
    check(
      'backup_withholding_notices_resolved_check',
      sql.raw(
        '(resolved_at is null) = (resolution is null) AND (resolved_at is null) = (resolved_by is null)',
      ),
    ),
  ],
);

/**
 * The withholding liability account (decision 1911): + for each interest entry withheld from,
 * - for each reversal of one. Its sum is what is held for the IRS (Form 945).
 */
export const backupWithholdingEntries = pgTable(
  'backup_withholding_entries',
  {
    id: timeOrderedId(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => investmentTransactions.id),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    interestAmount: money('interest_amount').notNull(),
    amount: money('amount').notNull(),
    rate: numeric('rate', { precision: 6, scale: 4 }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('backup_withholding_entries_transaction_key').on(table.transactionId),
    index('backup_withholding_entries_year_idx').on(table.entryDate, table.investorId),
    index('backup_withholding_entries_investor_idx').on(table.investorId, table.entryDate),
    check('backup_withholding_entries_reason_check', inList('reason', backupWithholdingReasons)),
    check('backup_withholding_entries_amount_check', sql.raw('amount <> 0')),
  ],
);

// ---------------------------------------------------------------- liquidity (issue 27)

/** An operating or reserve account's balance on a date, as staff recorded it (decision 1941). */
export const cashPositions = pgTable(
  'cash_positions',
  {
    id: id(),
    accountName: text('account_name').notNull(),
    accountKind: text('account_kind').notNull(),
    balance: numeric('balance', { precision: 16, scale: 2 }).notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** `recorded` at once up to the four-eyes threshold; above it `pending` until another admin decides. */
    status: text('status').notNull(),
    source: text('source').notNull().default('manual'),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => adminUsers.id),
    recordedAt: at('recorded_at').notNull(),
    decidedBy: uuid('decided_by').references(() => adminUsers.id),
    decidedAt: at('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    index('cash_positions_account_idx')
      .on(table.accountName, table.asOf.desc(), table.recordedAt.desc())
      .where(sql`status = 'recorded'`),
    index('cash_positions_status_idx').on(table.status, table.recordedAt),
    check('cash_positions_kind_check', inList('account_kind', ['operating', 'reserve'])),
    check('cash_positions_status_check', inList('status', ['pending', 'recorded', 'rejected'])),
    check('cash_positions_source_check', inList('source', ['manual', 'csv'])),
    check('cash_positions_balance_check', sql.raw('balance >= 0')),
    check('cash_positions_name_check', sql.raw('length(account_name) between 1 and 80')),
    check('cash_positions_four_eyes_check', sql.raw('decided_by is null or decided_by <> recorded_by')),
    check('cash_positions_decided_check', sql.raw(`(status = 'pending') = (decided_at is null)`)),
  ],
);

/** Every daily coverage check, with its figures, and its acknowledgement (decision 1942). */
export const liquidityChecks = pgTable(
  'liquidity_checks',
  {
    id: id(),
    /** The order checks were made in (several can share a clock instant). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    horizonUntil: date('horizon_until', { mode: 'string' }).notNull(),
    threshold: numeric('threshold', { precision: 8, scale: 4 }).notNull(),
    cash: numeric('cash', { precision: 16, scale: 2 }).notNull(),
    inflows: numeric('inflows', { precision: 16, scale: 2 }).notNull(),
    obligations: numeric('obligations', { precision: 16, scale: 2 }).notNull(),
    coverage: numeric('coverage', { precision: 14, scale: 4 }),
    isBelow: boolean('is_below').notNull(),
    firstBelowPeriod: date('first_below_period', { mode: 'string' }),
    figures: jsonb('figures').notNull(),
    staffEmailed: integer('staff_emailed').notNull().default(0),
    acknowledgedBy: uuid('acknowledged_by').references(() => adminUsers.id),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgementNote: text('acknowledgement_note'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('liquidity_checks_created_idx').on(table.createdAt.desc()),
    index('liquidity_checks_open_idx').on(table.createdAt).where(sql`is_below and acknowledged_at is null`),
    check(
      'liquidity_checks_acknowledged_check',
      sql.raw('(acknowledged_by is null) = (acknowledged_at is null)'),
    ),
  ],
);

/** The public coverage page's daily figures and published digest (decision 1943). */
export const transparencySnapshots = pgTable(
  'transparency_snapshots',
  {
    id: id(),
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    figures: jsonb('figures').notNull(),
    rootHash: text('root_hash').notNull(),
    totalOutstanding: numeric('total_outstanding', { precision: 16, scale: 2 }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    noteCount: integer('note_count').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('transparency_snapshots_created_idx').on(table.createdAt.desc())],
);

/** A snapshot's leaves: random parts of each note's outstanding amount, salted, at shuffled positions. */
export const transparencyLeaves = pgTable(
  'transparency_leaves',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => transparencySnapshots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    investmentId: uuid('investment_id').notNull(),
    investorId: uuid('investor_id').notNull(),
    part: integer('part').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    salt: text('salt').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.snapshotId, table.position] }),
    index('transparency_leaves_investor_idx').on(table.snapshotId, table.investorId),
  ],
);

/** A snapshot's tree nodes from the block level up. */
export const transparencyNodes = pgTable(
  'transparency_nodes',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => transparencySnapshots.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.level, table.position] })],
);

// ---------------------------------------------------------------- consents and paper mail

export const consentKindValues = ['electronic_records', 'tax_forms'] as const;
export const consentActions = ['given', 'withdrawn'] as const;

/**
 * Consents to electronic delivery as a history (decisions 1920-1922): the latest row per
 * investor and kind is the state; each carries the disclosure version it answered.
 */
export const electronicConsents = pgTable(
  'electronic_consents',
  {
    id: id(),
    /** The order events happened in, even within one clock tick: the latest is the state. */
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    disclosureVersion: text('disclosure_version').notNull(),
    recordedAt: at('recorded_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('electronic_consents_latest_idx').on(table.investorId, table.kind, table.seq.desc()),
    check('electronic_consents_kind_check', inList('kind', consentKindValues)),
    check('electronic_consents_action_check', inList('action', consentActions)),
  ],
);

/** A print batch: one PDF of mail pieces, marked mailed with a date and count (decision 1924). */
export const paperMailBatches = pgTable(
  'paper_mail_batches',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    taxYear: integer('tax_year'),
    pieceCount: integer('piece_count').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => adminUsers.id),
    createdAt: createdAt(),
    mailedOn: date('mailed_on', { mode: 'string' }),
    mailedCount: integer('mailed_count'),
    mailedBy: uuid('mailed_by').references(() => adminUsers.id),
    mailedRecordedAt: at('mailed_recorded_at'),
  },
  (table) => [
    index('paper_mail_batches_purpose_idx').on(table.purpose, table.createdAt.desc()),
    check('paper_mail_batches_purpose_check', inList('purpose', ['tax_forms', 'records'])),
    check('paper_mail_batches_year_check', sql.raw(`(purpose = 'tax_forms') = (tax_year is not null)`)),
    check(
      'paper_mail_batches_count_check',
      sql.raw('piece_count > 0 AND (mailed_count is null OR mailed_count between 1 and piece_count)'),
    ),
    check(
      'paper_mail_batches_mailed_check',
      sql.raw('(mailed_on is null) = (mailed_count is null) AND (mailed_on is null) = (mailed_by is null)'),
    ),
  ],
);

/** A document to be mailed: waiting while batch_id is null, then printed in its batch. */
export const paperMailItems = pgTable(
  'paper_mail_items',
  {
    id: id(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    documentKind: text('document_kind').notNull(),
    /** tax_forms.id, investor_statements.id or investor_notice_queue.id, by document_kind. */
    documentId: uuid('document_id').notNull(),
    reason: text('reason').notNull(),
    requestedAt: at('requested_at').notNull(),
    batchId: uuid('batch_id').references(() => paperMailBatches.id),
  },
  (table) => [
    uniqueIndex('paper_mail_items_waiting_key')
      .on(table.documentKind, table.documentId)
      .where(sql`batch_id is null`),
    index('paper_mail_items_document_idx').on(table.documentKind, table.documentId),
    index('paper_mail_items_batch_idx').on(table.batchId),
    index('paper_mail_items_investor_idx').on(table.investorId, table.requestedAt.desc()),
    check('paper_mail_items_kind_check', inList('document_kind', ['tax_form', 'statement', 'notice'])),
    check(
      'paper_mail_items_reason_check',
      inList('reason', ['no_consent', 'consent_withdrawn', 'requested']),
    ),
  ],
);
