import type { IsoDate } from '../dates/calendar-date';

const longDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "March 4, 2026" for a calendar date (no time zone shift: the date is the date). */
export function formatLongDate(date: IsoDate): string {
  return longDateFormat.format(new Date(`${date}T12:00:00Z`));
}
