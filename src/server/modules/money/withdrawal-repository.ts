/**
 * Paying transfers to the bank (PRODUCT.md 19). Funds are drawn from the investor's
 * available notes oldest first; a Standard note earns on what is left from the day after
 * the payment (docs/decisions/100-withdrawals-and-standard-interest.md).
 */
import { sql } from 'drizzle-orm';
import { addDays, endOfQuarter, type IsoDate } from '../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../db/client';
import { cumulativeInterestAt } from './money-sql';
import { withdrawals } from '../../db/schema';

export interface PendingWithdrawal {
  id: string;
  amount: string;
  bankAccountId: string;
}

export interface AvailableNote {
  id: string;
  investmentType: 'standard' | 'high_yield';
  /** From the ledger: the sum of the note's entries. */
  value: string;
  /** The first day the note earns on its reduced principal if drawn now. */
  reducedFrom: IsoDate;
}

/** For the portal's TRANSFER TO BANK, the seed and tests: a request paid at the end of the quarter. */
export async function insertPendingWithdrawal(
  tx: Executor,
  input: {
    investorId: string;
    bankAccountId: string;
    amount: string;
    requestedOn: IsoDate;
    now: Date;
    idempotencyKey?: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(withdrawals)
    .values({
      investorId: input.investorId,
      bankAccountId: input.bankAccountId,
      amount: input.amount,
      status: 'pending',
      scheduledFor: endOfQuarter(input.requestedOn),
      requestedAt: input.now,
      idempotencyKey: input.idempotencyKey ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: withdrawals.id });
  return row!.id;
}

export async function sumPendingWithdrawals(tx: Executor, investorId: string): Promise<string> {
  const result = await tx.execute(sql`
    select coalesce(sum(amount), 0)::text as total from withdrawals
    where investor_id = ${investorId}::uuid and status = 'pending'`);
  return rowsOf<{ total: string }>(result)[0]?.total ?? '0';
}

export async function listInvestorsWithDueWithdrawals(
  db: Executor,
  executionDate: IsoDate,
): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct investor_id from withdrawals
    where status = 'pending' and scheduled_for <= ${executionDate}::date order by investor_id`);
  return rowsOf<{ investor_id: string }>(result).map((row) => row.investor_id);
}

/** The investor's due withdrawals, oldest request first, locked against cancellation while paid. */
export async function lockDueWithdrawals(
  tx: Executor,
  investorId: string,
  executionDate: IsoDate,
): Promise<PendingWithdrawal[]> {
  const result = await tx.execute(sql`
    select id, amount::text as amount, bank_account_id from withdrawals
    where investor_id = ${investorId}::uuid and status = 'pending' and scheduled_for <= ${executionDate}::date
    order by requested_at, id for update`);
  return rowsOf<{ id: string; amount: string; bank_account_id: string }>(result).map((row) => ({
    id: row.id,
    amount: row.amount,
    bankAccountId: row.bank_account_id,
  }));
}

/**
 * Standard notes past lock-up and matured High-Yield notes, oldest first (start date, then
 * purchase time). A Standard note drawn now earns on less from `reducedFrom` (or from the
 * first day it has not accrued yet, if later).
 */
export async function lockAvailableNotes(
  tx: Executor,
  input: { investorId: string; executionDate: IsoDate; reducedFrom: IsoDate },
): Promise<AvailableNote[]> {
  const { investorId, executionDate } = input;
  const result = await tx.execute(sql`
    select i.id, i.investment_type,
           (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value,
           to_char(greatest(${input.reducedFrom}::date, i.accrued_through), 'YYYY-MM-DD') as reduced_from
    from investments i
    where i.investor_id = ${investorId}::uuid
      and ((i.investment_type = 'standard' and i.status = 'active' and i.maturity_date <= ${executionDate}::date)
        or (i.investment_type = 'high_yield' and i.status = 'matured'))
    order by i.start_date, i.created_at, i.id
    for update of i`);
  return rowsOf<{
    id: string;
    investment_type: AvailableNote['investmentType'];
    value: string;
    reduced_from: IsoDate;
  }>(result).map((row) => ({
    id: row.id,
    investmentType: row.investment_type,
    value: row.value,
    reducedFrom: row.reduced_from,
  }));
}

export async function insertWithdrawalCredit(
  tx: Executor,
  input: {
    investorId: string;
    withdrawal: PendingWithdrawal;
    firstInvestmentId: string;
    effectiveDate: IsoDate;
    now: Date;
  },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into ach_payments
      (investor_id, bank_account_id, investment_id, withdrawal_id, payment_type, direction, amount, status, effective_date,
       created_at, updated_at)
    values (${input.investorId}::uuid, ${input.withdrawal.bankAccountId}::uuid, ${input.firstInvestmentId}::uuid,
            ${input.withdrawal.id}::uuid, 'withdrawal', 'credit', ${input.withdrawal.amount}::numeric, 'pending',
            ${input.effectiveDate}::date, ${input.now}::timestamptz, ${input.now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

/** How funds leave a note: paid to the bank, or moved into a new High-Yield note. */
export type Draw =
  | { kind: 'withdrawal'; withdrawalId: string; achPaymentId: string; label?: string }
  | { kind: 'reinvestment'; intoInvestmentId: string; label?: string };

/**
 * One entry taking `amount` out of a note, and the note's drawn figures, in one statement.
 * A Standard note earns on what is left from `note.reducedFrom`, accrued up to that day first.
 */
export async function drawFromNote(
  tx: Executor,
  input: {
    investorId: string;
    note: AvailableNote;
    amount: string;
    draw: Draw;
    executionDate: IsoDate;
    now: Date;
  },
): Promise<void> {
  const { draw } = input;
  const entry =
    draw.kind === 'withdrawal'
      ? sql`'withdrawal', ${draw.withdrawalId}::uuid, ${draw.achPaymentId}::uuid, ${draw.label ?? 'Transfer to bank'}`
      : sql`'reinvestment', null, null, ${`${draw.label ?? 'Converted'} to High-Yield note ${draw.intoInvestmentId.slice(0, 8).toUpperCase()}`}`;
  await tx.execute(sql`
    with entry as (
      insert into investment_transactions
        (investment_id, investor_id, amount, value_effect, transaction_date, created_at, transaction_type, withdrawal_id,
         ach_payment_id, notes)
      values (${input.note.id}::uuid, ${input.investorId}::uuid, ${input.amount}::numeric, -${input.amount}::numeric,
              ${input.executionDate}::date, ${input.now}::timestamptz, ${entry})
    )
    update investments i set
      amount_withdrawn = i.amount_withdrawn + ${input.amount}::numeric,
      withdrawn_principal_days = case when i.investment_type = 'standard'
        then i.withdrawn_principal_days + ${input.amount}::numeric * (${input.note.reducedFrom}::date - i.start_date)
        else i.withdrawn_principal_days end,
      accrued_through = case when i.investment_type = 'standard' then ${input.note.reducedFrom}::date else i.accrued_through end,
      interest_accrued = case when i.investment_type = 'standard'
        then ${cumulativeInterestAt(sql`${input.note.reducedFrom}::date`)} - i.interest_posted
        else i.interest_accrued end,
      updated_at = ${input.now}::timestamptz
    where i.id = ${input.note.id}::uuid`);
}

/** A note emptied by withdrawals stops earning (a Standard note's last interest is posted first). */
export async function closeWithdrawnNote(
  tx: Executor,
  input: { investmentId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    update investments set status = 'withdrawn', interest_accrued = 0, updated_at = ${input.now}::timestamptz
    where id = ${input.investmentId}::uuid`);
}

export async function markWithdrawalPaid(
  tx: Executor,
  input: { withdrawalId: string; achPaymentId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    update withdrawals set status = 'paid', paid_at = ${input.now}::timestamptz, ach_payment_id = ${input.achPaymentId}::uuid,
      updated_at = ${input.now}::timestamptz
    where id = ${input.withdrawalId}::uuid`);
}

export const insufficientFundsReason = 'Not enough available funds on the payment date.';

export async function markWithdrawalFailed(
  tx: Executor,
  input: { withdrawalId: string; reason: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    update withdrawals set status = 'failed', failure_reason = ${input.reason}, updated_at = ${input.now}::timestamptz
    where id = ${input.withdrawalId}::uuid`);
}

export async function bankLastFour(tx: Executor, bankAccountId: string): Promise<string | null> {
  const result = await tx.execute(
    sql`select account_last_four from bank_accounts where id = ${bankAccountId}::uuid`,
  );
  return rowsOf<{ account_last_four: string }>(result)[0]?.account_last_four ?? null;
}

/**
 * A withdrawal credit the bank returned: the withdrawal is `failed` with the bank's reason,
 * its entries are reversed and the funds go back to the notes they came from (a Standard
 * note earns on them again from the day after).
 */
export async function reverseFailedWithdrawals(
  tx: Executor,
  failed: { withdrawal_id: string | null; failure_reason: string }[],
  input: { executionDate: IsoDate; now: Date },
): Promise<number> {
  if (failed.length === 0) return 0;
  const reasons = JSON.stringify(
    failed.map((payment) => ({ id: payment.withdrawal_id, reason: payment.failure_reason })),
  );
  // The funds earn again from the day after the return (or the first day not yet accrued).
  const restoredFrom = sql`greatest(${addDays(input.executionDate, 1)}::date, i.accrued_through)`;
  const result = await tx.execute(sql`
    with failure as (
      select * from jsonb_to_recordset(${reasons}::jsonb) as f(id uuid, reason text)
    ),
    returned as (
      update withdrawals w set status = 'failed', failure_reason = 'Transfer returned by the bank: ' || f.reason,
        updated_at = ${input.now}::timestamptz
      from failure f where w.id = f.id and w.status = 'paid'
      returning w.id
    ),
    reversals as (
      insert into investment_transactions
        (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date, reverses_transaction_id,
         withdrawal_id, notes, created_at)
      select t.investment_id, t.investor_id, 'reversal', t.amount, t.amount, ${input.executionDate}::date, t.id,
             t.withdrawal_id, 'Reversal: transfer returned by the bank', ${input.now}::timestamptz
      from investment_transactions t join returned r on r.id = t.withdrawal_id
      where t.transaction_type = 'withdrawal'
      on conflict do nothing
      returning id, investor_id, investment_id, amount, reverses_transaction_id
    ),
    -- Withholding from a returned pay-out leaves the liability with it (decision 1911).
    withholding_reversed as (
      insert into backup_withholding_entries
        (investor_id, investment_id, transaction_id, entry_date, interest_amount, amount, rate, reason, created_at)
      select r.investor_id, r.investment_id, r.id, ${input.executionDate}::date, -w.interest_amount, -w.amount, w.rate,
             w.reason, ${input.now}::timestamptz
      from reversals r join backup_withholding_entries w on w.transaction_id = r.reverses_transaction_id
    ),
    per_note as (select investment_id, sum(amount) as amount from reversals group by investment_id),
    restored as (
      update investments i set
        amount_withdrawn = i.amount_withdrawn - p.amount,
        withdrawn_principal_days = case when i.investment_type = 'standard'
          then i.withdrawn_principal_days - p.amount * (${restoredFrom} - i.start_date)
          else i.withdrawn_principal_days end,
        accrued_through = case when i.investment_type = 'standard' then ${restoredFrom} else i.accrued_through end,
        interest_accrued = case when i.investment_type = 'standard'
          then ${cumulativeInterestAt(restoredFrom)} - i.interest_posted else i.interest_accrued end,
        status = case when i.status <> 'withdrawn' then i.status
                      when i.investment_type = 'standard' then 'active' else 'matured' end,
        -- A returned pay-out at maturity is not tried again: the funds wait as available.
        maturity_instruction = case when i.status = 'withdrawn' then null else i.maturity_instruction end,
        rollover_term_years = case when i.status = 'withdrawn' then null else i.rollover_term_years end,
        updated_at = ${input.now}::timestamptz
      from per_note p where i.id = p.investment_id
    )
    select count(*)::int as count from returned`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}
