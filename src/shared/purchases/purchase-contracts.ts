/** Contracts of the purchase flow: the funding accounts offered and the BUY request. */
import { z } from 'zod';
import { isoDateString, moneyString } from '../products/contracts';
import { investmentTypes } from '../products/plans';
import { maturityInstruction } from '../investments/maturity-instruction';

export const fundingAccount = z.object({
  id: z.uuid(),
  institution_name: z.string(),
  account_type: z.string(),
  account_name: z.string().nullable(),
  account_last_four: z.string(),
  is_primary: z.boolean(),
});
export type FundingAccount = z.infer<typeof fundingAccount>;

export const purchaseOptionsResponse = z.object({
  /** The investor's verified bank accounts, primary first. */
  funding_accounts: z.array(fundingAccount),
  /** The High-Yield terms a rollover at maturity can choose today. */
  rollover_terms: z.array(z.object({ term_years: z.number().int(), interest_rate_annual: z.string() })),
  maximum_purchase_amount: moneyString,
  agreement_version: z.string(),
  /** The business date today: a note bought now starts on it (the review shows its maturity date). */
  today: isoDateString,
});
export type PurchaseOptionsResponse = z.infer<typeof purchaseOptionsResponse>;

export const purchaseRequest = z.object({
  product_id: z.string().max(64).nullable(),
  term_years: z.number().int().min(1).max(50).nullable(),
  /** Decimal dollars as typed; the server checks and normalises it. */
  amount: z.string().max(32),
  /** The rate the investor saw, so a rate change in between is never bought unseen. */
  interest_rate_annual: z.string().max(16),
  funding_account_id: z.string().max(64),
  agreement_version: z.string().max(32),
  consent: z.boolean(),
  /** High-Yield: what happens at maturity (default: paid out to the bank). Ignored for Standard. */
  maturity_instruction: maturityInstruction.optional(),
  /** Standard: reinvest the monthly interest in the note from its first month (decision 1740). Off by default. */
  reinvest_interest: z.boolean().optional(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

export const purchasedInvestment = z.object({
  id: z.uuid(),
  /** First 8 characters of the id, uppercase. */
  reference: z.string(),
  investment_type: z.enum(investmentTypes),
  principal_amount: moneyString,
  interest_rate_annual: z.string(),
  term_years: z.number().int(),
  start_date: isoDateString,
  maturity_date: isoDateString,
  status: z.string(),
  funding_expected_on: isoDateString,
  /** Standard: whether the note reinvests its interest (decision 1740). */
  reinvests_interest: z.boolean(),
});
export type PurchasedInvestment = z.infer<typeof purchasedInvestment>;

export const purchaseResponse = z.object({ investment: purchasedInvestment });
export type PurchaseResponse = z.infer<typeof purchaseResponse>;
