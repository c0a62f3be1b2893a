/**
 * Standard interest to pay out: each month's posting of every active Standard note that does
 * not reinvest it, dated the first of the next month (when the month-end run posts it), plus
 * postings overdue (dated today) and interest credits posted but not yet settled (dated their
 * settlement day). A posting is round(cumulative interest at the month's end) less the same at
 * the previous end (PRODUCT.md 13), read with the engine's own closed form (money-sql.ts
 * `roundedInterestCentsAt`), so the figures are the engine's to the cent (decision 1940).
 */
import { type SQL, sql } from 'drizzle-orm';
import { addMonths, type IsoDate, startOfMonth } from '../../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../../db/client';
import { interestTermsOf, roundedInterestCentsAt } from '../../money/money-sql';
import {
  type DatedAmount,
  datedAmounts,
  type ForecastLineSource,
  type ForecastWindow,
} from '../forecast-line-source';

/** The first of the current month, then the first of each next month before the window's end. */
export function monthStarts(window: ForecastWindow): IsoDate[] {
  const starts: IsoDate[] = [];
  for (let start = startOfMonth(window.today); start < window.until; start = addMonths(start, 1))
    starts.push(start);
  return starts;
}

type Arithmetic = 'int8' | 'numeric';

function isOverflow(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if ((current as { code?: unknown }).code === '22003') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** int8 first (fast); a note too large for it makes PostgreSQL refuse, and the sum is redone in numeric. */
async function withArithmetic<T>(run: (type: Arithmetic) => Promise<T>): Promise<T> {
  try {
    return await run('int8');
  } catch (error) {
    if (!isOverflow(error)) throw error;
    return run('numeric');
  }
}

const reinvestsSql = (period: IsoDate): SQL => sql`coalesce((
  select c.reinvest from interest_reinvestment_changes c
  where c.investment_id = t.id and c.effective_period <= ${period}::date
  order by c.effective_period desc, c.id desc limit 1), false)`;

/**
 * Sum over notes of (rounded cumulative interest at `starts[k]`) less (the same at `starts[k-1]`),
 * k = 1..; at k = 0 less what was posted (the months ended but not yet posted). Notes that never
 * chose to reinvest telescope (one rounded figure per month end, summed); a note that ever chose
 * to reinvest counts a month only when that month's choice (the one in effect for its period)
 * is to be paid.
 */
async function postingsByMonthStart(
  db: Executor,
  starts: IsoDate[],
  type: Arithmetic,
  reinvesting: boolean,
): Promise<bigint[]> {
  const rounded = starts.map((start) => roundedInterestCentsAt(sql`${start}::date`, type));
  const previousPeriod = addMonths(starts[0] as IsoDate, -1);
  const columns: SQL[] = reinvesting
    ? starts.map((_start, index) => {
        const before = index === 0 ? sql`t.posted_cents` : (rounded[index - 1] as SQL);
        const period = index === 0 ? previousPeriod : (starts[index - 1] as IsoDate);
        return sql`round(coalesce(sum(case when ${reinvestsSql(period)} then 0 else ${rounded[index] as SQL} - ${before} end), 0))::text`;
      })
    : [
        sql`round(coalesce(sum(t.posted_cents), 0))::text`,
        ...rounded.map((value) => sql`round(coalesce(sum(${value}), 0))::text`),
      ];
  // round(): numeric sums keep the scale of their inputs ("12.00"); every figure here is whole cents.
  const named = columns.map((column, index) => sql`${column} as ${sql.raw(`c${index}`)}`);
  const result = await db.execute(sql`
    with t as materialized (
      select i.id, ${interestTermsOf(type)}, (i.interest_posted * 100)::${sql.raw(type)} as posted_cents
      from investments i
      where i.status = 'active' and i.investment_type = 'standard'
        and ${reinvesting ? sql`` : sql`not`} exists (
          select 1 from interest_reinvestment_changes c where c.investment_id = i.id and c.reinvest)
    )
    select ${sql.join(named, sql`, `)} from t`);
  const row = rowsOf<Record<string, string>>(result)[0] ?? {};
  const values = columns.map((_column, index) => BigInt(row[`c${index}`] ?? '0'));
  if (reinvesting) return values;
  return starts.map((_start, index) => (values[index + 1] as bigint) - (values[index] as bigint));
}

async function creditsInFlight(db: Executor, today: IsoDate): Promise<DatedAmount[]> {
  const result = await db.execute(sql`
    select to_char(effective_date, 'YYYY-MM-DD') as day, (sum(amount) * 100)::bigint::text as cents
    from ach_payments
    where payment_type = 'interest' and direction = 'credit' and status in ('pending', 'posted')
      and repays_amount_owed_id is null
    group by effective_date`);
  return datedAmounts(rowsOf<{ day: string; cents: string }>(result), today);
}

export const standardInterestLine: ForecastLineSource = {
  key: 'standard_interest',
  label: 'Standard interest to pay out',
  kind: 'obligation',
  description:
    'Each month’s interest on every active Standard note that is paid to the bank, by the engine’s rule (simple interest, Actual/365, half-up cents with the remainder carried), dated the first of the next month; plus interest credits already posted and not yet settled.',
  async collect(db, window) {
    const starts = monthStarts(window);
    const [paid, reinvesting] = await Promise.all([
      withArithmetic((type) => postingsByMonthStart(db, starts, type, false)),
      withArithmetic((type) => postingsByMonthStart(db, starts, type, true)),
    ]);
    const postings: DatedAmount[] = starts.map((start, index) => ({
      date: index === 0 ? window.today : start,
      cents: (paid[index] as bigint) + (reinvesting[index] as bigint),
    }));
    return [
      ...postings.filter((posting) => posting.cents !== 0n),
      ...(await creditsInFlight(db, window.today)),
    ];
  },
};
