import { describe, expect, it } from 'vitest';
import { addBusinessDays, federalReserveHolidays, isBusinessDay } from './business-days';
import { businessDateOf } from './business-time';
import { addMonths, addYears, endOfQuarter } from './calendar-date';

describe('Federal Reserve holidays', () => {
  it('lists the 2026 bank holidays, with Independence Day (a Saturday) not moved', () => {
    expect([...federalReserveHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes a Sunday holiday on the Monday after', () => {
    // 2027-07-04 and 2027-12-25... 2022-12-25 was a Sunday, observed 2022-12-26.
    expect(federalReserveHolidays(2022).has('2022-12-26')).toBe(true);
    expect(isBusinessDay('2022-12-26')).toBe(false);
  });

  it('skips weekends and holidays when adding business days', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(addBusinessDays('2026-11-25', 1)).toBe('2026-11-27'); // over Thanksgiving
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28'); // over Christmas and a weekend
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23');
  });
});

describe('calendar arithmetic', () => {
  it('maps Feb 29 plus a year to Feb 28 and a 31st to the month end', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
  });

  it('finds the quarter end', () => {
    expect(endOfQuarter('2026-11-21')).toBe('2026-12-31');
    expect(endOfQuarter('2026-04-01')).toBe('2026-06-30');
    expect(endOfQuarter('2026-03-31')).toBe('2026-03-31');
  });
});

describe('business date of an instant', () => {
  it('uses the business time zone, not UTC', () => {
    // 02:30 UTC on the 22nd is still the 21st in New York.
    expect(businessDateOf(new Date('2026-11-22T02:30:00Z'), 'America/New_York')).toBe('2026-11-21');
    expect(businessDateOf(new Date('2026-11-22T05:30:00Z'), 'America/New_York')).toBe('2026-11-22');
  });
});
