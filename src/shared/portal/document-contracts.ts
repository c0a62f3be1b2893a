/**
 * Contracts of the investor's documents: promissory notes and tax forms (PRODUCT.md 20),
 * monthly statements and the signed agreements (issue 17, decision 1720).
 */
import { z } from 'zod';
import { investmentStatuses } from '../ledger/ledger-model';
import { isoDateString, moneyString } from '../products/contracts';
import { investmentTypes } from '../products/plans';

export { statementMonthOf, statementMonthLabel, statementFileName } from './statement-months';

export const promissoryNoteSummary = z.object({
  investment_id: z.uuid(),
  investment_type: z.enum(investmentTypes),
  principal_amount: moneyString,
  interest_rate_annual: z.string(),
  start_date: isoDateString,
  status: z.enum(investmentStatuses),
});

export const taxFormSummary = z.object({
  year: z.number().int(),
  /** Interest paid or credited in the year (1099-INT box 1). */
  interest: moneyString,
});

/** A year with interest whose form the tax run has not issued yet, and when it will be there. */
export const upcomingTaxForm = z.object({
  year: z.number().int(),
  message: z.string(),
});

export const statementSummary = z.object({
  /** The month covered, as YYYY-MM (also the download path's key). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  opening_balance: moneyString,
  closing_balance: moneyString,
  generated_at: z.string(),
});

export const agreementKinds = ['purchase', 'conversion'] as const;

export const signedAgreementSummary = z.object({
  investment_id: z.uuid(),
  kind: z.enum(agreementKinds),
  investment_type: z.enum(investmentTypes),
  agreement_version: z.string(),
  amount: moneyString,
  accepted_at: z.string(),
});

export const documentListResponse = z.object({
  statements: z.array(statementSummary),
  signed_agreements: z.array(signedAgreementSummary),
  promissory_notes: z.array(promissoryNoteSummary),
  /** Whether the investor gave the identity details a tax form needs. */
  has_tax_record: z.boolean(),
  /** The forms the year-end tax run has issued (the current version of each). */
  tax_forms: z.array(taxFormSummary),
  upcoming_tax_forms: z.array(upcomingTaxForm),
});
export type DocumentListResponse = z.infer<typeof documentListResponse>;

export const taxYearParams = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/** `2026-03` in a statement's path: a month from 1900 to 2199 (the supported date range). */
export const statementMonthParams = z.object({
  month: z.string().regex(/^(19\d{2}|2[01]\d{2})-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM.'),
});
