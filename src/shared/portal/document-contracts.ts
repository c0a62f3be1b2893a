/** Contracts of the discover-more documents: promissory notes and tax forms (PRODUCT.md 20). */
import { z } from 'zod';
import { investmentStatuses } from '../ledger/ledger-model';
import { isoDateString, moneyString } from '../products/contracts';
import { investmentTypes } from '../products/plans';

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

export const documentListResponse = z.object({
  promissory_notes: z.array(promissoryNoteSummary),
  /** Whether the investor gave the identity details a tax form needs. */
  has_tax_record: z.boolean(),
  tax_forms: z.array(taxFormSummary),
});
export type DocumentListResponse = z.infer<typeof documentListResponse>;

export const taxYearParams = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/** A 1099-INT is issued for a year with more than this much interest (PRODUCT.md 20). */
export const TAX_FORM_THRESHOLD = '10.00';
