/**
 * The one place requests' dates are validated (PRODUCT.md 32): every date or date-time a
 * request carries goes through these schemas, so nothing outside the supported calendar
 * (years 1900-2199) reaches the calendar helpers, the database or a job.
 */
import { z } from 'zod';
import { EARLIEST_DATE, isSupportedDate, LATEST_DATE } from './calendar-date';

export const dateMessages = {
  date: `Enter a date from ${EARLIEST_DATE} to ${LATEST_DATE} as YYYY-MM-DD`,
  dateTime: `Enter a date and time from ${EARLIEST_DATE} to ${LATEST_DATE}`,
} as const;

const writtenDate = /^(\d{4}-\d{2}-\d{2})(?:[T ]|$)/;

/**
 * A date-time whose UTC date is supported. A date written out must be a real day: engines
 * read "2026-02-30T10:00Z" as March 2, the database refuses it.
 */
export function isSupportedInstant(value: string): boolean {
  const written = writtenDate.exec(value);
  if (written && !isSupportedDate(written[1])) return false;
  const time = Date.parse(value);
  // toISOString writes years past 9999 with a sign, which isSupportedDate refuses.
  return !Number.isNaN(time) && isSupportedDate(new Date(time).toISOString().slice(0, 10));
}

/** A calendar date, YYYY-MM-DD, in the supported years. */
export function calendarDate(message: string = dateMessages.date) {
  return z.string().refine(isSupportedDate, { message });
}

/** A form's optional date: blank means none (null); anything else must be a supported date. */
export function optionalCalendarDate(message: string = dateMessages.date) {
  return z
    .string()
    .trim()
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(calendarDate(message).nullable());
}

/** An ISO 8601 date-time with its offset ("2026-03-10T15:00:00.000Z"), in the supported years. */
export function isoInstant(message: string = dateMessages.dateTime) {
  return z.iso.datetime({ offset: true, message }).refine(isSupportedInstant, { message });
}
