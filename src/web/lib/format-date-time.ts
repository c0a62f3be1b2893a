import { calendarDateParts, clockTime, monthNames, shortMonthNames } from '../../shared/format/en-us-text';

/** An instant in the viewer's local date and time ("Mar 10, 2026, 11:00 AM"). */
export function formatLocalDateTime(instant: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not an instant: ${instant}`);
  return `${shortMonthNames[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}, ${clockTime(at.getHours(), at.getMinutes())}`;
}

/** A calendar date ("2026-03-10" -> "Mar 10, 2026"), never shifted by the viewer's time zone. */
export function formatCalendarDate(date: string): string {
  const { year, month, day } = calendarDateParts(date);
  return `${shortMonthNames[month - 1]} ${day}, ${year}`;
}

/** An instant's local calendar date, written out ("March 10, 2026"). */
export function formatLocalLongDate(instant: string): string {
  const at = new Date(instant);
  return `${monthNames[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;
}

/** An instant's local time of day ("3:04 PM"). */
export function formatLocalTime(instant: string): string {
  const at = new Date(instant);
  return clockTime(at.getHours(), at.getMinutes());
}
