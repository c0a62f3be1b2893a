import { addDays, type IsoDate } from '../shared/dates/calendar-date';
import { businessDateOf } from '../shared/dates/business-time';

/** The one clock of the server: "now" and "today" in BUSINESS_TZ. Tests inject a movable one. */
export interface Clock {
  now(): Date;
  /** Today's calendar date in the business time zone. */
  today(): IsoDate;
  readonly timeZone: string;
}

export function systemClock(timeZone: string): Clock {
  return {
    timeZone,
    now: () => new Date(),
    today: () => businessDateOf(new Date(), timeZone),
  };
}

export interface MovableClock extends Clock {
  set(instant: Date | string): void;
  advance(milliseconds: number): void;
  advanceDays(days: number): void;
}

/** A clock tests move by hand; it never reads the wall clock. */
export function movableClock(start: Date | string, timeZone = 'America/New_York'): MovableClock {
  let current = new Date(start);
  return {
    timeZone,
    now: () => new Date(current),
    today: () => businessDateOf(current, timeZone),
    set(instant) {
      current = new Date(instant);
    },
    advance(milliseconds) {
      current = new Date(current.getTime() + milliseconds);
    },
    advanceDays(days) {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}

export function tomorrow(clock: Clock): IsoDate {
  return addDays(clock.today(), 1);
}
