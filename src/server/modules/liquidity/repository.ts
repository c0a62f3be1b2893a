/** SQL of the liquidity module (decisions 1940-1943): cash positions, settings, coverage checks, snapshots. */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type {
  AccountKind,
  CashPositionStatus,
  LiquiditySettings,
} from '../../../shared/liquidity/liquidity-contracts';
import { type Executor, rowsOf } from '../../db/client';
import { iso } from '../transfers/repository';

export const LIQUIDITY_SETTINGS_KEY = 'liquidity';
export const defaultLiquiditySettings: LiquiditySettings = {
  rollover_rate: '0.5',
  transparency_enabled: false,
};

export async function selectLiquiditySettings(db: Executor): Promise<LiquiditySettings> {
  const result = await db.execute(sql`select value from app_settings where key = ${LIQUIDITY_SETTINGS_KEY}`);
  const value = rowsOf<{ value: Partial<LiquiditySettings> | string }>(result)[0]?.value;
  const parsed = typeof value === 'string' ? (JSON.parse(value) as Partial<LiquiditySettings>) : value;
  return { ...defaultLiquiditySettings, ...(parsed ?? {}) };
}

export async function upsertLiquiditySettings(
  db: Executor,
  settings: LiquiditySettings,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into app_settings (key, value, updated_at)
    values (${LIQUIDITY_SETTINGS_KEY}, ${JSON.stringify(settings)}::jsonb, ${now}::timestamptz)
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
}

export interface CashPositionRow {
  id: string;
  account_name: string;
  account_kind: AccountKind;
  balance: string;
  as_of: string;
  status: CashPositionStatus;
  source: 'manual' | 'csv';
  recorded_by: string;
  recorder_name: string;
  recorded_at: string;
  decided_by: string | null;
  decider_name: string | null;
  decided_at: string | null;
  decision_reason: string | null;
}

const positionColumns = sql`
  c.id, c.account_name, c.account_kind, c.balance::text as balance, to_char(c.as_of, 'YYYY-MM-DD') as as_of,
  c.status, c.source, c.recorded_by, r.first_name || ' ' || r.last_name as recorder_name,
  ${iso('c.recorded_at')} as recorded_at, c.decided_by, d.first_name || ' ' || d.last_name as decider_name,
  ${iso('c.decided_at')} as decided_at, c.decision_reason`;
const positionJoins = sql`
  from cash_positions c
  join admin_users r on r.id = c.recorded_by
  left join admin_users d on d.id = c.decided_by`;

export async function insertCashPosition(
  db: Executor,
  input: {
    accountName: string;
    accountKind: AccountKind;
    balance: string;
    asOf: IsoDate;
    status: 'pending' | 'recorded';
    source: 'manual' | 'csv';
    recordedBy: string;
    now: Date;
  },
): Promise<string> {
  const result = await db.execute(sql`
    insert into cash_positions (account_name, account_kind, balance, as_of, status, source, recorded_by, recorded_at, decided_at)
    values (${input.accountName}, ${input.accountKind}, ${input.balance}::numeric, ${input.asOf}::date, ${input.status},
            ${input.source}, ${input.recordedBy}::uuid, ${input.now}::timestamptz,
            ${input.status === 'pending' ? null : input.now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export async function selectCashPositions(db: Executor, ids?: readonly string[]): Promise<CashPositionRow[]> {
  const filter =
    ids === undefined
      ? sql`where c.status = 'pending' or c.recorded_at > now() - interval '400 days'`
      : sql`where c.id = any(${`{${ids.join(',')}}`}::uuid[])`;
  const result = await db.execute(sql`
    select ${positionColumns} ${positionJoins} ${filter}
    order by (c.status = 'pending') desc, c.as_of desc, c.recorded_at desc limit 200`);
  return rowsOf<CashPositionRow>(result);
}

export async function lockCashPosition(
  tx: Executor,
  id: string,
): Promise<{
  id: string;
  status: CashPositionStatus;
  recorded_by: string;
  balance: string;
  account_name: string;
} | null> {
  const result = await tx.execute(sql`
    select id, status, recorded_by, balance::text as balance, account_name from cash_positions where id = ${id}::uuid for update`);
  return (
    rowsOf<{
      id: string;
      status: CashPositionStatus;
      recorded_by: string;
      balance: string;
      account_name: string;
    }>(result)[0] ?? null
  );
}

export async function markCashPositionDecided(
  tx: Executor,
  input: { id: string; status: 'recorded' | 'rejected'; decidedBy: string; reason: string | null; now: Date },
): Promise<void> {
  await tx.execute(sql`
    update cash_positions set status = ${input.status}, decided_by = ${input.decidedBy}::uuid,
      decided_at = ${input.now}::timestamptz, decision_reason = ${input.reason}
    where id = ${input.id}::uuid`);
}

/** Each account's latest recorded balance (by its date, then when it was recorded). */
export async function selectLatestBalances(
  db: Executor,
): Promise<{ account_name: string; account_kind: AccountKind; balance: string; as_of: string }[]> {
  const result = await db.execute(sql`
    select distinct on (account_name) account_name, account_kind, balance::text as balance,
           to_char(as_of, 'YYYY-MM-DD') as as_of
    from cash_positions where status = 'recorded'
    order by account_name, as_of desc, recorded_at desc`);
  return rowsOf(result);
}

export interface CoverageCheckRow {
  id: string;
  checked_on: string;
  horizon_until: string;
  threshold: string;
  cash: string;
  inflows: string;
  obligations: string;
  coverage: string | null;
  is_below: boolean;
  first_below_period: string | null;
  staff_emailed: number;
  acknowledged_by: string | null;
  acknowledger_name: string | null;
  acknowledged_at: string | null;
  acknowledgement_note: string | null;
  created_at: string;
}

const checkColumns = sql`
  k.id, to_char(k.checked_on, 'YYYY-MM-DD') as checked_on, to_char(k.horizon_until, 'YYYY-MM-DD') as horizon_until,
  k.threshold::text as threshold, k.cash::text as cash, k.inflows::text as inflows, k.obligations::text as obligations,
  k.coverage::text as coverage, k.is_below, to_char(k.first_below_period, 'YYYY-MM-DD') as first_below_period,
  k.staff_emailed, k.acknowledged_by, a.first_name || ' ' || a.last_name as acknowledger_name,
  ${iso('k.acknowledged_at')} as acknowledged_at, k.acknowledgement_note, ${iso('k.created_at')} as created_at`;

export async function insertCoverageCheck(
  db: Executor,
  input: {
    checkedOn: IsoDate;
    horizonUntil: IsoDate;
    threshold: string;
    cash: string;
    inflows: string;
    obligations: string;
    coverage: string | null;
    isBelow: boolean;
    firstBelowPeriod: IsoDate | null;
    figures: unknown;
    now: Date;
  },
): Promise<string> {
  const result = await db.execute(sql`
    insert into liquidity_checks (checked_on, horizon_until, threshold, cash, inflows, obligations, coverage, is_below,
      first_below_period, figures, created_at)
    values (${input.checkedOn}::date, ${input.horizonUntil}::date, ${input.threshold}::numeric, ${input.cash}::numeric,
      ${input.inflows}::numeric, ${input.obligations}::numeric, ${input.coverage}::numeric, ${input.isBelow},
      ${input.firstBelowPeriod}::date, ${JSON.stringify(input.figures)}::jsonb, ${input.now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export async function setStaffEmailed(db: Executor, id: string, count: number): Promise<void> {
  await db.execute(sql`update liquidity_checks set staff_emailed = ${count} where id = ${id}::uuid`);
}

export async function selectCoverageChecks(db: Executor, limit = 30): Promise<CoverageCheckRow[]> {
  const result = await db.execute(sql`
    select ${checkColumns} from liquidity_checks k left join admin_users a on a.id = k.acknowledged_by
    order by k.sequence desc limit ${limit}`);
  return rowsOf<CoverageCheckRow>(result);
}

export async function selectCoverageCheck(db: Executor, id: string): Promise<CoverageCheckRow | null> {
  const result = await db.execute(sql`
    select ${checkColumns} from liquidity_checks k left join admin_users a on a.id = k.acknowledged_by
    where k.id = ${id}::uuid`);
  return rowsOf<CoverageCheckRow>(result)[0] ?? null;
}

/** The newest check below the threshold that nobody has acknowledged (the banner's alert). */
export async function selectOpenAlert(db: Executor): Promise<CoverageCheckRow | null> {
  const result = await db.execute(sql`
    select ${checkColumns} from liquidity_checks k left join admin_users a on a.id = k.acknowledged_by
    where k.is_below and k.acknowledged_at is null
    order by k.sequence desc limit 1`);
  return rowsOf<CoverageCheckRow>(result)[0] ?? null;
}

/** Acknowledging the newest alert acknowledges every earlier open one too: staff have seen the state. */
export async function acknowledgeAlerts(
  tx: Executor,
  input: { upTo: string; adminUserId: string; note: string | null; now: Date },
): Promise<number> {
  const result = await tx.execute(sql`
    update liquidity_checks set acknowledged_by = ${input.adminUserId}::uuid, acknowledged_at = ${input.now}::timestamptz,
      acknowledgement_note = ${input.note}
    where is_below and acknowledged_at is null
      and sequence <= (select sequence from liquidity_checks where id = ${input.upTo}::uuid)`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

/** Operations and super admins who can be written to. */
export async function selectOperationsStaff(db: Executor): Promise<{ email: string; first_name: string }[]> {
  const result = await db.execute(sql`
    select email, first_name from admin_users
    where role in ('operations', 'super_admin') and is_active
    order by email`);
  return rowsOf(result);
}
