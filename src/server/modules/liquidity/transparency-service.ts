/**
 * The public coverage page (issue 27 section 2, decision 1943): the daily snapshot the job
 * writes (figures and the Merkle sum tree's digest, no personal data), served only while staff
 * have the page turned on, and each investor's proof for their own notes.
 */
import { sql } from 'drizzle-orm';
import {
  COVERAGE_CHECK_DAYS,
  type CoverageProofResponse,
  liquidityMessages,
  type PublicTransparencyResponse,
} from '../../../shared/liquidity/liquidity-contracts';
import { AppError } from '../../../shared/errors/app-error';
import { centsToMoney, toMoneyString } from '../../../shared/money/decimal-string';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { AppContext } from '../../context';
import { type Executor, rowsOf } from '../../db/client';
import { selectLiquiditySettings } from './repository';
import { proveInvestorNotes, writeTree } from './transparency-tree';

const planLabels: Record<string, string> = { standard: 'Standard', high_yield: 'High-Yield' };

export interface SnapshotInput {
  today: IsoDate;
  now: Date;
  obligationsByMonth: PublicTransparencyResponse['obligations_by_month'];
  cash: PublicTransparencyResponse['cash'];
  coverage: { ratio: string | null; first_short_month: string | null };
}

export async function takeTransparencySnapshot(db: Executor, input: SnapshotInput): Promise<string> {
  const byPlan = rowsOf<{ plan: string; notes: number; amount: string }>(
    await db.execute(sql`
      select i.investment_type as plan, count(*)::int as notes,
             sum(i.principal_amount + case when i.investment_type = 'high_yield' then i.interest_posted else i.interest_reinvested end
                 - i.amount_withdrawn + i.amount_adjusted)::text as amount
      from investments i
      where i.status in ('active', 'matured')
        and i.principal_amount + case when i.investment_type = 'high_yield' then i.interest_posted else i.interest_reinvested end
            - i.amount_withdrawn + i.amount_adjusted > 0
      group by i.investment_type order by i.investment_type desc`),
  );
  const figures = {
    outstanding_by_plan: byPlan.map((row) => ({
      plan: row.plan,
      label: planLabels[row.plan] ?? row.plan,
      notes: row.notes,
      principal: toMoneyString(row.amount),
    })),
    obligations_by_month: input.obligationsByMonth,
    cash: input.cash,
    coverage: {
      ratio: input.coverage.ratio,
      horizon_days: COVERAGE_CHECK_DAYS,
      first_short_month: input.coverage.first_short_month,
    },
  };
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      insert into transparency_snapshots (taken_on, figures, root_hash, total_outstanding, leaf_count, note_count, created_at)
      values (${input.today}::date, ${JSON.stringify(figures)}::jsonb, '', 0, 0, 0, ${input.now}::timestamptz)
      returning id`);
    const id = rowsOf<{ id: string }>(result)[0]!.id;
    const tree = await writeTree(tx, id);
    await tx.execute(sql`
      update transparency_snapshots set root_hash = ${tree.root.hash}, total_outstanding = ${centsToMoney(tree.root.cents)}::numeric,
        leaf_count = ${tree.leafCount}, note_count = ${tree.noteCount}
      where id = ${id}::uuid`);
    return id;
  });
}

interface SnapshotRow {
  id: string;
  taken_on: string;
  created_at: string;
  figures:
    | Omit<PublicTransparencyResponse, 'taken_on' | 'generated_at' | 'total_outstanding' | 'digest'>
    | string;
  root_hash: string;
  total_outstanding: string;
  leaf_count: number;
  note_count: number;
}

async function latestSnapshot(db: Executor): Promise<SnapshotRow | null> {
  const result = await db.execute(sql`
    select id, to_char(taken_on, 'YYYY-MM-DD') as taken_on, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
           figures, root_hash, total_outstanding::text as total_outstanding, leaf_count, note_count
    from transparency_snapshots s
    where exists (select 1 from transparency_nodes n where n.snapshot_id = s.id)
    order by created_at desc limit 1`);
  return rowsOf<SnapshotRow>(result)[0] ?? null;
}

function totalCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

export async function isTransparencyPublished(db: Executor): Promise<boolean> {
  return (await selectLiquiditySettings(db)).transparency_enabled;
}

export async function publicTransparency(context: AppContext): Promise<PublicTransparencyResponse> {
  if (!(await isTransparencyPublished(context.db))) {
    throw new AppError('not_found', { message: liquidityMessages.transparencyOff });
  }
  const snapshot = await latestSnapshot(context.db);
  if (!snapshot) throw new AppError('not_found', { message: liquidityMessages.noSnapshot });
  const figures = typeof snapshot.figures === 'string' ? JSON.parse(snapshot.figures) : snapshot.figures;
  return {
    ...figures,
    taken_on: snapshot.taken_on,
    generated_at: snapshot.created_at,
    total_outstanding: centsToMoney(totalCents(snapshot.total_outstanding)),
    digest: {
      root_hash: snapshot.root_hash,
      total_cents: totalCents(snapshot.total_outstanding).toString(),
      leaf_count: snapshot.leaf_count,
      note_count: snapshot.note_count,
    },
  };
}

export async function coverageProofFor(
  context: AppContext,
  investorId: string,
): Promise<CoverageProofResponse> {
  if (!(await isTransparencyPublished(context.db)))
    return { published: false, taken_on: null, digest: null, notes: [] };
  const snapshot = await latestSnapshot(context.db);
  if (!snapshot) return { published: true, taken_on: null, digest: null, notes: [] };
  return {
    published: true,
    taken_on: snapshot.taken_on,
    digest: { root_hash: snapshot.root_hash, total_cents: totalCents(snapshot.total_outstanding).toString() },
    notes: await proveInvestorNotes(context.db, snapshot.id, investorId),
  };
}
