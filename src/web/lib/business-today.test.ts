// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessToday } from './business-today';

afterEach(() => {
  vi.useRealTimers();
});

describe('businessToday', () => {
  it("is the business time zone's day, not the browser's: at 1 am UTC New York is still on the day before", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T01:00:00Z'));
    expect(businessToday()).toBe('2026-11-26');
    vi.setSystemTime(new Date('2026-11-27T05:30:00Z'));
    expect(businessToday()).toBe('2026-11-27');
  });
});
