import type { IsoDate } from '../dates/calendar-date';

const longDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "March 4, 2026" for a calendar date (no time zone shift: the date is the date). */
export function formatLongDate(date: IsoDate): string {
  return longDateFormat.format(new Date(`${date}T12:00:00Z`));
}

const monthYearFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "March 2026" for any calendar date in that month. */
export function formatMonthYear(date: IsoDate): string {
  return monthYearFormat.format(new Date(`${date}T12:00:00Z`));
}
