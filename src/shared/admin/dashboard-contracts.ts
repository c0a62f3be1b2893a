import { z } from 'zod';
import { owedDirections, owedStatuses } from '../ledger/amounts-owed';
import { moneyString } from '../products/contracts';
import { identityStatuses } from '../banking/contracts';
import { watchlistStatuses } from '../banking/watchlist';
import { searchKinds } from './dashboard-rules';

export {
  dashboardMessages,
  RECENT_TRANSACTION_COUNT,
  SEARCH_RESULTS_PER_KIND,
  SEARCH_MIN_TEXT_LENGTH,
  SEARCH_MIN_PHONE_DIGITS,
  INVESTOR_DETAIL_TRANSACTION_COUNT,
  INVESTOR_DETAIL_TRANSACTIONS_SHOWN,
  searchKinds,
  classifySearchQuery,
} from './dashboard-rules';
export type { SearchKind, ClassifiedSearch } from './dashboard-rules';

export const reinvestmentKinds = ['conversion', 'rollover'] as const;
export type ReinvestmentKind = (typeof reinvestmentKinds)[number];

const investorReference = z.object({
  id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
});

export const adminTransactionSchema = z.object({
  id: z.uuid(),
  investment_id: z.uuid(),
  transaction_type: z.string(),
  /** Names interest entries: paid to the bank (Standard) or added to the note (High-Yield). */
  investment_type: z.string(),
  amount: moneyString,
  /** The signed change to its note's value: for a reinvestment, out of the note (-) or into it (+). */
  value_effect: moneyString,
  /** For reinvestment entries: which movement the pair belongs to (a conversion or a rollover). */
  reinvestment_kind: z.enum(reinvestmentKinds).nullable(),
  transaction_date: z.string(),
  created_at: z.string(),
  investor: investorReference,
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const platformSummarySchema = z.object({
  assets_under_management: moneyString,
  investor_count: z.number().int(),
  active_investor_count: z.number().int(),
  interest_paid: moneyString,
  active_investment_count: z.number().int(),
  refreshed_at: z.string().nullable(),
});
export type PlatformSummary = z.infer<typeof platformSummarySchema>;

export const adminDashboardResponse = z.object({
  summary: platformSummarySchema,
  recent_transactions: z.array(adminTransactionSchema),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

export const adminSearchQuery = z.object({ q: z.string().max(200).default('') });

export const adminInvestorResultSchema = z.object({
  id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type AdminInvestorResult = z.infer<typeof adminInvestorResultSchema>;

export const adminInvestmentResultSchema = z.object({
  id: z.uuid(),
  investor: investorReference,
  investment_type: z.string(),
  principal_amount: moneyString,
  interest_accrued: moneyString,
  status: z.string(),
  start_date: z.string(),
});
export type AdminInvestmentResult = z.infer<typeof adminInvestmentResultSchema>;

export const adminSearchResponse = z.object({
  kind: z.enum(searchKinds),
  investors: z.array(adminInvestorResultSchema),
  investments: z.array(adminInvestmentResultSchema),
  transactions: z.array(adminTransactionSchema),
});
export type AdminSearchResponse = z.infer<typeof adminSearchResponse>;

export const adminNoteSchema = z.object({
  id: z.uuid(),
  investment_type: z.string(),
  principal_amount: moneyString,
  /** The note's value from the ledger (purchase + credited interest - withdrawals). */
  value: moneyString,
  interest_accrued: moneyString,
  interest_rate_annual: z.string(),
  term_years: z.number().int(),
  start_date: z.string(),
  maturity_date: z.string(),
  status: z.string(),
});
export type AdminNote = z.infer<typeof adminNoteSchema>;

/** Money owed between the platform and the investor outside the notes (PRODUCT.md 36). */
export const adminAmountOwedSchema = z.object({
  id: z.uuid(),
  investment_id: z.uuid().nullable(),
  ach_payment_id: z.uuid().nullable(),
  direction: z.enum(owedDirections),
  amount: moneyString,
  reason: z.string(),
  status: z.enum(owedStatuses),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type AdminAmountOwed = z.infer<typeof adminAmountOwedSchema>;

/** The investor's identity verification as staff see it (decision 1520); no PII beyond the record's status. */
export const adminIdentitySchema = z.object({
  status: z.enum(identityStatuses),
  provider: z.string().nullable(),
  provider_status: z.string().nullable(),
  failure_reason: z.string().nullable(),
  checked_at: z.string().nullable(),
  watchlist: z.enum(watchlistStatuses),
  watchlist_reference: z.string().nullable(),
  watchlist_cleared_at: z.string().nullable(),
  watchlist_cleared_by: z.string().nullable(),
  watchlist_clear_reason: z.string().nullable(),
});
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;

export const adminInvestorDetailResponse = z.object({
  investor: adminInvestorResultSchema.extend({
    updated_at: z.string(),
    referral_code: z.string(),
    onboarding: z
      .object({
        email_verified: z.boolean(),
        phone_verified: z.boolean(),
        password_set: z.boolean(),
        last_step_completed: z.string().nullable(),
      })
      .nullable(),
    bank_account: z
      .object({
        institution_name: z.string(),
        account_type: z.string(),
        account_last_four: z.string(),
        verification_status: z.string(),
      })
      .nullable(),
  }),
  notes: z.array(adminNoteSchema),
  transactions: z.array(adminTransactionSchema),
  amounts_owed: z.array(adminAmountOwedSchema),
  identity: adminIdentitySchema,
});
export type AdminInvestorDetailResponse = z.infer<typeof adminInvestorDetailResponse>;
