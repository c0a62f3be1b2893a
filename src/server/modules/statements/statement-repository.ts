/**
 * Monthly statements (decision 1720): the figures of one calendar month of an investor's
 * ledger, written once per investor and month, in set-based SQL over an investor-id range.
 */
import { sql } from 'drizzle-orm';
import { endOfMonth, type IsoDate } from '../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../db/client';
import { type InvestorRange, inInvestorRange } from '../money/money-sql';

export interface StatementRow {
  id: string;
  investor_id: string;
  period: string;
  opening_balance: string;
  purchases: string;
  interest_credited: string;
  interest_paid: string;
  transfers_to_bank: string;
  moved_between_notes: string;
  adjustments: string;
  closing_balance: string;
  accrued_unposted: string;
  generated_at: string;
}

const statementColumns = sql`s.id, s.investor_id, to_char(s.period, 'YYYY-MM-DD') as period,
  s.opening_balance::text as opening_balance, s.purchases::text as purchases,
  s.interest_credited::text as interest_credited, s.interest_paid::text as interest_paid,
  s.transfers_to_bank::text as transfers_to_bank, s.moved_between_notes::text as moved_between_notes,
  s.adjustments::text as adjustments, s.closing_balance::text as closing_balance,
  s.accrued_unposted::text as accrued_unposted,
  to_char(s.generated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as generated_at`;

/**
 * Writes the statement of `period` (a month's first day) for every investor in the range who
 * had a balance, activity or unposted interest that month, unless it exists already. An
 * investor is left for a later run while one of their active notes still waits for the
 * month's interest posting, so "accrued, not yet posted" is a ledger figure, not an estimate.
 * Returns the statements written by this call.
 */
export async function insertMonthStatements(
  tx: Executor,
  input: { range: InvestorRange; period: IsoDate; now: Date },
): Promise<StatementRow[]> {
  const start = input.period;
  const end = endOfMonth(input.period);
  const inMonth = sql`t.transaction_date between ${start}::date and ${end}::date`;
  const result = await tx.execute(sql`
    with figures as (
      select t.investor_id,
        coalesce(sum(t.value_effect) filter (where t.transaction_date < ${start}::date), 0) as opening_balance,
        coalesce(sum(t.value_effect) filter (where ${inMonth} and t.transaction_type = 'purchase'), 0) as purchases,
        coalesce(sum(t.value_effect) filter (where ${inMonth} and t.transaction_type = 'interest_payment'), 0) as interest_credited,
        coalesce(sum(t.amount) filter (where ${inMonth} and t.transaction_type = 'interest_payment' and t.value_effect = 0), 0) as interest_paid,
        coalesce(sum(t.amount) filter (where ${inMonth} and t.transaction_type = 'withdrawal'), 0) as transfers_to_bank,
        coalesce(sum(t.value_effect) filter (where ${inMonth} and t.transaction_type = 'reinvestment'), 0) as moved_between_notes,
        -- An early redemption's penalty (decision 1951) lowers the balance with the reversals, so the closing balance holds.
        coalesce(sum(t.value_effect) filter (where ${inMonth} and t.transaction_type in ('reversal', 'redemption_penalty')), 0)
          as adjustments,
        count(*) filter (where ${inMonth}) as entries_in_month,
        coalesce(sum(t.amount) filter (where t.transaction_type = 'interest_payment'
          and t.posting_period <= ${start}::date and t.transaction_date > ${end}::date), 0) as accrued_unposted
      from investment_transactions t
      where ${inInvestorRange(input.range, sql`t.investor_id`)}
        and (t.transaction_date <= ${end}::date
             or (t.transaction_type = 'interest_payment' and t.posting_period <= ${start}::date))
      group by t.investor_id
    )
    insert into investor_statements as s
      (investor_id, period, opening_balance, purchases, interest_credited, interest_paid, transfers_to_bank,
       moved_between_notes, adjustments, closing_balance, accrued_unposted, generated_at)
    select f.investor_id, ${start}::date, f.opening_balance, f.purchases, f.interest_credited, f.interest_paid,
           f.transfers_to_bank, f.moved_between_notes, f.adjustments,
           f.opening_balance + f.purchases + f.interest_credited - f.transfers_to_bank + f.moved_between_notes + f.adjustments,
           f.accrued_unposted, ${input.now}::timestamptz
    from figures f
    where (f.opening_balance <> 0 or f.entries_in_month > 0 or f.accrued_unposted <> 0)
      and not exists (
        select 1 from investments i
        where i.investor_id = f.investor_id and i.status = 'active' and i.start_date <= ${end}::date
          and (i.last_posted_period is null or i.last_posted_period < ${start}::date))
    order by f.investor_id
    on conflict (investor_id, period) do nothing
    returning ${statementColumns}`);
  return rowsOf<StatementRow>(result);
}

/** The investor's statements, newest first. */
export async function listStatements(db: Executor, investorId: string): Promise<StatementRow[]> {
  const result = await db.execute(sql`
    select ${statementColumns} from investor_statements s
    where s.investor_id = ${investorId}::uuid order by s.period desc`);
  return rowsOf<StatementRow>(result);
}

/** One statement of the investor; null when there is none for that month or it is not theirs. */
export async function findStatement(
  db: Executor,
  investorId: string,
  period: IsoDate,
): Promise<StatementRow | null> {
  const result = await db.execute(sql`
    select ${statementColumns} from investor_statements s
    where s.investor_id = ${investorId}::uuid and s.period = ${period}::date`);
  return rowsOf<StatementRow>(result)[0] ?? null;
}

export interface StatementEntryRow {
  transaction_date: string;
  transaction_type: string;
  investment_type: string;
  investment_id: string;
  amount: string;
  value_effect: string;
  posting_period: string | null;
  /** Interest paid out: the part withheld as backup withholding (decision 1911). */
  backup_withheld: string;
}

/** The month's ledger entries of the investor, in date order: the statement's activity. */
export async function listStatementEntries(
  db: Executor,
  investorId: string,
  period: IsoDate,
): Promise<StatementEntryRow[]> {
  const result = await db.execute(sql`
    select to_char(t.transaction_date, 'YYYY-MM-DD') as transaction_date, t.transaction_type,
           i.investment_type, t.investment_id, t.amount::text as amount, t.value_effect::text as value_effect,
           to_char(t.posting_period, 'YYYY-MM-DD') as posting_period, t.backup_withheld::text as backup_withheld
    from investment_transactions t
    join investments i on i.id = t.investment_id and i.investor_id = t.investor_id
    where t.investor_id = ${investorId}::uuid
      and t.transaction_date between ${period}::date and ${endOfMonth(period)}::date
    order by t.transaction_date, t.created_at, t.id`);
  return rowsOf<StatementEntryRow>(result);
}

export interface StatementHolderRow {
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export async function findStatementHolder(
  db: Executor,
  investorId: string,
): Promise<StatementHolderRow | null> {
  const result = await db.execute(sql`
    select first_name, last_name, email from investors where id = ${investorId}::uuid`);
  return rowsOf<StatementHolderRow>(result)[0] ?? null;
}
