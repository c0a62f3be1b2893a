/** Calendar dates ("2026-03-10") as the screens and documents print them, never shifted by a time zone. */
import type { IsoDate } from '../dates/calendar-date';
import { calendarDateParts } from './en-us-text';
import { formatLongDate } from './long-date';

/** "MARCH 10, 2026": the transaction list's date (spec 2). */
export function formatUpperLongDate(date: IsoDate): string {
  return formatLongDate(date).toUpperCase();
}

/** "03/10/2026": the chart's date labels. */
export function formatShortDate(date: IsoDate): string {
  const { year, month, day } = calendarDateParts(date);
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
}

/** An instant's time of day in a time zone, "3:04 PM". */
export function formatTimeOfDay(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(instant),
  );
}

/** An instant's calendar date in a time zone, "March 10, 2026". */
export function formatInstantDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(instant));
}
