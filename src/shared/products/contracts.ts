import { z } from 'zod';
import { investmentTypes } from './plans';

export const moneyString = z
  .string()
  .regex(/^-?\d{1,12}\.\d{2}$/, 'must be a decimal amount with two places');
export const rateString = z.string().regex(/^0?\.\d{1,6}$|^0$/, 'must be a decimal fraction');
export const isoDateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const productSchema = z.object({
  id: z.uuid(),
  display_name: z.string(),
  investment_type: z.enum(investmentTypes),
  description: z.string().nullable(),
  interest_rate_annual: z.string(),
  term_years: z.number().int(),
  minimum_purchase_amount: moneyString,
  available_from: isoDateString.nullable(),
  available_until: isoDateString.nullable(),
  is_active: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponse = z.object({ products: z.array(productSchema) });
export type ProductListResponse = z.infer<typeof productListResponse>;
