import {
  addDays,
  assertSupportedDate,
  DateRangeError,
  dayOfWeek,
  daysInMonth,
  type IsoDate,
} from './calendar-date';

function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): IsoDate {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + (nth - 1) * 7);
}

function lastWeekdayOfMonth(year: number, month: number, weekday: number): IsoDate {
  const nextMonthFirst =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const last = addDays(nextMonthFirst, -1);
  const offset = (dayOfWeek(last) - weekday + 7) % 7;
  return addDays(last, -offset);
}

/** A fixed-date Federal Reserve holiday falling on a Sunday is observed the Monday after; on a Saturday it is not moved. */
function observedFixed(year: number, month: number, day: number): IsoDate {
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return dayOfWeek(date) === 0 ? addDays(date, 1) : date;
}

const holidayCache = new Map<number, Set<IsoDate>>();

/** US Federal Reserve bank holidays (the days ACH does not settle). */
export function federalReserveHolidays(year: number): Set<IsoDate> {
  // Checks the year (and keeps the cache to at most one entry per supported year).
  daysInMonth(year, 1);
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const holidays = new Set<IsoDate>([
    observedFixed(year, 1, 1),
    nthWeekdayOfMonth(year, 1, 1, 3),
    nthWeekdayOfMonth(year, 2, 1, 3),
    lastWeekdayOfMonth(year, 5, 1),
    observedFixed(year, 6, 19),
    observedFixed(year, 7, 4),
    nthWeekdayOfMonth(year, 9, 1, 1),
    nthWeekdayOfMonth(year, 10, 1, 2),
    observedFixed(year, 11, 11),
    nthWeekdayOfMonth(year, 11, 4, 4),
    observedFixed(year, 12, 25),
  ]);
  holidayCache.set(year, holidays);
  return holidays;
}

export function isBusinessDay(date: IsoDate): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return false;
  return !federalReserveHolidays(Number(date.slice(0, 4))).has(date);
}

/** Most business days any caller needs (settlement waits are a few); refusing more keeps the loop short. */
const MAX_BUSINESS_DAYS = 366;

/**
 * Counts business days forward. The loop runs at most MAX_BUSINESS_DAYS weeks' worth of
 * days: a count is bounded, every week has business days, and addDays throws at the end of
 * the supported calendar rather than producing a date that is never a business day.
 */
export function addBusinessDays(date: IsoDate, count: number): IsoDate {
  if (!Number.isInteger(count) || count < 0 || count > MAX_BUSINESS_DAYS) {
    throw new DateRangeError(
      `${String(count).slice(0, 40)} business days is not a whole number from 0 to ${MAX_BUSINESS_DAYS}`,
    );
  }
  assertSupportedDate(date);
  let current = date;
  let remaining = count;
  while (remaining > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) remaining -= 1;
  }
  return current;
}

/** At most a long weekend plus a holiday away; addDays throws past the supported calendar. */
export function nextBusinessDayOnOrAfter(date: IsoDate): IsoDate {
  let current = date;
  while (!isBusinessDay(current)) current = addDays(current, 1);
  return current;
}
