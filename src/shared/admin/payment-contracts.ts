/**
 * The admin Payments page (issue 15, decision 1521): every ACH payment with its investor, note,
 * amount, state and, for a returned or failed one, the return code and reason; the credits
 * owed to investors after a return, with a Resend action.
 */
import { z } from 'zod';
import { calendarDate } from '../dates/date-schemas';
import { moneyString } from '../products/contracts';
import { ADMIN_PAGE_SIZE } from './product-contracts';

export const PAYMENTS_PAGE_SIZE = ADMIN_PAGE_SIZE;
/** Most rows one CSV export carries; narrow the filters for more. */
export const PAYMENTS_CSV_MAX_ROWS = 50_000;

/** PRODUCT.md 39's payment states. */
export const paymentStatuses = ['pending', 'posted', 'settled', 'returned', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  posted: 'Sent',
  settled: 'Settled',
  returned: 'Returned',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const paymentTypes = ['funding', 'interest', 'withdrawal'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const paymentTypeLabels: Record<PaymentType, string> = {
  funding: 'Note funding (debit)',
  interest: 'Interest (credit)',
  withdrawal: 'Withdrawal (credit)',
};

export const paymentsMessages = {
  dateOrder: 'The start date must be on or before the end date.',
  search: 'Search with at most 100 characters.',
} as const;

const filterShape = {
  status: z.enum(paymentStatuses).optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  /** Investor name or e-mail (from 3 characters), or an investor's or payment's id. */
  q: z.string().trim().max(100, paymentsMessages.search).optional(),
};

const isInOrder = (filters: { from?: string; to?: string }) =>
  !filters.from || !filters.to || filters.from <= filters.to;

/** The page's filters; the CSV takes the same ones. Dates are business dates of creation. */
export const adminPaymentsFilters = z
  .object(filterShape)
  .refine(isInOrder, { message: paymentsMessages.dateOrder, path: ['to'] });
export type AdminPaymentsFilters = z.infer<typeof adminPaymentsFilters>;

export const adminPaymentsQuery = z
  .object({ ...filterShape, page: z.coerce.number().int().min(1).max(100_000).default(1) })
  .refine(isInOrder, { message: paymentsMessages.dateOrder, path: ['to'] });
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;

export const adminPaymentSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  effective_date: z.string(),
  settled_at: z.string().nullable(),
  investor_id: z.uuid(),
  investor_name: z.string(),
  investor_email: z.string(),
  investment_id: z.uuid().nullable(),
  /** "High-Yield · 3 yr" for a note's payment; null for a withdrawal drawn from several. */
  note_label: z.string().nullable(),
  payment_type: z.enum(paymentTypes),
  amount: moneyString,
  status: z.enum(paymentStatuses),
  return_code: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsResponse = z.object({
  payments: z.array(adminPaymentSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponse>;

/** A credit that failed or came back, owed to the investor until paid again (PRODUCT.md 36). */
export const adminOwedCreditSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  investor_id: z.uuid(),
  investor_name: z.string(),
  investor_email: z.string(),
  investment_id: z.uuid().nullable(),
  ach_payment_id: z.uuid().nullable(),
  payment_type: z.enum(paymentTypes).nullable(),
  amount: moneyString,
  reason: z.string(),
  return_code: z.string().nullable(),
  /** A re-payment is already on its way: Resend would be refused. */
  is_in_flight: z.boolean(),
});
export type AdminOwedCredit = z.infer<typeof adminOwedCreditSchema>;

export const adminOwedCreditsResponse = z.object({ owed_credits: z.array(adminOwedCreditSchema) });
export type AdminOwedCreditsResponse = z.infer<typeof adminOwedCreditsResponse>;

export const resendOwedCreditResponse = z.object({
  amount_owed_id: z.uuid(),
  ach_payment_id: z.uuid(),
  status: z.enum(['pending', 'posted', 'failed']),
  amount: moneyString,
});
export type ResendOwedCreditResponse = z.infer<typeof resendOwedCreditResponse>;

/** The CSV's columns, in order. */
export const paymentCsvColumns = [
  'Payment id',
  'Created',
  'Effective date',
  'Settled',
  'Investor',
  'Investor e-mail',
  'Investor id',
  'Note id',
  'Note',
  'Type',
  'Amount',
  'Status',
  'Return code',
  'Reason',
] as const;
