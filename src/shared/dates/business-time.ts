import type { IsoDate } from './calendar-date';

export const DEFAULT_BUSINESS_TZ = 'America/New_York';

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

/** The last answer per time zone, by whole second: every request asks, and formatting costs ~10 µs. */
const lastDateBySecond = new Map<string, { second: number; date: IsoDate }>();

/**
 * The calendar date of an instant in the business time zone. Time-zone offsets are whole
 * seconds, so every instant of one second has the same date and the last answer is reused.
 */
export function businessDateOf(instant: Date, timeZone: string): IsoDate {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDateBySecond.get(timeZone);
  if (last && last.second === second) return last.date;
  const date = dateFormatter(timeZone).format(instant);
  lastDateBySecond.set(timeZone, { second, date });
  return date;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
