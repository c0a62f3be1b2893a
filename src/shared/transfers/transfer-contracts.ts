/** Contracts of /transfer (PRODUCT.md 19): what is available, transfers to the bank and conversions. */
import { z } from 'zod';
import { withdrawalStatuses } from '../ledger/ledger-model';
import { isoDateString, moneyString } from '../products/contracts';

export { transferMessages } from './transfer-messages';

export const transferDestination = z.object({
  id: z.uuid(),
  institution_name: z.string(),
  account_type: z.string(),
  account_last_four: z.string(),
});
export type TransferDestination = z.infer<typeof transferDestination>;

export const withdrawalRow = z.object({
  id: z.uuid(),
  amount: moneyString,
  status: z.enum(withdrawalStatuses),
  requested_at: z.string(),
  /** The quarter end it is (or was) paid on. */
  scheduled_for: isoDateString,
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  bank_last_four: z.string().nullable(),
  is_cancellable: z.boolean(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRow>;

export const transferSummaryResponse = z.object({
  /** Standard value past lock-up + matured High-Yield value - pending transfers. */
  available_to_withdraw: moneyString,
  standard_available: moneyString,
  matured_high_yield: moneyString,
  pending_withdrawals: moneyString,
  /** The primary verified bank account, where transfers go. */
  destination: transferDestination.nullable(),
  /** When a transfer requested today would be paid (the end of the current quarter). */
  next_payment_date: isoDateString,
  /** The business date today: a conversion's note starts on it (its review shows the maturity date). */
  today: isoDateString,
  withdrawals: z.array(withdrawalRow),
});
export type TransferSummaryResponse = z.infer<typeof transferSummaryResponse>;

export const withdrawalRequest = z.object({ amount: z.string().max(32) });
export const withdrawalResponse = z.object({ withdrawal: withdrawalRow });
export type WithdrawalResponse = z.infer<typeof withdrawalResponse>;

export const withdrawalIdParams = z.object({ withdrawalId: z.uuid() });

export const conversionRequest = z.object({
  amount: z.string().max(32),
  product_id: z.string().max(64),
  /** The rate the investor saw (as with BUY). */
  interest_rate_annual: z.string().max(16),
  /** Converting is a purchase (PRODUCT.md 37): the agreement version read and the consent, as with BUY. */
  agreement_version: z.string().max(32),
  consent: z.boolean(),
});
export type ConversionRequest = z.infer<typeof conversionRequest>;
export const conversionResponse = z.object({
  investment: z.object({
    id: z.uuid(),
    reference: z.string(),
    principal_amount: moneyString,
    interest_rate_annual: z.string(),
    term_years: z.number().int(),
    start_date: isoDateString,
    maturity_date: isoDateString,
  }),
});
export type ConversionResponse = z.infer<typeof conversionResponse>;
