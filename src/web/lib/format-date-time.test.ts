/** Decision 1977: local dates and times written without Intl read as Intl writes them, in any zone. */
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatLocalDateTime,
  formatLocalLongDate,
  formatLocalTime,
} from './format-date-time';

const zoneBefore = process.env.TZ;
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

/** Every 7 hours and 13 minutes over three years: all hours, minutes, months and both DST turns. */
function instants(): string[] {
  const result: string[] = [];
  for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2028, 0, 1); at += (7 * 60 + 13) * 60_000)
    result.push(new Date(at).toISOString());
  return result;
}

const plainSpace = (text: string) => text.replace(/\u202f/g, ' ');

describe('local dates and times without Intl', () => {
  for (const zone of [
    'UTC',
    'America/New_York',
    'Australia/Adelaide',
    'Pacific/Chatham',
    'America/St_Johns',
  ]) {
    it(`reads as Intl writes it for a viewer in ${zone}`, () => {
      process.env.TZ = zone;
      const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
      const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
      const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
      expect(dateTime.resolvedOptions().timeZone).toBe(zone);
      for (const instant of instants()) {
        const at = new Date(instant);
        expect(formatLocalDateTime(instant)).toBe(plainSpace(dateTime.format(at)));
        expect(formatLocalLongDate(instant)).toBe(longDate.format(at));
        expect(formatLocalTime(instant)).toBe(plainSpace(time.format(at)));
      }
    });
  }

  it('a calendar date is never shifted by the zone', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatCalendarDate('2026-03-10')).toBe('Mar 10, 2026');
    process.env.TZ = 'Pacific/Pago_Pago';
    expect(formatCalendarDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(() => formatLocalDateTime('yesterday')).toThrow(RangeError);
  });
});
