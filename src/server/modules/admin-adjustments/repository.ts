/** SQL of four-eyes adjustments (decision 1621). */
import { sql } from 'drizzle-orm';
import type { AdjustmentDirection, AdjustmentStatus } from '../../../shared/admin/back-office-contracts';
import { type Executor, rowsOf } from '../../db/client';
import { iso } from '../transfers/repository';

export interface AdjustmentRow {
  id: string;
  investment_id: string;
  investment_type: string;
  investor_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  proposed_by: string;
  proposer_name: string;
  proposed_at: string;
  decided_by: string | null;
  decider_name: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  transaction_id: string | null;
  note_value: string;
}

const adjustmentColumns = sql`
  a.id, a.investment_id, i.investment_type, a.investor_id, v.first_name, v.last_name, v.email, a.direction,
  a.amount::text as amount, a.reason, a.status, a.proposed_by, p.first_name || ' ' || p.last_name as proposer_name,
  ${iso('a.proposed_at')} as proposed_at, a.decided_by, d.first_name || ' ' || d.last_name as decider_name,
  ${iso('a.decided_at')} as decided_at, a.decision_reason, a.transaction_id,
  (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = a.investment_id)::text
    as note_value`;

const adjustmentJoins = sql`
  from ledger_adjustments a
  join investments i on i.id = a.investment_id
  join investors v on v.id = a.investor_id
  join admin_users p on p.id = a.proposed_by
  left join admin_users d on d.id = a.decided_by`;

export async function insertAdjustment(
  tx: Executor,
  input: {
    investmentId: string;
    investorId: string;
    direction: AdjustmentDirection;
    amount: string;
    reason: string;
    proposedBy: string;
    now: Date;
  },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into ledger_adjustments (investment_id, investor_id, direction, amount, reason, proposed_by, proposed_at)
    values (${input.investmentId}::uuid, ${input.investorId}::uuid, ${input.direction}, ${input.amount}::numeric,
            ${input.reason}, ${input.proposedBy}::uuid, ${input.now}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export async function selectAdjustment(db: Executor, id: string): Promise<AdjustmentRow | null> {
  const result = await db.execute(
    sql`select ${adjustmentColumns} ${adjustmentJoins} where a.id = ${id}::uuid`,
  );
  return rowsOf<AdjustmentRow>(result)[0] ?? null;
}

export async function selectAdjustments(
  db: Executor,
  input: { status: AdjustmentStatus; limit: number; offset: number },
): Promise<{ rows: AdjustmentRow[]; total: number }> {
  const order = input.status === 'pending' ? sql`a.proposed_at, a.id` : sql`a.decided_at desc, a.id desc`;
  const result = await db.execute(sql`
    select ${adjustmentColumns} ${adjustmentJoins}
    where a.status = ${input.status} order by ${order} limit ${input.limit} offset ${input.offset}`);
  const total = await db.execute(
    sql`select count(*)::int as total from ledger_adjustments where status = ${input.status}`,
  );
  return { rows: rowsOf<AdjustmentRow>(result), total: rowsOf<{ total: number }>(total)[0]?.total ?? 0 };
}

export interface LockedAdjustment {
  id: string;
  investmentId: string;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  proposedBy: string;
}

export async function lockAdjustment(tx: Executor, id: string): Promise<LockedAdjustment | null> {
  const result = await tx.execute(sql`
    select id, investment_id, direction, amount::text as amount, reason, status, proposed_by
    from ledger_adjustments where id = ${id}::uuid for update`);
  const row = rowsOf<{
    id: string;
    investment_id: string;
    direction: AdjustmentDirection;
    amount: string;
    reason: string;
    status: AdjustmentStatus;
    proposed_by: string;
  }>(result)[0];
  return row
    ? {
        id: row.id,
        investmentId: row.investment_id,
        direction: row.direction,
        amount: row.amount,
        reason: row.reason,
        status: row.status,
        proposedBy: row.proposed_by,
      }
    : null;
}

export async function markAdjustmentDecided(
  tx: Executor,
  input: {
    id: string;
    status: 'applied' | 'rejected';
    decidedBy: string;
    decisionReason: string | null;
    transactionId: string | null;
    now: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    update ledger_adjustments set status = ${input.status}, decided_by = ${input.decidedBy}::uuid,
      decided_at = ${input.now}::timestamptz, decision_reason = ${input.decisionReason},
      transaction_id = ${input.transactionId}::uuid
    where id = ${input.id}::uuid and status = 'pending'`);
}
