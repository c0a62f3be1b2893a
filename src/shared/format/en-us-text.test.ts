/** Decision 1977: the formats written without Intl read exactly as Intl writes them for en-US. */
import { describe, expect, it } from 'vitest';
import { formatShortDate, formatUpperLongDate } from './date-format';
import { calendarDateParts, clockTime, formatCount, groupThousands } from './en-us-text';
import { formatLongDate, formatMonthYear } from './long-date';
import { formatUsd, formatUsdWhole } from './money-format';

const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const intlUsdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const intlCount = new Intl.NumberFormat('en-US');

/** A reproducible spread of whole numbers from 0 to about 10^13 (xorshift, no Math.random). */
function* spreadOfIntegers(count: number): Generator<number> {
  let state = 0x9e3779b9;
  for (let index = 0; index < count; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const digits = 1 + (Math.abs(state) % 13);
    yield Math.abs(state * 7919) % 10 ** digits;
  }
}

function isoDatesBetween(firstYear: number, lastYear: number): string[] {
  const dates: string[] = [];
  for (let day = Date.UTC(firstYear, 0, 1); day < Date.UTC(lastYear + 1, 0, 1); day += 86_400_000)
    dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

describe('amounts without Intl', () => {
  it('formatUsd writes every amount as Intl does, cents and grouping included', () => {
    for (const cents of spreadOfIntegers(5000)) {
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(formatUsd(amount)).toBe(intlUsd.format(cents / 100));
      expect(formatUsd(`-${amount}`)).toBe(cents === 0 ? '$0.00' : `-${intlUsd.format(cents / 100)}`);
    }
    expect(formatUsd('0')).toBe('$0.00');
    expect(formatUsd('999999999999.99')).toBe('$999,999,999,999.99');
    expect(formatUsd('not money')).toBe('$0.00');
  });

  it('formatUsdWhole rounds half up to whole dollars as Intl shows them', () => {
    for (const cents of spreadOfIntegers(5000)) {
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      const rounded = Math.floor(cents / 100) + (cents % 100 >= 50 ? 1 : 0);
      expect(formatUsdWhole(amount)).toBe(intlUsdWhole.format(rounded));
    }
    expect(formatUsdWhole('12345.50')).toBe('$12,346');
    expect(formatUsdWhole('-12345.49')).toBe('-$12,345');
  });

  it('counts and whole numbers are grouped in threes', () => {
    for (const value of spreadOfIntegers(2000)) {
      expect(formatCount(value)).toBe(intlCount.format(value));
      expect(groupThousands(BigInt(-value))).toBe(value === 0 ? '0' : intlCount.format(-value));
    }
    expect(groupThousands(10n ** 20n)).toBe('100,000,000,000,000,000,000');
  });
});

describe('calendar dates without Intl', () => {
  const utc = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  const long = utc({ dateStyle: 'long' });
  const monthYear = utc({ month: 'long', year: 'numeric' });
  const short = utc({ month: '2-digit', day: '2-digit', year: 'numeric' });

  it('every day from 1999 to 2101 reads as Intl writes it (long, month and year, short, upper)', () => {
    const dates = isoDatesBetween(1999, 2101);
    expect(dates).toHaveLength(103 * 365 + 25);
    for (const date of dates) {
      const noon = new Date(`${date}T12:00:00Z`);
      expect(formatLongDate(date)).toBe(long.format(noon));
      expect(formatMonthYear(date)).toBe(monthYear.format(noon));
      expect(formatShortDate(date)).toBe(short.format(noon));
      expect(formatUpperLongDate(date)).toBe(long.format(noon).toUpperCase());
    }
  });

  it('something that is not a calendar date is refused, as Intl refused an invalid date', () => {
    for (const wrong of ['', '2026-13-01', '2026-00-10', '2026-03-00', '2026-03-32', 'March 4'])
      expect(() => formatLongDate(wrong)).toThrow(RangeError);
    expect(calendarDateParts('2026-03-04')).toEqual({ year: 2026, month: 3, day: 4 });
  });

  it('clock times are en-US short times', () => {
    const intlTime = utc({ hour: 'numeric', minute: '2-digit' });
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const hours = Math.floor(minute / 60);
      const intl = intlTime.format(new Date(Date.UTC(2026, 0, 1, hours, minute % 60)));
      expect(clockTime(hours, minute % 60)).toBe(intl.replace('\u202f', ' '));
    }
  });
});
