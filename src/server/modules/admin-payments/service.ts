/**
 * The admin Payments page (issue 15, decision 1521): payments across investors with filters,
 * paging and a streamed CSV; open credits owed to investors and their Resend (the ACH rail's
 * resendOwedCredit, which refuses what must not be paid again).
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import {
  type AdminOwedCredit,
  type AdminPayment,
  type AdminPaymentsFilters,
  type AdminPaymentsQuery,
  type AdminPaymentsResponse,
  PAYMENTS_CSV_MAX_ROWS,
  PAYMENTS_PAGE_SIZE,
  type PaymentStatus,
  type PaymentType,
  type ResendOwedCreditResponse,
  paymentCsvColumns,
  paymentStatusLabels,
  paymentTypeLabels,
} from '../../../shared/admin/payment-contracts';
import { investorDisplayName } from '../../../shared/admin/display';
import { toMoneyString } from '../../../shared/money/decimal-string';
import { investmentTypeLabel, type InvestmentType } from '../../../shared/products/plans';
import { describeAchReturn } from '../../../shared/payments/ach-states';
import type { AppContext } from '../../context';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import { resendOwedCredit } from '../ach-rail/owed-credits';
import type { Executor } from '../../db/client';
import { neutraliseFormula } from '../portal/transaction-export';
import {
  type OwedCreditRow,
  type PaymentRow,
  selectOpenOwedCredits,
  selectPaymentsAfter,
  selectPaymentsPage,
} from './repository';

const CSV_BATCH_SIZE = 1_000;

function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
}

function nameOf(row: { first_name: string | null; last_name: string | null; email: string }): string {
  return investorDisplayName(row);
}

function noteLabelOf(row: PaymentRow): string | null {
  if (!row.investment_type || row.term_years === null) return null;
  return `${investmentTypeLabel(row.investment_type as InvestmentType)} · ${row.term_years} yr`;
}

/** A returned payment's reason names its code; a failed one keeps the provider's or engine's words. */
function reasonOf(row: { status: string; return_code: string | null; failure_reason: string | null }) {
  if (row.status !== 'returned' && row.status !== 'failed') return row.failure_reason;
  return row.failure_reason ?? describeAchReturn(row.return_code, null);
}

function toPayment(row: PaymentRow): AdminPayment {
  return {
    id: row.id,
    created_at: isoOf(row.created_at),
    effective_date: row.effective_date,
    settled_at: row.settled_at ? isoOf(row.settled_at) : null,
    investor_id: row.investor_id,
    investor_name: nameOf(row),
    investor_email: row.email,
    investment_id: row.investment_id,
    note_label: noteLabelOf(row),
    payment_type: row.payment_type as PaymentType,
    amount: toMoneyString(row.amount),
    status: row.status as PaymentStatus,
    return_code: row.return_code,
    reason: reasonOf(row),
  };
}

export async function listPayments(
  context: AppContext,
  query: AdminPaymentsQuery,
): Promise<AdminPaymentsResponse> {
  const { page, ...filters } = query;
  const { rows, total } = await selectPaymentsPage(context.db, filters, context.clock.timeZone, {
    limit: PAYMENTS_PAGE_SIZE,
    offset: (page - 1) * PAYMENTS_PAGE_SIZE,
  });
  return { payments: rows.map(toPayment), page, page_size: PAYMENTS_PAGE_SIZE, total };
}

function csvRecord(payment: AdminPayment): string[] {
  return [
    payment.id,
    payment.created_at,
    payment.effective_date,
    payment.settled_at ?? '',
    neutraliseFormula(payment.investor_name),
    neutraliseFormula(payment.investor_email),
    payment.investor_id,
    payment.investment_id ?? '',
    payment.note_label ?? '',
    paymentTypeLabels[payment.payment_type],
    payment.amount,
    paymentStatusLabels[payment.status],
    payment.return_code ?? '',
    neutraliseFormula(payment.reason ?? ''),
  ];
}

export function paymentsCsvFileName(today: string, filters: AdminPaymentsFilters): string {
  return `payments${filters.status ? `-${filters.status}` : ''}-${today}.csv`;
}

/** The filtered payments as CSV, read in batches as the client takes them (at most 50,000 rows). */
export function streamPaymentsCsv(db: Executor, filters: AdminPaymentsFilters, timeZone: string): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield stringify([[...paymentCsvColumns]]);
    let after: { createdAt: Date | string; id: string } | null = null;
    let sent = 0;
    while (sent < PAYMENTS_CSV_MAX_ROWS) {
      const limit = Math.min(CSV_BATCH_SIZE, PAYMENTS_CSV_MAX_ROWS - sent);
      const batch = await selectPaymentsAfter(db, filters, timeZone, after, limit);
      if (batch.length === 0) return;
      yield stringify(batch.map((row) => csvRecord(toPayment(row))));
      sent += batch.length;
      const last = batch.at(-1)!;
      after = { createdAt: last.created_at, id: last.id };
      if (batch.length < limit) return;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

function toOwedCredit(row: OwedCreditRow): AdminOwedCredit {
  return {
    id: row.id,
    created_at: isoOf(row.created_at),
    investor_id: row.investor_id,
    investor_name: nameOf(row),
    investor_email: row.email,
    investment_id: row.investment_id,
    ach_payment_id: row.ach_payment_id,
    payment_type: row.payment_type as PaymentType | null,
    amount: toMoneyString(row.amount),
    reason: row.reason,
    return_code: row.return_code,
    is_in_flight: row.is_in_flight,
  };
}

export async function listOwedCredits(context: AppContext): Promise<{ owed_credits: AdminOwedCredit[] }> {
  return { owed_credits: (await selectOpenOwedCredits(context.db)).map(toOwedCredit) };
}

/**
 * Staff press Resend: the rail's resendOwedCredit decides and sends (it refuses what must not
 * be paid again); the press is kept in the audit trail with what it created.
 */
export async function resendOwedCreditAsStaff(
  context: AppContext,
  input: { amountOwedId: string; admin: AdminPrincipal },
): Promise<ResendOwedCreditResponse> {
  const resent = await resendOwedCredit(context, { amountOwedId: input.amountOwedId });
  await recordAdminAudit(context.db, {
    ...auditBy(input.admin),
    action: 'payment.owed_credit_resend',
    target: { type: 'amount_owed', id: input.amountOwedId },
    before: null,
    after: { ach_payment_id: resent.achPaymentId, status: resent.status, amount: resent.amount },
    at: context.clock.now(),
  });
  return {
    amount_owed_id: resent.amountOwedId,
    ach_payment_id: resent.achPaymentId,
    status: resent.status,
    amount: resent.amount,
  };
}
