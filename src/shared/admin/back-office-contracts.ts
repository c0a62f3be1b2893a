/**
 * Contracts of the back office's investor lifecycle, four-eyes adjustments and year-end tax
 * run (issue 16 items 3-5; decisions 1620-1622). Shared by the routes, the API client and the forms.
 */
import { z } from 'zod';
import { investorStatuses } from '../auth/next-screen';
import { withdrawalStatuses } from '../ledger/ledger-model';
import { isoDateString, moneyString } from '../products/contracts';

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;
export const ADJUSTMENTS_PAGE_SIZE = 20;
export const MESSAGES_SHOWN = 20;
/** The largest single manual adjustment staff may propose. */
export const ADJUSTMENT_MAXIMUM = '1000000.00';

export const reasonSchema = z
  .string()
  .trim()
  .min(REASON_MIN_LENGTH, `Give a reason of at least ${REASON_MIN_LENGTH} characters`)
  .max(REASON_MAX_LENGTH, `Keep the reason under ${REASON_MAX_LENGTH} characters`);

export const reasonRequest = z.object({ reason: reasonSchema });
export type ReasonRequest = z.infer<typeof reasonRequest>;

export const investorIdParams = z.object({ id: z.uuid() });

/** Investor-facing and staff-facing messages of the lifecycle, word for word. */
export const lifecycleMessages = {
  alreadySuspended: 'This investor is already suspended.',
  notSuspended: 'Only a suspended investor can be reinstated.',
  alreadyClosed: 'This account is closed.',
  closeBlocked: 'The account still holds money or has money in flight; transfer it out first.',
  withdrawalNotPending: 'Only a pending transfer can be cancelled.',
  investorNotFound: 'Investor not found',
  withdrawalNotFound: 'Transfer not found',
} as const;

export const closeBlockers = [
  'notes_with_value',
  'pending_withdrawals',
  'payments_in_flight',
  'amounts_owed',
] as const;
export type CloseBlocker = (typeof closeBlockers)[number];

export const closeBlockerLabels: Record<CloseBlocker, string> = {
  notes_with_value: 'Notes still hold money',
  pending_withdrawals: 'Transfers to the bank are pending',
  payments_in_flight: 'Bank payments are still in flight',
  amounts_owed: 'Amounts owed are still open',
};

const statusChangeSchema = z.object({
  id: z.uuid(),
  from_status: z.string(),
  to_status: z.string(),
  reason: z.string(),
  admin_name: z.string(),
  created_at: z.string(),
});

const bankAccountSchema = z.object({
  id: z.uuid(),
  institution_name: z.string(),
  account_type: z.string(),
  account_last_four: z.string(),
  verification_status: z.string(),
  is_primary: z.boolean(),
  linked_at: z.string(),
  removed_at: z.string().nullable(),
});

const withdrawalSchema = z.object({
  id: z.uuid(),
  amount: moneyString,
  status: z.enum(withdrawalStatuses),
  requested_at: z.string(),
  scheduled_for: isoDateString,
  bank_last_four: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
});

const messageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});

export const adminInvestorAccountResponse = z.object({
  investor_id: z.uuid(),
  status: z.enum(investorStatuses),
  status_reason: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  status_history: z.array(statusChangeSchema),
  live_session_count: z.number().int(),
  identity: z
    .object({
      legal_name: z.string(),
      city: z.string(),
      state: z.string(),
      tin_type: z.enum(['ssn', 'itin']),
      tin_last_four: z.string(),
      kyc_status: z.string(),
      kyc_checked_at: z.string(),
    })
    .nullable(),
  bank_accounts: z.array(bankAccountSchema),
  pending_withdrawals: z.array(withdrawalSchema),
  messages: z.array(messageSchema),
  close_blockers: z.array(z.enum(closeBlockers)),
});
export type AdminInvestorAccountResponse = z.infer<typeof adminInvestorAccountResponse>;

export const lifecycleResultResponse = z.object({
  status: z.enum(investorStatuses),
  sessions_revoked: z.number().int(),
});
export type LifecycleResultResponse = z.infer<typeof lifecycleResultResponse>;

export const withdrawalIdParams = z.object({ id: z.uuid() });

// ---------------------------------------------------------------- four-eyes adjustments

export const adjustmentDirections = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof adjustmentDirections)[number];
export const adjustmentStatuses = ['pending', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

export const adjustmentMessages = {
  ownProposal: 'You proposed this adjustment; a different admin must approve it.',
  notPending: 'This adjustment has already been decided.',
  belowZero: 'This debit would take the note below zero.',
  noteNotAdjustable: 'Only an active or matured note can be adjusted.',
  noteNotFound: 'Note not found',
  adjustmentNotFound: 'Adjustment not found',
  amountInvalid: 'Enter an amount greater than 0.00 with at most two decimals, up to 1,000,000.00.',
} as const;

/** A positive amount with at most two decimals, up to the maximum, exact (no floats). */
export const adjustmentAmount = z
  .string()
  .trim()
  .refine((value) => {
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return false;
    const [whole = '0', fraction = ''] = value.split('.');
    const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
    return cents > 0n && cents <= 100000000n;
  }, adjustmentMessages.amountInvalid);

export const proposeAdjustmentRequest = z.object({
  investment_id: z.uuid(),
  direction: z.enum(adjustmentDirections),
  amount: adjustmentAmount,
  reason: reasonSchema,
});
export type ProposeAdjustmentRequest = z.infer<typeof proposeAdjustmentRequest>;

export const adjustmentListQuery = z.object({
  status: z.enum(adjustmentStatuses).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdjustmentListQuery = z.infer<typeof adjustmentListQuery>;

export const adjustmentSchema = z.object({
  id: z.uuid(),
  investment_id: z.uuid(),
  investment_type: z.string(),
  investor: z.object({
    id: z.uuid(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
  }),
  direction: z.enum(adjustmentDirections),
  amount: moneyString,
  reason: z.string(),
  status: z.enum(adjustmentStatuses),
  proposed_by: z.object({ id: z.uuid(), name: z.string() }),
  proposed_at: z.string(),
  decided_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  transaction_id: z.uuid().nullable(),
  /** The note's value now, from the ledger. */
  note_value: moneyString,
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentResponse = z.object({ adjustment: adjustmentSchema });
export const adjustmentListResponse = z.object({
  adjustments: z.array(adjustmentSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type AdjustmentListResponse = z.infer<typeof adjustmentListResponse>;

export const adjustmentIdParams = z.object({ id: z.uuid() });

// ---------------------------------------------------------------- year-end tax run

export const FIRST_TAX_YEAR = 1900;

/** A tax year: bounded like every date (decision 1302); the service also refuses a year not yet ended. */
export const taxYearSchema = z.coerce.number().int().min(FIRST_TAX_YEAR).max(2199);

export const taxRunRequest = z.object({ tax_year: taxYearSchema });
export type TaxRunRequest = z.infer<typeof taxRunRequest>;

/** Forms per page of the tax screen's list (a year can hold a million). */
export const TAX_FORMS_PAGE_SIZE = 50;

export const taxRunQuery = z.object({
  year: taxYearSchema.optional(),
  /** The page of the current forms' list. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const fireFileKinds = ['original', 'correction'] as const;
export type FireFileKind = (typeof fireFileKinds)[number];

export const fireFileQuery = z.object({
  year: taxYearSchema,
  kind: z.enum(fireFileKinds).default('original'),
  /** A test file for the IRS's FIRE test system (T record position 28 = "T"). */
  test: z.enum(['true', 'false']).default('false'),
});

export const taxRunMessages = {
  yearNotEnded: 'Tax forms can be issued only for a year that has ended.',
  fireNotConfigured:
    'Set PAYER_TIN and IRS_TCC (and IRS_CONTACT_NAME, IRS_CONTACT_PHONE) to produce the IRS file.',
  noForms: 'No forms of this kind have been issued for that year.',
} as const;

export const taxRunSchema = z.object({
  id: z.uuid(),
  tax_year: z.number().int(),
  started_by: z.string(),
  started_at: z.string(),
  forms_issued: z.number().int(),
  corrections_issued: z.number().int(),
  unchanged_count: z.number().int(),
  missing_tax_record_count: z.number().int(),
  total_interest: moneyString,
});
export type TaxRun = z.infer<typeof taxRunSchema>;

export const taxFormSummarySchema = z.object({
  id: z.uuid(),
  investor_id: z.uuid(),
  recipient_name: z.string(),
  tin_last_four: z.string(),
  interest_amount: moneyString,
  /** Box 4: backup withholding (decision 1911). */
  federal_tax_withheld: moneyString,
  version: z.number().int(),
  is_correction: z.boolean(),
  issued_at: z.string(),
});
export type TaxFormSummary = z.infer<typeof taxFormSummarySchema>;

export const taxYearOverviewResponse = z.object({
  tax_year: z.number().int(),
  /** The latest year that has ended (business time zone). */
  latest_year: z.number().int(),
  runs: z.array(taxRunSchema),
  /** One page of the year's current forms (by recipient name); `totals.form_count` counts them all. */
  forms: z.array(taxFormSummarySchema),
  forms_page: z.number().int(),
  totals: z.object({
    form_count: z.number().int(),
    interest: moneyString,
    /** Box 4 over the current forms. */
    federal_tax_withheld: moneyString,
    correction_count: z.number().int(),
    original_count: z.number().int(),
  }),
  /** Investors with at least the threshold of interest but no tax record (no form possible): how many. */
  missing_tax_record_count: z.number().int(),
  /** The first 100 of them. */
  missing_tax_records: z.array(z.object({ investor_id: z.uuid(), email: z.string(), interest: moneyString })),
  is_fire_configured: z.boolean(),
  /** What running the year now would do: forms it issues and corrects, one investor notice each. */
  next_run: z.object({ new_forms: z.number().int(), corrections: z.number().int() }),
});
export type TaxYearOverviewResponse = z.infer<typeof taxYearOverviewResponse>;

export const taxRunResponse = z.object({ run: taxRunSchema });
