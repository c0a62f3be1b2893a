/** Calendar dates ("2026-03-10") as the screens and documents print them, never shifted by a time zone. */
import type { IsoDate } from '../dates/calendar-date';
import { formatLongDate } from './long-date';

const shortFormat = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

function atNoon(date: IsoDate): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** "MARCH 10, 2026": the transaction list's date (spec 2). */
export function formatUpperLongDate(date: IsoDate): string {
  return formatLongDate(date).toUpperCase();
}

/** "03/10/2026": the chart's date labels. */
export function formatShortDate(date: IsoDate): string {
  return shortFormat.format(atNoon(date));
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
