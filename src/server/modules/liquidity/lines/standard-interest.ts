/**
 * Standard interest to pay out: each month's posting of every active Standard note that does
 * not reinvest it, dated the first of the next month (when the month-end run posts it), plus
 * postings overdue (dated today) and interest credits posted but not yet settled (dated their
 * settlement day). A posting is round(cumulative interest at the month's end) less the same at
 * the previous end (PRODUCT.md 13), read with the engine's own closed form in its linear form (money-sql.ts
 * `interestLineOf`), so the figures are the
 * engine's to the cent (decision 1940).
 */
import { type SQL, sql } from 'drizzle-orm';
import { addMonths, daysBetween, type IsoDate, startOfMonth } from '../../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../../db/client';
import { interestLineOf, roundedInterestCentsOnLine } from '../../money/money-sql';
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

/** Month index of a period: k for the posting dated starts[k] (period starts[k] - 1 month). */
function periodIndexSql(period: SQL, epoch: IsoDate): SQL {
  return sql`((extract(year from ${period})::int * 12 + extract(month from ${period})::int) - ${
    Number(epoch.slice(0, 4)) * 12 + Number(epoch.slice(5, 7))
  }::int + 1)`;
}

/**
 * Per note that ever chose to reinvest: a bit mask of the postings k = 0..count-1 that are paid
 * to the bank, i.e. whose period's choice (the latest change in effect for it, PRODUCT.md 47's
 * reinvestment rule as the engine applies it) is not to reinvest. Each change holds from its
 * period to the next change's (a later change for the same period wins, as the engine's
 * "order by effective_period desc, id desc" does); before the first change the interest is paid.
 * One pass over the changes in the order of their index (latest first, so no sort), whatever
 * the number of months shown.
 */
function paidMasksSql(epoch: IsoDate, count: number): SQL {
  const bitsBetween = (from: SQL, until: SQL) => sql`(case
    when greatest(${from}, 0) <= least(${until}, ${count}) - 1
      then (1::int8 << least(${until}, ${count})) - (1::int8 << greatest(${from}, 0))
    else 0 end)`;
  return sql`(
    select c.investment_id,
           bit_or(case when not c.reinvest then ${bitsBetween(
             periodIndexSql(sql`c.effective_period`, epoch),
             sql`coalesce(${periodIndexSql(sql`c.next_period`, epoch)}, ${count})`,
           )} else 0 end)
           | bit_or(case when c.is_first then ${bitsBetween(sql`0`, periodIndexSql(sql`c.effective_period`, epoch))} else 0 end)
             as paid_mask
    from (
      select investment_id, reinvest, effective_period,
             lag(effective_period) over later_first as next_period,
             lead(id) over later_first is null as is_first
      from interest_reinvestment_changes
      window later_first as (partition by investment_id order by effective_period desc, id desc)
    ) c
    group by c.investment_id
  )`;
}

/**
 * Each month's postings of the active Standard notes, k = 0..: at k = 0 the months ended but not
 * yet posted (rounded cumulative interest at starts[0] less what was posted), then round(cumulative
 * at starts[k]) less the same at starts[k-1]. The rounded figures come from the engine's own
 * expression in its linear form (money-sql.ts `interestLineOf`), read once per note.
 *
 * Notes that never chose to reinvest are all paid, so their sum telescopes: one rounded figure
 * per month end, summed over the notes. A note that ever chose to reinvest counts a month only
 * when that month's choice is to be paid (its bit in `paidMasksSql`).
 */
async function postingsByMonthStart(
  db: Executor,
  starts: IsoDate[],
  type: Arithmetic,
  reinvesting: boolean,
): Promise<bigint[]> {
  const epoch = starts[0] as IsoDate;
  // A note that starts after a month end earns nothing by then: its days are clamped to its start.
  const rounded = starts.map((start) =>
    roundedInterestCentsOnLine(
      sql`greatest(${sql.raw(String(daysBetween(epoch, start)))}, t.start_offset)`,
      type,
    ),
  );
  const notes = sql`
    select ${interestLineOf(sql`${epoch}::date`, type)}, (i.start_date - ${epoch}::date) as start_offset,
           (i.interest_posted * 100)::${sql.raw(type)} as posted_cents
           ${reinvesting ? sql`, m.paid_mask` : sql``}
    from investments i
    ${reinvesting ? sql`join ${paidMasksSql(epoch, starts.length)} m on m.investment_id = i.id` : sql``}
    where i.status = 'active' and i.investment_type = 'standard'
      and ${reinvesting ? sql`` : sql`not`} exists (
        select 1 from interest_reinvestment_changes c where c.investment_id = i.id and c.reinvest)
    offset 0`;
  // offset 0 (here and below): each note's line is read once, not once per month, which the
  // planner would do if it inlined the subquery into every month's column.
  if (!reinvesting) {
    const columns = [sql`t.posted_cents`, ...rounded].map(
      (value, index) => sql`round(coalesce(sum(${value}), 0))::text as ${sql.raw(`c${index}`)}`,
    );
    const row = rowsOf<Record<string, string>>(
      await db.execute(sql`select ${sql.join(columns, sql`, `)} from (${notes}) t`),
    )[0];
    const totals = columns.map((_column, index) => BigInt(row?.[`c${index}`] ?? '0'));
    return starts.map((_start, index) => (totals[index + 1] as bigint) - (totals[index] as bigint));
  }
  const figures = [sql`t.posted_cents`, ...rounded].map(
    (value, index) => sql`${value} as ${sql.raw(`r${index}`)}`,
  );
  const columns = starts.map(
    (_start, index) =>
      sql`round(coalesce(sum(case when f.paid_mask & ${sql.raw(String(2 ** index))}::int8 <> 0
        then ${sql.raw(`f.r${index + 1} - f.r${index}`)} else 0 end), 0))::text as ${sql.raw(`c${index}`)}`,
  );
  const row = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select ${sql.join(columns, sql`, `)}
      from (select t.paid_mask, ${sql.join(figures, sql`, `)} from (${notes}) t offset 0) f`),
  )[0];
  return starts.map((_start, index) => BigInt(row?.[`c${index}`] ?? '0'));
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
