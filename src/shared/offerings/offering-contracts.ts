/**
 * Contracts of offerings (issue 26 section 1): the back office's /admin/offerings, the circular
 * and its acknowledgement, and the purchase form's view of an offering's limits.
 */
import { z } from 'zod';
import { isoInstant, optionalCalendarDate } from '../dates/date-schemas';
import { parseMoneyToCents } from '../money/decimal-string';
import { isoDateString, moneyString } from '../products/contracts';
import { exemptions, offeringStatuses } from './offering-rules';

/** An offering's cap is bounded like every amount (12 digits of dollars). */
const capInput = z
  .string()
  .trim()
  .max(20, 'Enter the maximum in dollars, e.g. 75000000')
  .nullable()
  .transform((value) => (value ? value : null))
  .refine((value) => {
    if (value === null) return true;
    const cents = parseMoneyToCents(value);
    return cents !== null && cents > 0n;
  }, 'Enter the maximum in dollars, e.g. 75000000');

export const offeringInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name is too long'),
  exemption: z.enum(exemptions),
  qualification_date: optionalCalendarDate(),
  maximum_per_12_months: capInput,
  status: z.enum(offeringStatuses),
  requires_accreditation_evidence: z.boolean(),
});
export type OfferingInput = z.input<typeof offeringInputSchema>;
export type OfferingValues = z.output<typeof offeringInputSchema>;

export const circularVersionSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  file_name: z.string(),
  byte_size: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
  uploaded_by_email: z.string().nullable(),
});
export type CircularVersion = z.infer<typeof circularVersionSchema>;

export const adminOfferingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  exemption: z.enum(exemptions),
  qualification_date: isoDateString.nullable(),
  maximum_per_12_months: moneyString.nullable(),
  status: z.enum(offeringStatuses),
  requires_accreditation_evidence: z.boolean(),
  is_default: z.boolean(),
  updated_at: z.string(),
  /** Sold in the 12 months ending today, and what is left under the cap (null: no cap). */
  sold_12_months: moneyString,
  left_12_months: moneyString.nullable(),
  /** Percent of the cap used, whole number, null without a cap. */
  used_percent: z.number().int().nullable(),
  /** At or past the alert threshold (OFFERING_CAP_ALERT_PERCENT). */
  is_near_cap: z.boolean(),
  product_count: z.number().int(),
  current_circular: circularVersionSchema.nullable(),
});
export type AdminOffering = z.infer<typeof adminOfferingSchema>;

export const adminOfferingListResponse = z.object({
  offerings: z.array(adminOfferingSchema),
  alert_percent: z.number().int(),
});
export type AdminOfferingListResponse = z.infer<typeof adminOfferingListResponse>;

export const adminOfferingResponse = z.object({ offering: adminOfferingSchema });

export const offeringUpdateRequest = z.object({
  offering: offeringInputSchema,
  updated_at: isoInstant(),
});

export const offeringProductsRequest = z.object({
  product_ids: z.array(z.uuid()).min(1, 'Choose at least one product').max(200),
});

export const capacityDaySchema = z.object({
  day: isoDateString,
  sold: moneyString,
  /** Sold in the 12 months ending that day. */
  sold_12_months: moneyString,
  left: moneyString.nullable(),
});

export const offeringDetailResponse = z.object({
  offering: adminOfferingSchema,
  circulars: z.array(circularVersionSchema),
  products: z.array(z.object({ id: z.uuid(), display_name: z.string(), is_active: z.boolean() })),
  /** Products of other offerings, which can be moved into this one. */
  other_products: z.array(z.object({ id: z.uuid(), display_name: z.string(), offering_name: z.string() })),
  /** The last 30 days, newest first. */
  capacity_by_day: z.array(capacityDaySchema),
});
export type OfferingDetailResponse = z.infer<typeof offeringDetailResponse>;

export const offeringIdParams = z.object({ id: z.uuid() });
export const circularParams = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().min(1).max(100_000),
});
export const circularUploadQuery = z.object({
  file_name: z
    .string()
    .trim()
    .min(1, 'A file name is required')
    .max(200, 'The file name is too long')
    .regex(/\.pdf$/i, 'The circular must be a PDF'),
});

/** The biggest circular accepted (bytes). */
export const CIRCULAR_MAX_BYTES = 15 * 1024 * 1024;

export const offeringMessagesAdmin = {
  notPdf: 'The circular must be a PDF file.',
  tooLarge: 'The circular is larger than 15 MB.',
  stale: 'This offering was changed by someone else. Reload it and try again.',
  notFound: 'Offering not found.',
} as const;

// ---------------------------------------------------------------- investor side

/** What the purchase form needs to know about a product's offering before BUY. */
export const purchaseOfferingResponse = z.object({
  offering_id: z.uuid(),
  offering_name: z.string(),
  exemption: z.enum(exemptions),
  status: z.enum(offeringStatuses),
  /** The circular to read and acknowledge, null when there is none or it is acknowledged. */
  circular_to_acknowledge: z
    .object({ version: z.number().int(), file_name: z.string(), url: z.string() })
    .nullable(),
  /** The investor must give (or confirm) their profile first. */
  needs_profile: z.boolean(),
  /** What the investor may still buy in this offering today (their limit and the cap); null: no limit. */
  amount_left: moneyString.nullable(),
  /** Why the amount is limited: "investor" (10% rule) or "offering" (cap). */
  limited_by: z.enum(['investor', 'offering']).nullable(),
  /** A refusal that applies whatever the amount (closed, not accredited, evidence). */
  blocked_message: z.string().nullable(),
});
export type PurchaseOfferingResponse = z.infer<typeof purchaseOfferingResponse>;

export const purchaseOfferingQuery = z.object({ product_id: z.uuid() });

export const acknowledgeCircularRequest = z.object({
  offering_id: z.uuid(),
  version: z.number().int().min(1).max(100_000),
});
export const acknowledgeCircularResponse = z.object({
  version: z.number().int(),
  acknowledged_at: z.string(),
});
