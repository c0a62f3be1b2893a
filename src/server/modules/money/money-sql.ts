/**
 * SQL shared by the money engine's statements. Every statement works on a set of notes
 * (alias `i`) inside one investor-id range, never row by row.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { type Database, type Executor, rowsOf, type Transaction } from '../../db/client';

/**
 * Interest accrued from start_date up to (not including) `date`, exact to 10 places
 * (truncated, so half-up rounding of it to cents equals rounding the exact value):
 * rate x ((principal - withdrawn + reinvested) x days + withdrawn_principal_days
 * - reinvested_principal_days) / 365. Reinvested Standard interest (decision 1740) earns from
 * the first day of the month after its period, which `reinvested_principal_days` accounts for.
 * `reinvested` overrides the two reinvestment figures (the statement that posts a credit
 * computes the accrual with the credit included).
 */
export function cumulativeInterestAt(
  date: SQL,
  reinvested: { amount: SQL; principalDays: SQL } = {
    amount: sql`i.interest_reinvested`,
    principalDays: sql`i.reinvested_principal_days`,
  },
): SQL {
  return sql`(div(i.interest_rate_annual * ((i.principal_amount - i.amount_withdrawn + ${reinvested.amount}) * (${date} - i.start_date) + i.withdrawn_principal_days - ${reinvested.principalDays}) * 10000000000, 365) * 0.0000000001)`;
}

/** The day a note's accrual can reach on an execution date: High-Yield notes stop at maturity. */
export function accrualTargetOn(executionDate: IsoDate): SQL {
  return sql`(case when i.investment_type = 'high_yield' then least(${executionDate}::date, i.maturity_date) else ${executionDate}::date end)`;
}

/** A batch: the notes of investors with id in (after, through]; null bounds are open. */
export interface InvestorRange {
  after: string | null;
  through: string | null;
}

export function inInvestorRange(range: InvestorRange, column: SQL = sql`i.investor_id`): SQL {
  const lower = range.after === null ? sql`true` : sql`${column} > ${range.after}::uuid`;
  const upper = range.through === null ? sql`true` : sql`${column} <= ${range.through}::uuid`;
  return sql`(${lower} and ${upper})`;
}

/** Splits the investors into id ranges of about `investorsPerBatch` each (one scan of the primary key). */
export async function listInvestorRanges(db: Executor, investorsPerBatch: number): Promise<InvestorRange[]> {
  const result = await db.execute(sql`
    select id from (select id, row_number() over (order by id) as position from investors) ranked
    where position % ${investorsPerBatch} = 0 order by id`);
  const bounds = rowsOf<{ id: string }>(result).map((row) => row.id);
  const ranges: InvestorRange[] = [];
  let after: string | null = null;
  for (const bound of bounds) {
    ranges.push({ after, through: bound });
    after = bound;
  }
  ranges.push({ after, through: null });
  return ranges;
}

/**
 * Runs `work` on every item, at most `width` at a time, and returns the results in item order.
 * After a failure no further item is started; the ones under way finish, then the first error
 * is thrown (so nothing of the run is still writing when the caller hears of it).
 */
export async function inParallel<T, R>(
  items: T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker(): Promise<void> {
    while (failure === null && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, () => worker()));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}

/** Rows changed by an UPDATE/INSERT, whichever driver ran it. */
export function affectedRows(result: unknown): number {
  const value = result as { rowCount?: number | null; affectedRows?: number };
  return value.rowCount ?? value.affectedRows ?? 0;
}

const retryableCodes = new Set(['40P01', '40001']);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One batch in one transaction. A deadlock with a concurrent run of the same job is
 * retried: every statement is idempotent, so the retry finds the other run's work done.
 */
export async function inBatchTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= 3 || !retryableCodes.has(errorCode(error) ?? '')) throw error;
    }
  }
}

/**
 * round(cumulativeInterestAt(date), 2) in whole cents, for many dates at once (the liquidity
 * forecast: 24 month ends x a million notes). Half-up rounding of rate x (principal x days +
 * offset) / 365 is (2N + D) div 2D over integers, as the shared schedule's `roundedCents` does,
 * with the rate in millionths, the principal earning (principal - withdrawn + reinvested) in
 * cents and the withdrawn less reinvested principal-days in cent-days, from the columns
 * `cumulativeInterestAt` reads. That numerator is linear in the date: slope x (date - epoch) +
 * intercept. `interestLineOf` reads the slope and intercept once per note (alias `i`);
 * `roundedInterestCentsOnLine` evaluates them (alias `t`) a number of days after the epoch, so
 * each date costs a multiply, an add and a divide. Equal to the engine's posting figure for every
 * date on or after the note's start (forecast-arithmetic.test.ts, forecast-matches-engine.test.ts).
 * `type` is `int8` (several times faster) or `numeric` (never overflows); in int8 an overflow is
 * an error, never a wrong figure.
 */
export function interestLineOf(epoch: SQL, type: 'int8' | 'numeric'): SQL {
  const as = sql.raw(type);
  const rate = sql`(i.interest_rate_annual * 1000000)::${as}`;
  const earning = sql`((i.principal_amount - i.amount_withdrawn + i.interest_reinvested) * 100)::${as}`;
  const offset = sql`((i.withdrawn_principal_days - i.reinvested_principal_days) * 100)::${as}`;
  return sql`2 * ${rate} * ${earning} as slope,
    2 * ${rate} * (${earning} * (${epoch} - i.start_date)::${as} + ${offset}) + 365000000 as intercept`;
}

export function roundedInterestCentsOnLine(daysAfterEpoch: SQL, type: 'int8' | 'numeric'): SQL {
  const numerator = sql`(t.slope * ${daysAfterEpoch} + t.intercept)`;
  return type === 'int8' ? sql`(${numerator} / 730000000)` : sql`div(${numerator}, 730000000)`;
}
