/** Contracts of the account overview: balance, notes, referral, balance history and the bell. */
import { z } from 'zod';
import { maturityInstruction } from '../investments/maturity-instruction';
import { investmentStatuses } from '../ledger/ledger-model';
import { purchaseHolds } from './purchase-hold';
import { isoDateString, moneyString } from '../products/contracts';
import { investmentTypes } from '../products/plans';

/** The spec's get_account_balance (PRODUCT.md 12): values of active and matured notes, from the ledger. */
export const accountBalance = z.object({
  total_balance: moneyString,
  high_yield_total: moneyString,
  standard_total: moneyString,
  /** Interest accrued but not yet posted: never part of the balance, shown apart. */
  accruing_interest: moneyString,
});
export type AccountBalance = z.infer<typeof accountBalance>;

export const noteSummary = z.object({
  id: z.uuid(),
  investment_type: z.enum(investmentTypes),
  principal_amount: moneyString,
  interest_rate_annual: z.string(),
  term_years: z.number().int(),
  start_date: isoDateString,
  maturity_date: isoDateString,
  status: z.enum(investmentStatuses),
  /** The note's value from the ledger. */
  value: moneyString,
  /** Standard (decision 1740): this month's interest is reinvested in the note; null for High-Yield. */
  reinvests_interest: z.boolean().nullable(),
  /** Standard: the first month a switch not yet in force governs. */
  reinvestment_changes_from: isoDateString.nullable(),
  /** High-Yield (decision 1700): what happens at maturity; null for Standard and for notes without one. */
  maturity_instruction: maturityInstruction.nullable(),
});
export type NoteSummary = z.infer<typeof noteSummary>;

export const referralSummary = z.object({
  code: z.string(),
  /** Path of the invite link; the web app puts its own origin in front. */
  path: z.string(),
  signups: z.number().int().nonnegative(),
});

export const overviewResponse = z.object({
  first_name: z.string().nullable(),
  balance: accountBalance,
  /** Active and matured notes, newest first (at most OVERVIEW_NOTE_LIMIT). */
  notes: z.array(noteSummary),
  /** How many active and matured notes there are in all. */
  note_count: z.number().int().nonnegative(),
  referral: referralSummary,
  /** Money owed to the investor: credits their bank returned, until paid again (PRODUCT.md 36). */
  owed_to_you: moneyString,
  /**
   * Standard interest of the last month posted, split by where it went (decision 1740): paid to
   * the bank, or reinvested in the notes. Null before any Standard posting.
   */
  standard_monthly_interest: z
    .object({ period: isoDateString, paid_to_bank: moneyString, reinvested: moneyString })
    .nullable(),
  /** Why purchases are not possible just now (issue 24 item 15); null when they are. */
  purchase_hold: z.enum(purchaseHolds).nullable(),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;

export const OVERVIEW_NOTE_LIMIT = 6;

export const balancePoint = z.object({ date: isoDateString, balance: moneyString });
export type BalancePoint = z.infer<typeof balancePoint>;

export const balanceHistoryResponse = z.object({
  /** One point per day the balance changed, oldest first, then today. */
  points: z.array(balancePoint),
});
export type BalanceHistoryResponse = z.infer<typeof balanceHistoryResponse>;

export const investorNotification = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type InvestorNotification = z.infer<typeof investorNotification>;

export const notificationListResponse = z.object({
  notifications: z.array(investorNotification),
  unread_count: z.number().int().nonnegative(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const NOTIFICATION_LIST_LIMIT = 10;
