/**
 * High-Yield principal and interest maturing: every active High-Yield note maturing before the
 * window's end, at its value on its maturity date (principal less transfers plus adjustments,
 * plus all its interest through maturity: round(cumulative interest at maturity), the engine's
 * own expression), dated its maturity date (the run that sees it pays it out or rolls it over).
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../../db/client';
import { cumulativeInterestAt } from '../../money/money-sql';
import { datedAmounts, type ForecastLineSource, type ForecastWindow } from '../forecast-line-source';

/** Per maturity date and instruction: the value maturing, in cents. */
export async function maturingValues(
  db: Executor,
  window: ForecastWindow,
): Promise<{ day: string; instruction: string | null; cents: string }[]> {
  const result = await db.execute(sql`
    select to_char(i.maturity_date, 'YYYY-MM-DD') as day, i.maturity_instruction as instruction,
           (sum(i.principal_amount - i.amount_withdrawn + i.amount_adjusted
                + round(${cumulativeInterestAt(sql`i.maturity_date`)}, 2)) * 100)::bigint::text as cents
    from investments i
    where i.status = 'active' and i.investment_type = 'high_yield' and i.maturity_date < ${window.until}::date
    group by i.maturity_date, i.maturity_instruction`);
  return rowsOf<{ day: string; instruction: string | null; cents: string }>(result);
}

export const highYieldMaturitiesLine: ForecastLineSource = {
  key: 'high_yield_maturing',
  label: 'High-Yield principal and interest maturing',
  kind: 'obligation',
  description:
    'The value of every High-Yield note on its maturity date: principal, less transfers, plus adjustments, plus all its interest through maturity by the engine’s rule.',
  async collect(db, window) {
    return datedAmounts(await maturingValues(db, window), window.today);
  },
};
