/**
 * "Show the math" (issue 17 item 4): a note's interest, period by period, by the engine's
 * rules (PRODUCT.md 11, 13): simple interest, Actual/365 fixed, on principal, each calendar
 * month (a High-Yield note's last stub up to maturity) posted as
 * round(cumulative exact interest at its end) - round(cumulative at the previous end), the
 * sub-cent remainder carried. Exact figures are kept to 10 places truncated, as the engine's
 * SQL keeps them. The purchase review, the plan cards, the note page and the engine's tests
 * all use this one function; the property tests hold it to every posting the engine makes.
 */
import { addDays, addMonths, daysBetween, type IsoDate, minDate, startOfMonth } from '../dates/calendar-date';
import { centsToMoney, parseMoneyToCents } from '../money/decimal-string';
import { type ReinvestmentChoice, reinvestsInPeriod } from '../investments/interest-reinvestment';
import { rateToMillionths } from './interest';
import { DAY_COUNT_BASIS } from './ledger-model';

/** Principal that stops earning from `from` on (a Standard note's withdrawal). */
export interface PrincipalReduction {
  from: IsoDate;
  /** Decimal dollars, two places. */
  amount: string;
}

export interface ScheduleInput {
  /** Decimal dollars, two places. */
  principal: string;
  /** Annual rate as a fraction ("0.094"). */
  rate: string;
  startDate: IsoDate;
  reductions?: readonly PrincipalReduction[];
  /**
   * A Standard note's interest reinvestment choices (decision 1740): a period they reinvest is
   * credited to the note, and the amount earns from the period's end, so it compounds.
   * Leave out for High-Yield notes (credited, but on principal only) and for paid-out interest.
   */
  reinvestment?: readonly ReinvestmentChoice[];
}

/** Posted interest credited to a Standard note, earning from `from`. */
interface Credit {
  from: IsoDate;
  cents: bigint;
}

export interface SchedulePeriod {
  /** The calendar month posted (its first day). */
  period: IsoDate;
  /** Days from (inclusive) ... until (exclusive). */
  from: IsoDate;
  until: IsoDate;
  days: number;
  /** Principal earning on the period's first day, two places. */
  principal: string;
  rate: string;
  /** Exact interest of the period, 10 places. */
  exactAccrual: string;
  /** What the posting pays or credits, two places. */
  posted: string;
  /** Exact interest to the period's end less everything posted so far, 10 places (may be negative). */
  carried: string;
  /** A Standard note's posting reinvested (credited to the note, earning from `until`). */
  reinvested: boolean;
}

const TEN_PLACES = 10_000_000_000n;
/** Dollars x 1e10 per (cent x rate-millionth x day) = 1e10 / (100 x 1e6 x 365). */
const TEN_BILLIONTHS_DIVISOR = BigInt(DAY_COUNT_BASIS);

function cents(amount: string): bigint {
  const value = parseMoneyToCents(amount);
  if (value === null) throw new RangeError(`Not an amount: ${amount}`);
  return value;
}

function tenPlaces(value: bigint): string {
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  return `${negative ? '-' : ''}${absolute / TEN_PLACES}.${(absolute % TEN_PLACES).toString().padStart(10, '0')}`;
}

/** Cent x rate-millionth x day sum over start <= d < until. */
function numeratorUntil(
  input: ScheduleInput,
  principalCents: bigint,
  rate: bigint,
  until: IsoDate,
  credits: readonly Credit[],
): bigint {
  const days = BigInt(Math.max(0, daysBetween(input.startDate, until)));
  let total = principalCents * days;
  for (const reduction of input.reductions ?? []) {
    const reducedDays = BigInt(Math.max(0, daysBetween(reduction.from, until)));
    total -= cents(reduction.amount) * reducedDays;
  }
  for (const credit of credits) total += credit.cents * BigInt(Math.max(0, daysBetween(credit.from, until)));
  return total * rate;
}

/** Exact cumulative interest to `until`, in 1e-10 dollars, truncated as the engine keeps it. */
function cumulativeTenBillionths(numerator: bigint): bigint {
  return (numerator * 100n) / TEN_BILLIONTHS_DIVISOR;
}

/** Half-up cents of the exact cumulative interest (equal to rounding the untruncated value). */
function roundedCents(numerator: bigint): bigint {
  const denominator = TEN_BILLIONTHS_DIVISOR * 1_000_000n;
  return (2n * numerator + denominator) / (2n * denominator);
}

function principalOn(
  input: ScheduleInput,
  principalCents: bigint,
  day: IsoDate,
  credits: readonly Credit[],
): bigint {
  let principal = principalCents;
  for (const reduction of input.reductions ?? [])
    if (reduction.from <= day) principal -= cents(reduction.amount);
  for (const credit of credits) if (credit.from <= day) principal += credit.cents;
  return principal;
}

/**
 * One row per posting over [startDate, endDate): whole calendar months, and a last stub
 * ending at `endDate` (a High-Yield note's maturity, the day a Standard note emptied by a
 * transfer stopped earning, or a projection's horizon).
 */
export function interestSchedule(input: ScheduleInput & { endDate: IsoDate }): SchedulePeriod[] {
  const principalCents = cents(input.principal);
  const rate = rateToMillionths(input.rate);
  const ends: { period: IsoDate; until: IsoDate }[] = [];
  for (let period = startOfMonth(input.startDate); period < input.endDate; period = addMonths(period, 1)) {
    const next = addMonths(period, 1);
    ends.push({ period, until: minDate(next, input.endDate) });
  }
  const rows: SchedulePeriod[] = [];
  let from = input.startDate;
  let previousNumerator = 0n;
  let postedCents = 0n;
  const credits: Credit[] = [];
  for (const end of ends) {
    if (end.until <= from) continue;
    const numerator = numeratorUntil(input, principalCents, rate, end.until, credits);
    const posted = roundedCents(numerator) - roundedCents(previousNumerator);
    postedCents += posted;
    const exact = cumulativeTenBillionths(numerator) - cumulativeTenBillionths(previousNumerator);
    const reinvested = input.reinvestment !== undefined && reinvestsInPeriod(input.reinvestment, end.period);
    rows.push({
      period: end.period,
      from,
      until: end.until,
      days: daysBetween(from, end.until),
      principal: centsToMoney(principalOn(input, principalCents, from, credits)),
      rate: input.rate,
      exactAccrual: tenPlaces(exact),
      posted: centsToMoney(posted),
      carried: tenPlaces(cumulativeTenBillionths(numerator) - postedCents * 100_000_000n),
      reinvested,
    });
    if (reinvested && posted > 0n) credits.push({ from: end.until, cents: posted });
    previousNumerator = numerator;
    from = end.until;
  }
  return rows;
}

/** Sum of postings, two places. */
export function totalPosted(rows: readonly SchedulePeriod[]): string {
  return centsToMoney(rows.reduce((sum, row) => sum + cents(row.posted), 0n));
}

/** A High-Yield note's value at maturity: principal plus every posting credited to it. */
export function valueAtMaturity(input: ScheduleInput & { maturityDate: IsoDate }): string {
  const rows = interestSchedule({ ...input, endDate: input.maturityDate });
  return centsToMoney(cents(input.principal) + cents(totalPosted(rows)));
}

/**
 * A Standard note's income, paid monthly: over its first 12 months from the start date (the
 * first and last months are part-months), and that year's average per month.
 */
export function firstYearIncome(input: ScheduleInput): { year: string; averageMonth: string } {
  const rows = interestSchedule({ ...input, endDate: addMonths(input.startDate, 12) });
  const year = cents(totalPosted(rows));
  return { year: centsToMoney(year), averageMonth: centsToMoney((year * 2n + 12n) / 24n) };
}

/** The last day a period covers (for display: "1 March - 31 March"). */
export function lastDayOf(row: SchedulePeriod): IsoDate {
  return addDays(row.until, -1);
}

/**
 * A Standard note that reinvests from its first month (decision 1740): interest credited over
 * its first 12 months, compounding month by month as the engine posts it, and the value then.
 */
export function firstYearReinvested(input: Omit<ScheduleInput, 'reinvestment'>): {
  year: string;
  value: string;
} {
  const rows = interestSchedule({
    ...input,
    reinvestment: [{ effectivePeriod: startOfMonth(input.startDate), reinvest: true }],
    endDate: addMonths(input.startDate, 12),
  });
  const year = cents(totalPosted(rows));
  return { year: centsToMoney(year), value: centsToMoney(cents(input.principal) + year) };
}
