/**
 * Keyset-paged reads of the investor's ledger: newest first by (created_at, id), the order
 * of the investor, investor-and-type and investment indexes, so a page costs the same
 * however deep it is. The indexes are DESC NULLS LAST, so the ORDER BY says so too (the
 * columns are never null, but PostgreSQL only walks an index whose order matches exactly).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { InvestmentFilter } from '../../../shared/portal/transaction-display';
import type { TransactionType } from '../../../shared/ledger/ledger-model';
import { type Executor, rowsOf } from '../../db/client';
import type { EntryPosition, NotePosition } from './keyset-cursor';

export interface EntryRow {
  id: string;
  transaction_type: TransactionType;
  amount: string;
  value_effect: string;
  transaction_date: string;
  created_at: string;
  notes: string | null;
  backup_withheld: string;
  investment_id: string;
  investment_type: 'standard' | 'high_yield';
  principal_amount: string;
  interest_rate_annual: string;
}

export interface EntryQuery {
  investorId: string;
  types: readonly TransactionType[] | null;
  investmentId?: string;
  investmentType?: 'standard' | 'high_yield';
  after?: EntryPosition;
  limit: number;
}

/** created_at in UTC with microseconds: exact enough to be a keyset position. */
const createdAtText = sql`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function entryConditions(query: EntryQuery): SQL {
  const conditions: SQL[] = [sql`t.investor_id = ${query.investorId}::uuid`];
  if (query.types && query.types.length === 1) conditions.push(sql`t.transaction_type = ${query.types[0]}`);
  else if (query.types) conditions.push(sql`t.transaction_type in ${query.types}`);
  if (query.investmentId) conditions.push(sql`t.investment_id = ${query.investmentId}::uuid`);
  if (query.investmentType) conditions.push(sql`i.investment_type = ${query.investmentType}`);
  if (query.after) {
    conditions.push(
      sql`(t.created_at, t.id) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** One page of entries, newest first. */
export async function listEntries(db: Executor, query: EntryQuery): Promise<EntryRow[]> {
  const result = await db.execute(sql`
    select t.id, t.transaction_type, t.amount::text as amount, t.value_effect::text as value_effect,
           to_char(t.transaction_date, 'YYYY-MM-DD') as transaction_date, ${createdAtText} as created_at,
           t.notes, t.backup_withheld::text as backup_withheld, t.investment_id, i.investment_type,
           i.principal_amount::text as principal_amount,
           i.interest_rate_annual::text as interest_rate_annual
    from investment_transactions t
    join investments i on i.id = t.investment_id
    where ${entryConditions(query)}
    order by t.created_at desc nulls last, t.id desc nulls last
    limit ${query.limit}`);
  return rowsOf<EntryRow>(result);
}

export interface InvestmentListRow {
  id: string;
  investment_type: 'standard' | 'high_yield';
  principal_amount: string;
  interest_rate_annual: string;
  term_years: number;
  start_date: string;
  maturity_date: string;
  status: 'active' | 'matured' | 'withdrawn' | 'cancelled';
  transaction_count: number;
}

export interface InvestmentQuery {
  investorId: string;
  type: InvestmentFilter;
  after?: NotePosition;
  limit: number;
}

function investmentConditions(query: Omit<InvestmentQuery, 'limit'>): SQL {
  const conditions: SQL[] = [sql`i.investor_id = ${query.investorId}::uuid`];
  if (query.type !== 'all') conditions.push(sql`i.investment_type = ${query.type}`);
  if (query.after) {
    conditions.push(
      sql`(i.start_date < ${query.after.startDate}::date or (i.start_date = ${query.after.startDate}::date and i.id > ${query.after.id}::uuid))`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** One page of the investor's notes, newest start first, each with its number of entries. */
export async function listInvestments(db: Executor, query: InvestmentQuery): Promise<InvestmentListRow[]> {
  const result = await db.execute(sql`
    select i.id, i.investment_type, i.principal_amount::text as principal_amount,
           i.interest_rate_annual::text as interest_rate_annual, i.term_years,
           to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date,
           i.status,
           (select count(*)::int from investment_transactions t where t.investment_id = i.id) as transaction_count
    from investments i
    where ${investmentConditions(query)}
    order by i.start_date desc nulls last, i.id
    limit ${query.limit}`);
  return rowsOf<InvestmentListRow>(result);
}

export async function countInvestments(
  db: Executor,
  investorId: string,
  type: InvestmentFilter,
): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as count from investments i where ${investmentConditions({ investorId, type })}`,
  );
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

export async function investorExists(db: Executor, investorId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from investors where id = ${investorId}::uuid`);
  return rowsOf(result).length > 0;
}

export async function isOwnInvestment(
  db: Executor,
  investorId: string,
  investmentId: string,
): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from investments where id = ${investmentId}::uuid and investor_id = ${investorId}::uuid`,
  );
  return rowsOf(result).length > 0;
}
