/**
 * Calendar dates as ISO strings ("2026-11-21"), computed in UTC so no local
 * time zone can shift them. Business dates are derived with businessToday().
 *
 * Every helper is total over the supported calendar (PRODUCT.md 32): given dates and counts
 * inside it, it answers a well-formed date inside it; given anything else, or asked for a
 * result outside it, it throws a DateRangeError. None of them loops more than a bounded
 * number of times, so no input can hold the process.
 */
export type IsoDate = string;

export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2199;
export const EARLIEST_DATE: IsoDate = `${EARLIEST_YEAR}-01-01`;
export const LATEST_DATE: IsoDate = `${LATEST_YEAR}-12-31`;

/** More days than the supported calendar spans: no sensible offset is larger. */
const MAX_DAY_OFFSET = 120_000;
const MAX_MONTH_OFFSET = (LATEST_YEAR - EARLIEST_YEAR + 1) * 12;
const DAY_MS = 86_400_000;

/** A date or a count the calendar helpers cannot answer for. */
export class DateRangeError extends RangeError {
  override name = 'DateRangeError';
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function isSupportedYear(year: number): boolean {
  return Number.isInteger(year) && year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

function monthLength(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** A real calendar day written YYYY-MM-DD, in the years 1900-2199. */
export function isSupportedDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isSupportedYear(year) && month >= 1 && month <= 12 && day >= 1 && day <= monthLength(year, month);
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** Throws unless the value is a supported date; every helper checks what it is given. */
export function assertSupportedDate(value: unknown): asserts value is IsoDate {
  if (!isSupportedDate(value)) {
    throw new DateRangeError(
      `${describe(value)} is not a date between ${EARLIEST_DATE} and ${LATEST_DATE} (YYYY-MM-DD)`,
    );
  }
}

function assertOffset(value: number, limit: number, unit: string): void {
  if (!Number.isInteger(value) || Math.abs(value) > limit) {
    throw new DateRangeError(`${describe(value)} ${unit} is not a whole number within ${limit}`);
  }
}

function outOfRange(from: string, change: string): DateRangeError {
  return new DateRangeError(
    `${from} ${change} falls outside the supported dates ${EARLIEST_DATE} to ${LATEST_DATE}`,
  );
}

function checkedResult(date: IsoDate, from: string, change: string): IsoDate {
  if (!isSupportedDate(date)) throw outOfRange(from, change);
  return date;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function compose(year: number, month: number, day: number): string {
  // Years outside 0-9999 would print with a sign; checkedResult refuses them anyway.
  return `${year < 0 || year > 9999 ? String(year) : pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function parseIsoDate(value: IsoDate): Date {
  assertSupportedDate(value);
  return new Date(`${value}T00:00:00Z`);
}

/** The UTC calendar date of an instant, refused when it lies outside the supported years. */
export function formatIsoDate(date: Date): IsoDate {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new DateRangeError('An invalid instant has no calendar date');
  return checkedResult(
    compose(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
    date.toISOString(),
    'as a calendar date',
  );
}

export function addDays(value: IsoDate, days: number): IsoDate {
  assertSupportedDate(value);
  assertOffset(days, MAX_DAY_OFFSET, 'days');
  const moved = new Date(Date.parse(`${value}T00:00:00Z`) + days * DAY_MS);
  return checkedResult(
    compose(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate()),
    value,
    `${days >= 0 ? '+' : ''}${days} days`,
  );
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / DAY_MS);
}

export function daysInMonth(year: number, month: number): number {
  if (!isSupportedYear(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new DateRangeError(
      `${describe(year)}-${describe(month)} is not a month between ${EARLIEST_YEAR} and ${LATEST_YEAR}`,
    );
  }
  return monthLength(year, month);
}

function parts(value: IsoDate): [number, number, number] {
  assertSupportedDate(value);
  return value.split('-').map(Number) as [number, number, number];
}

/** Adds calendar months; a day past the target month's end lands on its last day (Feb 29 + 1y = Feb 28). */
export function addMonths(value: IsoDate, months: number): IsoDate {
  const [year, month, day] = parts(value);
  assertOffset(months, MAX_MONTH_OFFSET, 'months');
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = (((monthIndex % 12) + 12) % 12) + 1;
  if (!isSupportedYear(targetYear)) throw outOfRange(value, `${months >= 0 ? '+' : ''}${months} months`);
  const targetDay = Math.min(day, monthLength(targetYear, targetMonth));
  return compose(targetYear, targetMonth, targetDay);
}

export function addYears(value: IsoDate, years: number): IsoDate {
  assertOffset(years, LATEST_YEAR - EARLIEST_YEAR + 1, 'years');
  return addMonths(value, years * 12);
}

export function startOfMonth(value: IsoDate): IsoDate {
  const [year, month] = parts(value);
  return compose(year, month, 1);
}

export function endOfMonth(value: IsoDate): IsoDate {
  const [year, month] = parts(value);
  return compose(year, month, monthLength(year, month));
}

/** The last day of the calendar quarter containing the date. */
export function endOfQuarter(value: IsoDate): IsoDate {
  const [year, month] = parts(value);
  const quarterEndMonth = Math.ceil(month / 3) * 3;
  return compose(year, quarterEndMonth, monthLength(year, quarterEndMonth));
}

export function dayOfWeek(value: IsoDate): number {
  return parseIsoDate(value).getUTCDay();
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  assertSupportedDate(a);
  assertSupportedDate(b);
  return a < b ? a : b;
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  assertSupportedDate(a);
  assertSupportedDate(b);
  return a > b ? a : b;
}
