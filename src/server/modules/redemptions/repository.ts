/** Early redemption requests (decisions 1950-1953): the only SQL of the queue and the gate. */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type {
  EarlyRedemptionStatus,
  RedemptionGate,
} from '../../../shared/redemptions/early-redemption-contracts';
import { type Executor, rowsOf } from '../../db/client';

export interface RedemptionRecord {
  id: string;
  investment_id: string;
  investor_id: string;
  is_whole: boolean;
  principal_amount: string;
  status: EarlyRedemptionStatus;
  requested_at: string;
  payment_date: IsoDate | null;
  decline_reason: string | null;
  failure_reason: string | null;
  redemption_date: IsoDate | null;
  penalty: string | null;
  interest_paid: string | null;
  amount_paid: string | null;
  first_approved_by: string | null;
  first_approver_name: string | null;
  approved_by: string | null;
  approver_name: string | null;
  declined_by: string | null;
  decliner_name: string | null;
  first_name: string;
  last_name: string;
  email: string;
  investment_type: 'standard' | 'high_yield';
  interest_rate_annual: string;
  maturity_date: IsoDate;
  queue_position: number | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

const recordColumns = sql`
  e.id, e.investment_id, e.investor_id, e.is_whole, e.principal_amount::text as principal_amount, e.status,
  ${iso('e.requested_at')} as requested_at, ${day('e.payment_date')} as payment_date, e.decline_reason,
  e.failure_reason, ${day('e.redemption_date')} as redemption_date, e.penalty::text as penalty,
  e.interest_paid::text as interest_paid, e.amount_paid::text as amount_paid,
  e.first_approved_by, fa.first_name || ' ' || fa.last_name as first_approver_name,
  e.approved_by, ap.first_name || ' ' || ap.last_name as approver_name,
  e.declined_by, dc.first_name || ' ' || dc.last_name as decliner_name,
  coalesce(v.first_name, '') as first_name, coalesce(v.last_name, '') as last_name, v.email,
  i.investment_type, i.interest_rate_annual::text as interest_rate_annual, ${day('i.maturity_date')} as maturity_date,
  case when e.status in ('requested', 'first_approval') then (
    select count(*)::int from early_redemptions q
    where q.status in ('requested', 'first_approval') and (q.requested_at, q.id) <= (e.requested_at, e.id))
  end as queue_position`;

const recordJoins = sql`
  from early_redemptions e
  join investments i on i.id = e.investment_id
  join investors v on v.id = e.investor_id
  left join admin_users fa on fa.id = e.first_approved_by
  left join admin_users ap on ap.id = e.approved_by
  left join admin_users dc on dc.id = e.declined_by`;

export async function selectRedemption(db: Executor, id: string): Promise<RedemptionRecord | null> {
  const result = await db.execute(sql`select ${recordColumns} ${recordJoins} where e.id = ${id}::uuid`);
  return rowsOf<RedemptionRecord>(result)[0] ?? null;
}

export async function selectNoteRedemptions(
  db: Executor,
  input: { investorId: string; investmentId: string },
): Promise<RedemptionRecord[]> {
  const result = await db.execute(sql`
    select ${recordColumns} ${recordJoins}
    where e.investor_id = ${input.investorId}::uuid and e.investment_id = ${input.investmentId}::uuid
    order by e.requested_at desc, e.id desc limit 50`);
  return rowsOf<RedemptionRecord>(result);
}

/** The queue: open requests first come first served; any other status newest first. */
export async function selectRedemptions(
  db: Executor,
  input: { status: 'open' | EarlyRedemptionStatus; limit: number; offset: number },
): Promise<{ rows: RedemptionRecord[]; total: number }> {
  const isOpen = input.status === 'open';
  const filter = isOpen
    ? sql`e.status in ('requested', 'first_approval', 'approved')`
    : sql`e.status = ${input.status}`;
  const order = isOpen ? sql`e.requested_at, e.id` : sql`e.updated_at desc, e.id desc`;
  const result = await db.execute(sql`
    select ${recordColumns} ${recordJoins} where ${filter} order by ${order}
    limit ${input.limit} offset ${input.offset}`);
  const counted = await db.execute(
    sql`select count(*)::int as total from early_redemptions e where ${filter}`,
  );
  return {
    rows: rowsOf<RedemptionRecord>(result),
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
  };
}

export async function hasOpenRedemption(db: Executor, investmentId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from early_redemptions
    where investment_id = ${investmentId}::uuid and status in ('requested', 'first_approval', 'approved') limit 1`);
  return rowsOf(result).length > 0;
}

export async function insertRedemption(
  tx: Executor,
  input: { investmentId: string; investorId: string; isWhole: boolean; principal: string; now: Date },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into early_redemptions (investment_id, investor_id, is_whole, principal_amount, status, requested_at,
      created_at, updated_at)
    values (${input.investmentId}::uuid, ${input.investorId}::uuid, ${input.isWhole}, ${input.principal}::numeric,
      'requested', ${input.now}::timestamptz, ${input.now}::timestamptz, ${input.now}::timestamptz)
    on conflict (investment_id) where status in ('requested', 'first_approval', 'approved') do nothing
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? '';
}

/** The investor's own request, still waiting for staff: cancelled. False when it was not cancellable. */
export async function cancelOpenRedemption(
  tx: Executor,
  input: { id: string; investorId: string; now: Date },
): Promise<boolean> {
  const result = await tx.execute(sql`
    update early_redemptions set status = 'cancelled', cancelled_at = ${input.now}::timestamptz,
      updated_at = ${input.now}::timestamptz
    where id = ${input.id}::uuid and investor_id = ${input.investorId}::uuid and status in ('requested', 'first_approval')
    returning id`);
  return rowsOf(result).length > 0;
}

export interface LockedRedemption {
  id: string;
  investmentId: string;
  investorId: string;
  isWhole: boolean;
  principal: string;
  status: EarlyRedemptionStatus;
  firstApprovedBy: string | null;
}

export async function lockRedemption(tx: Executor, id: string): Promise<LockedRedemption | null> {
  const result = await tx.execute(sql`
    select id, investment_id, investor_id, is_whole, principal_amount::text as principal, status, first_approved_by
    from early_redemptions where id = ${id}::uuid for update`);
  const row = rowsOf<{
    id: string;
    investment_id: string;
    investor_id: string;
    is_whole: boolean;
    principal: string;
    status: EarlyRedemptionStatus;
    first_approved_by: string | null;
  }>(result)[0];
  return row
    ? {
        id: row.id,
        investmentId: row.investment_id,
        investorId: row.investor_id,
        isWhole: row.is_whole,
        principal: row.principal,
        status: row.status,
        firstApprovedBy: row.first_approved_by,
      }
    : null;
}

export async function markFirstApproval(tx: Executor, input: { id: string; adminId: string; now: Date }) {
  await tx.execute(sql`
    update early_redemptions set status = 'first_approval', first_approved_by = ${input.adminId}::uuid,
      first_approved_at = ${input.now}::timestamptz, updated_at = ${input.now}::timestamptz
    where id = ${input.id}::uuid`);
}

export async function markApproved(
  tx: Executor,
  input: { id: string; adminId: string; paymentDate: IsoDate; now: Date },
) {
  await tx.execute(sql`
    update early_redemptions set status = 'approved', approved_by = ${input.adminId}::uuid,
      approved_at = ${input.now}::timestamptz, payment_date = ${input.paymentDate}::date,
      updated_at = ${input.now}::timestamptz
    where id = ${input.id}::uuid`);
}

export async function markDeclined(
  tx: Executor,
  input: { id: string; adminId: string; reason: string; now: Date },
) {
  await tx.execute(sql`
    update early_redemptions set status = 'declined', declined_by = ${input.adminId}::uuid,
      declined_at = ${input.now}::timestamptz, decline_reason = ${input.reason}, updated_at = ${input.now}::timestamptz
    where id = ${input.id}::uuid`);
}

const GATE_KEY = 'early_redemption_gate';

export async function readGate(db: Executor): Promise<RedemptionGate> {
  const result = await db.execute(sql`select value from app_settings where key = ${GATE_KEY}`);
  const value = rowsOf<{ value: unknown }>(result)[0]?.value as Partial<RedemptionGate> | undefined;
  return {
    paused: value?.paused === true,
    message: typeof value?.message === 'string' ? value.message : '',
  };
}

export async function writeGate(tx: Executor, gate: RedemptionGate, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into app_settings (key, value, updated_at) values (${GATE_KEY}, ${JSON.stringify(gate)}::jsonb, ${now}::timestamptz)
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
}

/** Approved redemptions not yet paid, by payment date (the forecast's lines: service.ts). */
export async function selectApprovedUnpaidRedemptions(db: Executor): Promise<
  {
    id: string;
    payment_date: IsoDate;
    investment_id: string;
    investment_type: 'standard' | 'high_yield';
    is_whole: boolean;
    principal_amount: string;
    interest_rate_annual: string;
  }[]
> {
  const result = await db.execute(sql`
    select e.id, ${day('e.payment_date')} as payment_date, e.investment_id, i.investment_type, e.is_whole,
           e.principal_amount::text as principal_amount, i.interest_rate_annual::text as interest_rate_annual
    from early_redemptions e join investments i on i.id = e.investment_id
    where e.status = 'approved' order by e.payment_date, e.requested_at, e.id`);
  return rowsOf(result);
}
