/**
 * The calendar helpers are total (issue 13.2, PRODUCT.md 32): whatever they are given, they
 * answer a well-formed date in 1900-2199 or throw a DateRangeError, and they always return.
 * Inside the range they agree with plain UTC Date arithmetic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  federalReserveHolidays,
  isBusinessDay,
  nextBusinessDayOnOrAfter,
} from './business-days';
import {
  addDays,
  addMonths,
  addYears,
  DateRangeError,
  daysBetween,
  dayOfWeek,
  endOfMonth,
  endOfQuarter,
  type IsoDate,
  isSupportedDate,
  maxDate,
  minDate,
  startOfMonth,
} from './calendar-date';
import { isSupportedInstant } from './date-schemas';

const wellFormed = /^(19\d\d|20\d\d|21\d\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** Dates in the supported calendar. */
const supportedDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Anything a caller might hand over: real and unreal days of any year, odd spellings, plain text. */
const anyDateText: fc.Arbitrary<string> = fc.oneof(
  supportedDate,
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  fc.constantFrom(
    '9999-12-31',
    '+010000-01-01',
    '-000001-01-01',
    '1899-12-31',
    '2200-01-01',
    '2199-12-31',
    '1900-01-01',
    '2023-02-29',
    '2026-1-1',
    ' 2026-01-01',
    '2026-01-01T00:00:00Z',
    '',
  ),
  fc.string({ maxLength: 12 }),
);

/** Offsets of any size, including ones no calendar can hold and numbers that are not whole. */
const anyOffset: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -400, max: 400 }),
  fc.integer({ min: -150_000, max: 150_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 1.5, 1e15, -1e15, Number.MAX_SAFE_INTEGER),
);

/** Runs a helper and sorts its answer: a supported date, a plain value, or a DateRangeError. */
function outcome<T>(run: () => T): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    expect(error).toBeInstanceOf(DateRangeError);
    expect((error as Error).message).not.toBe('');
    return { ok: false };
  }
}

function expectDateOrRangeError(run: () => IsoDate): void {
  const result = outcome(run);
  if (result.ok) {
    expect(result.value).toMatch(wellFormed);
    expect(isSupportedDate(result.value)).toBe(true);
  }
}

function utcAddDays(date: IsoDate, days: number): IsoDate {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

describe('the calendar helpers are total', () => {
  it('answer a supported date or a DateRangeError for any date and offset', () => {
    fc.assert(
      fc.property(anyDateText, anyOffset, (date, offset) => {
        expectDateOrRangeError(() => addDays(date, offset));
        expectDateOrRangeError(() => addMonths(date, offset));
        expectDateOrRangeError(() => addYears(date, offset));
        expectDateOrRangeError(() => startOfMonth(date));
        expectDateOrRangeError(() => endOfMonth(date));
        expectDateOrRangeError(() => endOfQuarter(date));
        expectDateOrRangeError(() => nextBusinessDayOnOrAfter(date));
        expectDateOrRangeError(() => addBusinessDays(date, offset));
        expectDateOrRangeError(() => minDate(date, '2026-03-10'));
        expectDateOrRangeError(() => maxDate('2026-03-10', date));
        const weekday = outcome(() => dayOfWeek(date));
        if (weekday.ok) expect([0, 1, 2, 3, 4, 5, 6]).toContain(weekday.value);
        const between = outcome(() => daysBetween(date, '2026-03-10'));
        if (between.ok) expect(Number.isInteger(between.value)).toBe(true);
        const businessDay = outcome(() => isBusinessDay(date));
        if (businessDay.ok) expect(typeof businessDay.value).toBe('boolean');
      }),
      { numRuns: 600 },
    );
  });

  it('accept exactly the real days of 1900-2199 written YYYY-MM-DD', () => {
    fc.assert(
      fc.property(anyDateText, (date) => {
        const parsed = new Date(`${date}T00:00:00Z`);
        const isRealDay =
          /^\d{4}-\d{2}-\d{2}$/.test(date) &&
          !Number.isNaN(parsed.getTime()) &&
          parsed.toISOString().slice(0, 10) === date;
        const year = Number(date.slice(0, 4));
        expect(isSupportedDate(date)).toBe(isRealDay && year >= 1900 && year <= 2199);
      }),
      { numRuns: 2_000 },
    );
  });

  it('agree with UTC date arithmetic inside the range, and refuse to leave it', () => {
    fc.assert(
      fc.property(supportedDate, fc.integer({ min: -110_000, max: 110_000 }), (date, days) => {
        const expected = utcAddDays(date, days);
        if (isSupportedDate(expected)) {
          expect(addDays(date, days)).toBe(expected);
          expect(daysBetween(date, expected)).toBe(days);
          expect(addDays(expected, -days)).toBe(date);
        } else {
          expect(() => addDays(date, days)).toThrow(DateRangeError);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('land a month sum on the same day or the target month end', () => {
    fc.assert(
      fc.property(supportedDate, fc.integer({ min: -3_600, max: 3_600 }), (date, months) => {
        const result = outcome(() => addMonths(date, months));
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const index = year * 12 + (month - 1) + months;
        const targetYear = Math.floor(index / 12);
        if (!result.ok) {
          expect(targetYear < 1900 || targetYear > 2199).toBe(true);
          return;
        }
        const [resultYear, resultMonth, resultDay] = result.value.split('-').map(Number) as [
          number,
          number,
          number,
        ];
        expect(resultYear * 12 + (resultMonth - 1)).toBe(index);
        expect(resultDay).toBe(Math.min(day, Number(endOfMonth(result.value).slice(8))));
      }),
      { numRuns: 2_000 },
    );
  });

  it('count business days forward to a business day, never a weekend or a holiday', () => {
    fc.assert(
      fc.property(supportedDate, fc.integer({ min: 0, max: 30 }), (date, count) => {
        const result = outcome(() => addBusinessDays(date, count));
        if (!result.ok) {
          // Only the last weeks of the calendar have no room for the count.
          expect(date >= '2199-11-01').toBe(true);
          return;
        }
        expect(result.value >= date).toBe(true);
        if (count > 0) {
          expect(isBusinessDay(result.value)).toBe(true);
          expect(result.value > date).toBe(true);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the dates that froze the server (issue 13.2)', () => {
  it('refuses 9999-12-31 instead of writing "+010000-01-01" or looping', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(DateRangeError);
    expect(() => addBusinessDays('9999-12-31', 1)).toThrow(DateRangeError);
    expect(() => nextBusinessDayOnOrAfter('9999-12-31')).toThrow(DateRangeError);
    expect(() => addMonths('9999-12-31', -1)).toThrow(DateRangeError);
    expect(() => federalReserveHolidays(9999)).toThrow(DateRangeError);
  });

  it('stops at the edges of the supported calendar with a message that names them', () => {
    expect(addDays('2199-12-30', 1)).toBe('2199-12-31');
    expect(() => addDays('2199-12-31', 1)).toThrow(
      'falls outside the supported dates 1900-01-01 to 2199-12-31',
    );
    expect(() => addDays('1900-01-01', -1)).toThrow(DateRangeError);
    expect(() => addYears('2199-06-01', 1)).toThrow(DateRangeError);
    expect(() => addBusinessDays('2199-12-31', 1)).toThrow(DateRangeError);
    expect(() => addBusinessDays('2026-03-10', 1e9)).toThrow('business days is not a whole number');
    expect(() => addDays('2026-02-30', 0)).toThrow(
      '"2026-02-30" is not a date between 1900-01-01 and 2199-12-31',
    );
  });
});

describe('date-times a request may carry', () => {
  it('are supported only when their UTC day is, and a written day is real', () => {
    expect(isSupportedInstant('2026-03-10T15:00:00.000Z')).toBe(true);
    expect(isSupportedInstant('2026-03-10T15:00:00-05:00')).toBe(true);
    expect(isSupportedInstant('9999-12-31T00:00:00.000Z')).toBe(false);
    expect(isSupportedInstant('+010000-01-01T00:00:00.000Z')).toBe(false);
    expect(isSupportedInstant('1899-12-31T23:59:59.000Z')).toBe(false);
    expect(isSupportedInstant('2199-12-31T23:00:00-05:00')).toBe(false);
    expect(isSupportedInstant('2026-02-30T10:00:00.000Z')).toBe(false);
    expect(isSupportedInstant('not a date')).toBe(false);
  });
});
