/**
 * A Standard note's interest reinvestment choices (issue 17 item 2, decision 1740). Each choice
 * is a row kept with the first month it governs; the posting statement reads the one governing
 * each month (`interest-repository.ts`), so a choice never changes a month already earning.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { startOfMonth } from '../../../shared/dates/calendar-date';
import {
  type ReinvestmentChoice,
  reinvestmentEffectivePeriod,
} from '../../../shared/investments/interest-reinvestment';
import { type Executor, rowsOf } from '../../db/client';
import { interestReinvestmentChanges } from '../../db/schema';

/**
 * Records a choice. At purchase it governs the note from its first month; made on a later day,
 * from the month after that day's.
 */
export async function recordReinvestmentChoice(
  tx: Executor,
  input: {
    investmentId: string;
    investorId: string;
    reinvest: boolean;
    changedOn: IsoDate;
    source: 'purchase' | 'investor';
    now: Date;
  },
): Promise<{ effectivePeriod: IsoDate }> {
  const effectivePeriod =
    input.source === 'purchase'
      ? startOfMonth(input.changedOn)
      : reinvestmentEffectivePeriod(input.changedOn);
  await tx.insert(interestReinvestmentChanges).values({
    investmentId: input.investmentId,
    investorId: input.investorId,
    reinvest: input.reinvest,
    effectivePeriod,
    changedOn: input.changedOn,
    source: input.source,
    createdAt: input.now,
  });
  return { effectivePeriod };
}

/** The choices of the given notes, in the order they were made. */
export async function readReinvestmentChoices(
  db: Executor,
  investmentIds: readonly string[],
): Promise<Map<string, ReinvestmentChoice[]>> {
  const byNote = new Map<string, ReinvestmentChoice[]>();
  if (investmentIds.length === 0) return byNote;
  const result = await db.execute(sql`
    select investment_id, reinvest, to_char(effective_period, 'YYYY-MM-DD') as effective_period
    from interest_reinvestment_changes
    where investment_id in (${sql.join(
      investmentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by id`);
  for (const row of rowsOf<{ investment_id: string; reinvest: boolean; effective_period: IsoDate }>(result)) {
    const list = byNote.get(row.investment_id) ?? [];
    list.push({ effectivePeriod: row.effective_period, reinvest: row.reinvest });
    byNote.set(row.investment_id, list);
  }
  return byNote;
}
