/** What /transfer reads and writes for one investor (PRODUCT.md 19). */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../db/client';
import { conversionAgreements } from '../../db/schema';
import { noteValuesOf } from '../portal/portal-repository';

export interface AvailableFunds {
  standard_available: string;
  matured_high_yield: string;
  pending_withdrawals: string;
}

/**
 * From the ledger: the value of Standard notes past their lock-up and of matured High-Yield
 * notes (the notes process-withdrawals draws from), and the transfers still to be paid.
 */
export async function readAvailableFunds(
  db: Executor,
  investorId: string,
  today: IsoDate,
): Promise<AvailableFunds> {
  const result = await db.execute(sql`
    select
      coalesce(sum(n.value) filter (where n.investment_type = 'standard' and n.status = 'active'
                                     and n.maturity_date <= ${today}::date), 0)::text as standard_available,
      coalesce(sum(n.value) filter (where n.investment_type = 'high_yield' and n.status = 'matured'), 0)::text
        as matured_high_yield,
      (select coalesce(sum(w.amount), 0) from withdrawals w
        where w.investor_id = ${investorId}::uuid and w.status = 'pending')::text as pending_withdrawals
    from (${noteValuesOf(investorId)}) n
    where n.status in ('active', 'matured')`);
  return rowsOf<AvailableFunds>(result)[0]!;
}

/** Serialises the investor's transfer requests, so two at once cannot both spend the same funds. */
export async function lockInvestor(tx: Executor, investorId: string): Promise<void> {
  await tx.execute(sql`select id from investors where id = ${investorId}::uuid for update`);
}

export interface DestinationRow {
  id: string;
  institution_name: string;
  account_type: string;
  account_last_four: string;
}

/** Where transfers go: the primary verified bank account. */
export async function findPrimaryVerifiedBank(
  db: Executor,
  investorId: string,
): Promise<DestinationRow | null> {
  const result = await db.execute(sql`
    select id, institution_name, account_type, account_last_four from bank_accounts
    where investor_id = ${investorId}::uuid and is_primary and deleted_at is null and verification_status = 'verified'`);
  return rowsOf<DestinationRow>(result)[0] ?? null;
}

export interface WithdrawalListRow {
  id: string;
  amount: string;
  status: 'pending' | 'paid' | 'cancelled' | 'failed';
  requested_at: string;
  scheduled_for: string;
  paid_at: string | null;
  cancelled_at: string | null;
  failure_reason: string | null;
  bank_last_four: string | null;
}

/** A timestamp column as the wire's ISO string (UTC, milliseconds). */
export const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const withdrawalColumns = sql`
  w.id, w.amount::text as amount, w.status, ${iso('w.requested_at')} as requested_at,
  to_char(w.scheduled_for, 'YYYY-MM-DD') as scheduled_for, ${iso('w.paid_at')} as paid_at,
  ${iso('w.cancelled_at')} as cancelled_at, w.failure_reason, b.account_last_four as bank_last_four`;

export const WITHDRAWAL_HISTORY_LIMIT = 100;

export async function listWithdrawals(db: Executor, investorId: string): Promise<WithdrawalListRow[]> {
  const result = await db.execute(sql`
    select ${withdrawalColumns}
    from withdrawals w left join bank_accounts b on b.id = w.bank_account_id
    where w.investor_id = ${investorId}::uuid
    order by w.requested_at desc, w.id desc
    limit ${WITHDRAWAL_HISTORY_LIMIT}`);
  return rowsOf<WithdrawalListRow>(result);
}

export async function findWithdrawal(
  db: Executor,
  investorId: string,
  withdrawalId: string,
): Promise<WithdrawalListRow | null> {
  const result = await db.execute(sql`
    select ${withdrawalColumns}
    from withdrawals w left join bank_accounts b on b.id = w.bank_account_id
    where w.id = ${withdrawalId}::uuid and w.investor_id = ${investorId}::uuid`);
  return rowsOf<WithdrawalListRow>(result)[0] ?? null;
}

/** Cancels a pending request; waits for a quarter-end run that holds it and then finds it paid. */
export async function cancelPendingWithdrawal(
  db: Executor,
  input: { investorId: string; withdrawalId: string; now: Date },
): Promise<boolean> {
  const result = await db.execute(sql`
    update withdrawals set status = 'cancelled', cancelled_at = ${input.now}::timestamptz, updated_at = ${input.now}::timestamptz
    where id = ${input.withdrawalId}::uuid and investor_id = ${input.investorId}::uuid and status = 'pending'
    returning id`);
  return rowsOf(result).length > 0;
}

/** The agreement accepted for a note bought by conversion (PRODUCT.md 37), in the conversion's transaction. */
export async function recordConversionAgreement(
  tx: Executor,
  agreement: {
    investmentId: string;
    investorId: string;
    agreementVersion: string;
    amount: string;
    acceptedAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await tx.insert(conversionAgreements).values(agreement);
}
