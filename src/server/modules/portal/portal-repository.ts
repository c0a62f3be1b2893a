/**
 * Reads of the account overview (PRODUCT.md 12, 20, 21). Every figure is summed from the
 * ledger (investment_transactions.value_effect), always for one investor.
 */
import { sql } from 'drizzle-orm';
import { balanceStatuses } from '../../../shared/ledger/ledger-model';
import { type Executor, rowsOf } from '../../db/client';

const balanceStatusList = sql.raw(balanceStatuses.map((status) => `'${status}'`).join(', '));

/** A note's value: the sum of its entries' effects. */
const noteValue = sql`(select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)`;

export interface BalanceRow {
  total_balance: string;
  high_yield_total: string;
  standard_total: string;
  accruing_interest: string;
  note_count: number;
}

/** The spec's get_account_balance: one row with the totals over active and matured notes. */
export async function getAccountBalance(db: Executor, investorId: string): Promise<BalanceRow> {
  const result = await db.execute(sql`
    select coalesce(sum(n.value), 0)::text as total_balance,
           coalesce(sum(n.value) filter (where n.investment_type = 'high_yield'), 0)::text as high_yield_total,
           coalesce(sum(n.value) filter (where n.investment_type = 'standard'), 0)::text as standard_total,
           coalesce(round(sum(n.interest_accrued) filter (where n.status = 'active'), 2), 0)::text as accruing_interest,
           count(*)::int as note_count
    from (
      select i.investment_type, i.status, i.interest_accrued, ${noteValue} as value
      from investments i
      where i.investor_id = ${investorId}::uuid and i.status in (${balanceStatusList})
    ) n`);
  return rowsOf<BalanceRow>(result)[0]!;
}

export interface NoteSummaryRow {
  id: string;
  investment_type: 'standard' | 'high_yield';
  principal_amount: string;
  interest_rate_annual: string;
  term_years: number;
  start_date: string;
  maturity_date: string;
  status: 'active' | 'matured' | 'withdrawn' | 'cancelled';
  value: string;
}

export async function listBalanceNotes(
  db: Executor,
  investorId: string,
  limit: number,
): Promise<NoteSummaryRow[]> {
  const result = await db.execute(sql`
    select i.id, i.investment_type, i.principal_amount::text, i.interest_rate_annual::text, i.term_years,
           to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date,
           i.status, ${noteValue}::text as value
    from investments i
    where i.investor_id = ${investorId}::uuid and i.status in (${balanceStatusList})
    order by i.start_date desc, i.id
    limit ${limit}`);
  return rowsOf<NoteSummaryRow>(result);
}

export interface InvestorProfileRow {
  first_name: string | null;
  referral_code: string;
  referral_count: number;
}

export async function findInvestorProfile(
  db: Executor,
  investorId: string,
): Promise<InvestorProfileRow | null> {
  const result = await db.execute(sql`
    select v.first_name, v.referral_code,
           (select count(*)::int from referrals r where r.referrer_investor_id = v.id) as referral_count
    from investors v where v.id = ${investorId}::uuid`);
  return rowsOf<InvestorProfileRow>(result)[0] ?? null;
}

/** The balance after each day it changed, oldest first: the running sum of every entry's effect. */
export async function listBalanceChanges(
  db: Executor,
  investorId: string,
): Promise<{ date: string; balance: string }[]> {
  const result = await db.execute(sql`
    select to_char(d.transaction_date, 'YYYY-MM-DD') as date,
           (sum(d.change) over (order by d.transaction_date))::text as balance
    from (
      select t.transaction_date, sum(t.value_effect) as change
      from investment_transactions t
      where t.investor_id = ${investorId}::uuid
      group by t.transaction_date
    ) d
    order by d.transaction_date`);
  return rowsOf<{ date: string; balance: string }>(result);
}

export interface NotificationRow {
  id: string;
  kind: string;
  title: string;
  body: string;
  created_at: string;
  is_read: boolean;
}

export async function listRecentNotifications(
  db: Executor,
  investorId: string,
  limit: number,
): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
  const rows = rowsOf<NotificationRow>(
    await db.execute(sql`
      select id, kind, title, body,
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
             read_at is not null as is_read
      from investor_notifications
      where investor_id = ${investorId}::uuid
      order by created_at desc, id desc
      limit ${limit}`),
  );
  const unread = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count from investor_notifications
      where investor_id = ${investorId}::uuid and read_at is null`),
  );
  return { rows, unreadCount: unread[0]?.count ?? 0 };
}

export async function markNotificationsRead(db: Executor, investorId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update investor_notifications set read_at = ${now}::timestamptz
    where investor_id = ${investorId}::uuid and read_at is null`);
}
