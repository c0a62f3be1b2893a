/**
 * Runs the money jobs over a span of days as the scheduler would (the demo seed's history,
 * the simulated-year script, tests). Each day fires the jobs in their cron order with the
 * clock at that morning.
 */
import { sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  endOfQuarter,
  type IsoDate,
  minDate,
  startOfMonth,
} from '../../../shared/dates/calendar-date';
import type { Clock } from '../../clock';
import { rowsOf } from '../../db/client';
import { calculateDailyInterest } from './calculate-daily-interest';
import type { MoneyEngineContext } from './engine-context';
import { processMaturities } from './process-maturities';
import { payEarlyRedemptions } from './pay-early-redemptions';
import { processWithdrawals } from './process-withdrawals';
import { settleAchPayments } from './settle-ach-payments';

/** The clock of a simulated run: the morning of that business date. */
export function morningClock(date: IsoDate, timeZone = 'America/New_York'): Clock {
  const instant = new Date(`${date}T11:00:00Z`);
  return { timeZone, now: () => new Date(instant), today: () => date };
}

/** Interest, maturities, withdrawals, early redemptions, then ACH settlement: the order of the seeded cron schedules. */
export async function runMoneyJobsForDay(
  engine: Omit<MoneyEngineContext, 'clock'>,
  date: IsoDate,
): Promise<void> {
  const onDay: MoneyEngineContext = { ...engine, clock: morningClock(date) };
  await calculateDailyInterest(onDay, date);
  await processMaturities(onDay, date);
  await processWithdrawals(onDay, date);
  await payEarlyRedemptions(onDay, date);
  await settleAchPayments(onDay, date);
}

/**
 * The next day on which a job could do something other than accrue: a month's first day,
 * a quarter end, a pending payment's settlement date, a maturity or lock-up end, a maturity
 * reminder's day, or a caller's own event. Accrual is caught up exactly on the next run, so skipping the days
 * between gives the same ledger as running every day.
 */
async function nextBusyDay(
  engine: Omit<MoneyEngineContext, 'clock'>,
  after: IsoDate,
  limit: IsoDate,
): Promise<IsoDate> {
  const from = addDays(after, 1);
  const result = await engine.db.execute(sql`
    select to_char(least(
      (select min(effective_date) from ach_payments where status = 'pending' and effective_date >= ${from}::date),
      (select min(maturity_date) from investments where status = 'active' and maturity_date >= ${from}::date),
      (select min(d) from investments i,
         lateral (values (i.maturity_date - 30), (i.maturity_date - 7)) as reminder(d)
       where i.status = 'active' and i.investment_type = 'high_yield' and d >= ${from}::date),
      (select min(scheduled_for) from withdrawals where status = 'pending' and scheduled_for >= ${from}::date),
      (select min(payment_date) from early_redemptions where status = 'approved' and payment_date >= ${from}::date)
    ), 'YYYY-MM-DD') as day`);
  const candidates = [limit, addMonths(startOfMonth(from), from.endsWith('-01') ? 0 : 1), endOfQuarter(from)];
  const fromData = rowsOf<{ day: string | null }>(result)[0]?.day;
  if (fromData) candidates.push(fromData);
  return candidates.reduce(minDate);
}

export interface RunMoneyDaysOptions {
  from: IsoDate;
  through: IsoDate;
  /** Run every calendar day instead of only the days something can happen. */
  everyDay?: boolean;
  /** Days the caller needs to act on (purchases, requests): always run, after `beforeDay`. */
  eventDays?: Iterable<IsoDate>;
  /** Called on each run day before the jobs fire (the seed buys notes here). */
  beforeDay?: (date: IsoDate) => Promise<void>;
}

/** Returns the days on which the jobs ran, in order. */
export async function runMoneyDays(
  engine: Omit<MoneyEngineContext, 'clock'>,
  options: RunMoneyDaysOptions,
): Promise<IsoDate[]> {
  const events = [...(options.eventDays ?? [])]
    .filter((day) => day >= options.from && day <= options.through)
    .sort();
  const ran: IsoDate[] = [];
  let day = options.from;
  while (day <= options.through) {
    await options.beforeDay?.(day);
    await runMoneyJobsForDay(engine, day);
    ran.push(day);
    if (options.everyDay) {
      day = addDays(day, 1);
      continue;
    }
    const nextEvent = events.find((event) => event > day) ?? options.through;
    const next = await nextBusyDay(engine, day, minDate(nextEvent, options.through));
    day = next > day ? next : addDays(day, 1);
  }
  return ran;
}
