/** Contracts of the transaction summary: keyset-paged lists (List and By Investment views). */
import { z } from 'zod';
import { investmentStatuses, transactionTypes } from '../ledger/ledger-model';
import { isoDateString, moneyString } from '../products/contracts';
import { investmentTypes } from '../products/plans';
import { investmentFilters, pageSizes, transactionFilters } from './transaction-display';

/** An opaque position in a keyset-paged list. */
export const pageCursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor');

const pageLimit = z.coerce
  .number()
  .int()
  .refine((value) => (pageSizes as readonly number[]).includes(value), 'Page size must be 10, 20 or 50');

export const transactionListQuery = z.object({
  filter: z.enum(transactionFilters).default('all'),
  limit: pageLimit.default(20),
  cursor: pageCursor.optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const transactionRow = z.object({
  id: z.uuid(),
  transaction_type: z.enum(transactionTypes),
  amount: moneyString,
  /** "+..." or "-...": the amount as the investor reads it. */
  signed_amount: z.string(),
  /** What the entry did to the balance (its note's value): "+25.00", "-1000.00" or "0.00". */
  balance_change: z.string(),
  transaction_date: isoDateString,
  /** When the entry was written (the detail panel's time). */
  created_at: z.string(),
  notes: z.string().nullable(),
  /** Interest paid out: the part withheld as backup withholding and sent to the IRS (decision 1911). */
  backup_withheld: moneyString,
  investment_id: z.uuid(),
  investment_type: z.enum(investmentTypes),
  principal_amount: moneyString,
  interest_rate_annual: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

export const transactionPage = z.object({
  transactions: z.array(transactionRow),
  next_cursor: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof transactionPage>;

export const investmentListQuery = z.object({
  type: z.enum(investmentFilters).default('all'),
  limit: pageLimit.default(10),
  cursor: pageCursor.optional(),
});
export type InvestmentListQuery = z.infer<typeof investmentListQuery>;

export const investmentRow = z.object({
  id: z.uuid(),
  investment_type: z.enum(investmentTypes),
  principal_amount: moneyString,
  interest_rate_annual: z.string(),
  term_years: z.number().int(),
  start_date: isoDateString,
  maturity_date: isoDateString,
  status: z.enum(investmentStatuses),
  transaction_count: z.number().int().nonnegative(),
});
export type InvestmentRow = z.infer<typeof investmentRow>;

export const investmentPage = z.object({
  investments: z.array(investmentRow),
  /** How many investments match the filter in all. */
  total: z.number().int().nonnegative(),
  next_cursor: z.string().nullable(),
});
export type InvestmentPage = z.infer<typeof investmentPage>;

export const investmentTransactionsQuery = z.object({
  limit: pageLimit.default(10),
  cursor: pageCursor.optional(),
});

export const investmentIdParams = z.object({ investmentId: z.uuid() });

export const exportViews = ['list', 'investments'] as const;
export const transactionExportQuery = z.object({
  view: z.enum(exportViews).default('list'),
  filter: z.enum(transactionFilters).default('all'),
  type: z.enum(investmentFilters).default('all'),
});
export type TransactionExportQuery = z.infer<typeof transactionExportQuery>;

/** The CSV columns of EXPORT, in order. */
export const transactionCsvColumns = [
  'Date',
  'Time',
  'Type',
  'Amount',
  'Investment type',
  'Principal',
  'Rate (%)',
  'Transaction ID',
  'Investment ID',
  'Notes',
  'Balance change',
] as const;
