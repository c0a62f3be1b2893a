/**
 * en-US text for amounts, counts, dates and times, written without `Intl` (decision 1977).
 * A page's first `Intl` object costs its document 80-250 ms on issue 29's phone (the CPU
 * slowed 4x): the browser loads its locale data for every new document. Every format here is
 * one `Intl` gives for en-US (the tests compare them), so screens read the same.
 */

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "Jan" ... "Dec", as en-US abbreviates months. */
export const shortMonthNames = monthNames.map((name) => name.slice(0, 3));

/** 1234567 -> "1,234,567" for a whole number (bigint or safe integer); the sign is kept. */
export function groupThousands(value: bigint | number): string {
  const digits = (typeof value === 'bigint' ? value : BigInt(Math.trunc(value))).toString();
  const negative = digits.startsWith('-');
  const unsigned = negative ? digits.slice(1) : digits;
  const grouped = unsigned.replace(/\B(?=(\d{3})+$)/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/** A day of the calendar: year, month (1-12), day of the month. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** The year, month (1-12) and day of a calendar date ("2026-03-10"), as written: no time zone. */
export function calendarDateParts(date: string): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  if (!match || month < 1 || month > 12 || day < 1 || day > 31)
    throw new RangeError(`Not a calendar date: ${date}`);
  return { year, month, day };
}

/** "March 10, 2026": en-US's long date. */
export function longDateText({ year, month, day }: DateParts): string {
  return `${monthNames[month - 1]} ${day}, ${year}`;
}

/** "Mar 10, 2026": en-US's medium date. */
export function mediumDateText({ year, month, day }: DateParts): string {
  return `${shortMonthNames[month - 1]} ${day}, ${year}`;
}

/** "3:04 PM" for a 24-hour clock time, as en-US writes a short time. */
export function clockTime(hours: number, minutes: number): string {
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A count of things, "12,345" (whole numbers only). */
export function formatCount(count: number): string {
  return groupThousands(count);
}
