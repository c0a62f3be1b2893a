import type { IsoDate } from '../dates/calendar-date';
import { calendarDateParts, longDateText, monthNames } from './en-us-text';

/** "March 4, 2026" for a calendar date (no time zone shift: the date is the date). */
export function formatLongDate(date: IsoDate): string {
  return longDateText(calendarDateParts(date));
}

/** "March 2026" for any calendar date in that month. */
export function formatMonthYear(date: IsoDate): string {
  const { year, month } = calendarDateParts(date);
  return `${monthNames[month - 1]} ${year}`;
}
