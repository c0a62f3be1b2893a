/**
 * Reads of the account overview (PRODUCT.md 12, 20, 21). Every figure comes from the ledger
 * (investment_transactions.value_effect), each note's sum as kept by the ledger's triggers
 * (decision 1972), always for one investor.
 */
import { type SQL, sql } from 'drizzle-orm';
import { balanceStatuses } from '../../../shared/ledger/ledger-model';
import { type Executor, executeNamed, rowsOf } from '../../db/client';

const balanceStatusList = sql.raw(balanceStatuses.map((status) => `'${status}'`).join(', '));

/**
 * Each of the investor's notes with its value: the note's row in investment_ledger_values, which
 * triggers keep equal to the sum of its entries' effects in the same transaction as every ledger
 * write (decision 1972), so the read costs one row per note however long the history grows: one
 * primary-key lookup per note. Not a join on the investor's range of that table: the overview is a
 * prepared statement, and its generic plan (estimating 3 notes an investor) compared every note
 * with every value, 240-280 ms for 1,000 notes. The ledger check compares every row with a
 * recount of the ledger.
 */
export function noteValuesOf(investorId: string): SQL {
  return sql`
    select i.id, i.investment_type, i.principal_amount, i.interest_rate_annual, i.term_years, i.start_date,
           i.maturity_date, i.status, i.interest_accrued, i.maturity_instruction, i.rollover_term_years,
           coalesce(v.value, 0) as value
    from investments i
    left join investment_ledger_values v on v.investment_id = i.id
    where i.investor_id = ${investorId}::uuid`;
}

export interface BalanceRow {
  total_balance: string;
  high_yield_total: string;
  standard_total: string;
  accruing_interest: string;
  note_count: number;
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
  maturity_instruction: string | null;
  rollover_term_years: number | null;
}

export interface InvestorProfileRow {
  first_name: string | null;
  referral_code: string;
  referral_count: number;
}

/** A Standard note's reinvestment choice, as the overview reads it (decision 1740). */
export interface OverviewReinvestmentChoiceRow {
  effective_period: string;
  reinvest: boolean;
}

/** Standard interest of the investor's last posted month (decision 1740). */
export interface StandardMonthRow {
  period: string;
  paid: string;
  reinvested: string;
}

/** What decides whether the investor can buy now: screening, identity check and bank accounts. */
export interface PurchaseHoldFactsRow {
  has_watchlist_hit: boolean;
  identity_status: 'approved' | 'review' | 'rejected' | null;
  latest_attempt_status: string | null;
  bank_account_status: 'verified' | 'micro_deposits_pending' | 'pending' | null;
}

export interface AccountOverviewRows {
  profile: InvestorProfileRow;
  holdFacts: PurchaseHoldFactsRow;
  balance: BalanceRow;
  /** Each note with its reinvestment choices in the order made (null for a High-Yield note). */
  notes: (NoteSummaryRow & { reinvestment_choices: OverviewReinvestmentChoiceRow[] | null })[];
  /** Open amounts owed to the investor (decision 1510), summed. */
  owedToInvestor: string;
  /** Null until a Standard note of the investor has a posted month. */
  standardMonth: StandardMonthRow | null;
}

const noBalance: BalanceRow = {
  total_balance: '0',
  high_yield_total: '0',
  standard_total: '0',
  accruing_interest: '0',
  note_count: 0,
};

type OverviewRow = InvestorProfileRow &
  PurchaseHoldFactsRow & {
    owed_to_investor: string;
    standard_period: string | null;
    standard_paid: string;
    standard_reinvested: string;
    reinvestment_choices: OverviewReinvestmentChoiceRow[] | null;
  } & Partial<NoteSummaryRow & BalanceRow>;

/**
 * The overview in one statement: the investor's profile, the spec's get_account_balance
 * (totals over active and matured notes, as window sums taken before the limit), the
 * newest of those notes with their reinvestment choices, the open amounts owed to the investor,
 * the Standard interest of the last posted month and what decides whether purchases are possible
 * (decision 1840). The referral count, the amount owed, the purchase facts and the Standard month
 * are read once (materialised CTEs), not once per note row (decisions 1411, 1415). Null when there
 * is no such investor.
 */
export async function readAccountOverview(
  db: Executor,
  investorId: string,
  noteLimit: number,
): Promise<AccountOverviewRows | null> {
  const rows = await executeNamed<OverviewRow>(
    db,
    'portal_account_overview',
    sql`
    with notes as (
      select * from (${noteValuesOf(investorId)}) n where n.status in (${balanceStatusList})
    ),
    newest as (
      select n.id, n.investment_type, n.principal_amount::text as principal_amount,
             n.interest_rate_annual::text as interest_rate_annual, n.term_years,
             to_char(n.start_date, 'YYYY-MM-DD') as start_date,
             to_char(n.maturity_date, 'YYYY-MM-DD') as maturity_date, n.status, n.value::text as value,
             n.maturity_instruction, n.rollover_term_years,
             (sum(n.value) over ())::text as total_balance,
             (coalesce(sum(n.value) filter (where n.investment_type = 'high_yield') over (), 0))::text
               as high_yield_total,
             (coalesce(sum(n.value) filter (where n.investment_type = 'standard') over (), 0))::text as standard_total,
             (coalesce(round(sum(n.interest_accrued) filter (where n.status = 'active') over (), 2), 0))::text
               as accruing_interest,
             (count(*) over ())::int as note_count
      from notes n
      order by n.start_date desc, n.id
      limit ${noteLimit}
    ),
    profile as materialized (
      select v.first_name, v.referral_code,
             (select count(*)::int from referrals r where r.referrer_investor_id = v.id) as referral_count,
             (select coalesce(sum(o.amount), 0)::text from amounts_owed o
               where o.investor_id = v.id and o.direction = 'owed_to_investor' and o.status = 'open')
               as owed_to_investor,
             exists (select 1 from identity_verifications iv
                     where iv.investor_id = v.id and iv.watchlist_status = 'hit') as has_watchlist_hit,
             (select t.kyc_status from tax_records t where t.investor_id = v.id) as identity_status,
             (select iv.status from identity_verifications iv where iv.investor_id = v.id
               order by iv.created_at desc, iv.id desc limit 1) as latest_attempt_status,
             (select b.verification_status from bank_accounts b
               where b.investor_id = v.id and b.deleted_at is null
                 and b.verification_status in ('verified', 'micro_deposits_pending', 'pending')
               order by case b.verification_status when 'verified' then 0 when 'micro_deposits_pending' then 1 else 2 end
               limit 1) as bank_account_status
      from investors v
      where v.id = ${investorId}::uuid
    ),
    standard as (
      select i.id, i.last_posted_period from investments i
      where i.investor_id = ${investorId}::uuid and i.investment_type = 'standard' and i.status <> 'cancelled'
    ),
    -- Each Standard note's entry of the last posted month, found through the posting key
    -- (note, period), not a scan of the investor's whole ledger.
    standard_month as materialized (
      select to_char(l.period, 'YYYY-MM-DD') as standard_period,
             coalesce(sum(t.amount) filter (where t.value_effect = 0), 0)::text as standard_paid,
             coalesce(sum(t.amount) filter (where t.value_effect > 0), 0)::text as standard_reinvested
      from (select max(s.last_posted_period) as period from standard s) l
      left join standard s on true
      left join investment_transactions t on t.investment_id = s.id and t.posting_period = l.period
        and t.transaction_type = 'interest_payment'
      group by l.period
    )
    select profile.*, standard_month.*, newest.*, choices.reinvestment_choices
    from profile
    cross join standard_month
    left join newest on true
    left join lateral (
      select json_agg(json_build_object(
               'effective_period', to_char(c.effective_period, 'YYYY-MM-DD'), 'reinvest', c.reinvest)
             order by c.id) as reinvestment_choices
      from interest_reinvestment_changes c
      where c.investment_id = newest.id
    ) choices on newest.investment_type = 'standard'
    order by newest.start_date desc nulls last, newest.id`,
  );
  const first = rows[0];
  if (!first) return null;
  const profile = {
    first_name: first.first_name,
    referral_code: first.referral_code,
    referral_count: first.referral_count,
  };
  const holdFacts: PurchaseHoldFactsRow = {
    has_watchlist_hit: first.has_watchlist_hit,
    identity_status: first.identity_status,
    latest_attempt_status: first.latest_attempt_status,
    bank_account_status: first.bank_account_status,
  };
  const owedToInvestor = first.owed_to_investor;
  const standardMonth = first.standard_period
    ? { period: first.standard_period, paid: first.standard_paid, reinvested: first.standard_reinvested }
    : null;
  if (!first.id) return { profile, holdFacts, balance: noBalance, notes: [], owedToInvestor, standardMonth };
  const balance: BalanceRow = {
    total_balance: first.total_balance ?? '0',
    high_yield_total: first.high_yield_total ?? '0',
    standard_total: first.standard_total ?? '0',
    accruing_interest: first.accruing_interest ?? '0',
    note_count: first.note_count ?? 0,
  };
  const notes = rows.map((row) => ({
    id: row.id!,
    investment_type: row.investment_type!,
    principal_amount: row.principal_amount!,
    interest_rate_annual: row.interest_rate_annual!,
    term_years: row.term_years!,
    start_date: row.start_date!,
    maturity_date: row.maturity_date!,
    status: row.status!,
    value: row.value!,
    maturity_instruction: row.maturity_instruction ?? null,
    rollover_term_years: row.rollover_term_years ?? null,
    reinvestment_choices: row.investment_type === 'standard' ? (row.reinvestment_choices ?? []) : null,
  }));
  return { profile, holdFacts, balance, notes, owedToInvestor, standardMonth };
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
