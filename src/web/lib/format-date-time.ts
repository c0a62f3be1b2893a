import {
  calendarDateParts,
  clockTime,
  type DateParts,
  longDateText,
  mediumDateText,
} from '../../shared/format/en-us-text';

/** An instant's day and time of day where the viewer is (Date's local getters, no Intl: decision 1977). */
function localParts(instant: string): DateParts & { hours: number; minutes: number } {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not an instant: ${instant}`);
  return {
    year: at.getFullYear(),
    month: at.getMonth() + 1,
    day: at.getDate(),
    hours: at.getHours(),
    minutes: at.getMinutes(),
  };
}

/** An instant in the viewer's local date and time ("Mar 10, 2026, 11:00 AM"). */
export function formatLocalDateTime(instant: string): string {
  const local = localParts(instant);
  return `${mediumDateText(local)}, ${clockTime(local.hours, local.minutes)}`;
}

/** A calendar date ("2026-03-10" -> "Mar 10, 2026"), never shifted by the viewer's time zone. */
export function formatCalendarDate(date: string): string {
  return mediumDateText(calendarDateParts(date));
}

/** An instant's local calendar date, written out ("March 10, 2026"). */
export function formatLocalLongDate(instant: string): string {
  return longDateText(localParts(instant));
}

/** An instant's local time of day ("3:04 PM"). */
export function formatLocalTime(instant: string): string {
  const local = localParts(instant);
  return clockTime(local.hours, local.minutes);
}
