import { z } from 'zod';
import { isoInstant, optionalCalendarDate } from '../dates/date-schemas';
import { parseMoneyToCents } from '../money/decimal-string';
import { investmentTypes } from '../products/plans';
import { moneyString } from '../products/contracts';

/** The spec's product messages (admin spec 8) and empty states. */
export const productMessages = {
  saveFailed: 'Failed to save product',
  toggleFailed: 'Failed to update product status',
  loadFailed: 'Failed to fetch products',
  noProducts: 'No investment products found',
  noMatches: 'No products match the current filters',
  noAuditLogs: 'No audit logs found',
  stale: 'This product was changed by someone else. Reload to see the change, then try again.',
} as const;

export const ADMIN_PAGE_SIZE = 20;
export const MAX_TERM_YEARS = 30;

const optionalDate = optionalCalendarDate();

/**
 * A product as an admin enters it (admin spec 5). The rate is a percent ("9.5") and is stored
 * divided by 100 (0.095); the minimum is dollars with at most two decimals.
 */
export const productInputSchema = z
  .object({
    display_name: z.string().trim().min(1, 'Name is required').max(120, 'Name is too long'),
    investment_type: z.enum(investmentTypes).default('standard'),
    description: z
      .string()
      .trim()
      .max(2000, 'Description is too long')
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    interest_rate_percent: z
      .string()
      .trim()
      .min(1, 'Rate is required')
      .regex(/^\d{1,2}(\.\d{1,4})?$/, 'Enter the rate as a percent with up to 4 decimals, e.g. 9.5')
      .refine((value) => /[1-9]/.test(value), 'Rate must be more than 0%'),
    term_years: z
      .number({ error: 'Term is required' })
      .int('Term must be a whole number of years')
      .min(1, 'Term must be at least 1 year')
      .max(MAX_TERM_YEARS, `Term must be at most ${MAX_TERM_YEARS} years`),
    minimum_purchase_amount: z
      .string()
      .trim()
      .min(1, 'Minimum investment is required')
      .refine((value) => {
        const cents = parseMoneyToCents(value);
        return cents !== null && cents > 0n;
      }, 'Enter a minimum investment in dollars, e.g. 5000'),
    available_from: optionalDate,
    available_until: optionalDate,
  })
  .refine(
    (value) =>
      !value.available_from || !value.available_until || value.available_from <= value.available_until,
    { path: ['available_until'], message: 'Available until must be on or after available from' },
  );
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

const version = isoInstant('updated_at must be the version last seen');

export const productUpdateRequest = z.object({ product: productInputSchema, updated_at: version });
export type ProductUpdateRequest = z.input<typeof productUpdateRequest>;

/** The spec's toggle: `updated_at` is the version the client last saw; a newer change makes it stale. */
export const productToggleRequest = z.object({ id: z.uuid(), is_active: z.boolean(), updated_at: version });
export type ProductToggleRequest = z.infer<typeof productToggleRequest>;

export const adminProductSchema = z.object({
  id: z.uuid(),
  display_name: z.string(),
  investment_type: z.enum(investmentTypes),
  description: z.string().nullable(),
  interest_rate_annual: z.string(),
  term_years: z.number().int(),
  minimum_purchase_amount: moneyString,
  available_from: z.string().nullable(),
  available_until: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productActiveFilters = ['all', 'active', 'inactive'] as const;
export type ProductActiveFilter = (typeof productActiveFilters)[number];

export const adminProductListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  type: z.enum(investmentTypes).optional(),
  active: z.enum(productActiveFilters).default('all'),
  q: z.string().trim().max(100).optional(),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;

export const adminProductListResponse = z.object({
  products: z.array(adminProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Products with no filter applied: tells "none at all" from "none match the filters". */
  catalogue_size: z.number().int(),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponse>;

export const adminProductResponse = z.object({ product: adminProductSchema });

export const productAuditActions = ['created', 'updated', 'activated', 'deactivated'] as const;

export const productAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(productAuditActions),
  admin: z
    .object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  new_values: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type ProductAuditEntry = z.infer<typeof productAuditEntrySchema>;

export const productAuditQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const productAuditResponse = z.object({
  entries: z.array(productAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ProductAuditResponse = z.infer<typeof productAuditResponse>;

/** The stored fraction as the percent an admin typed ("0.071234" -> "7.1234", "0.08" -> "8"), exactly. */
export function rateFractionToPercent(fraction: string): string {
  const [whole = '0', decimals = ''] = fraction.trim().split('.');
  const millionths = BigInt(whole || '0') * 1_000_000n + BigInt((decimals + '000000').slice(0, 6));
  const integer = millionths / 10_000n;
  const rest = (millionths % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : `${integer}`;
}

/** The rate for lists: exact, with at least two decimals ("0.095" -> "9.50%", "0.071234" -> "7.1234%"). */
export function formatRatePercent(fraction: string): string {
  const percent = rateFractionToPercent(fraction);
  const [integer, decimals = ''] = percent.split('.');
  return `${integer}.${decimals.padEnd(2, '0')}%`;
}
