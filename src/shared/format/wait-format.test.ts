import { describe, expect, it } from 'vitest';
import { formatCountdown, formatWait } from './wait-format';

describe('waits in minutes and seconds', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [60, '1:00'],
    [2352, '39:12'],
    [3600, '60:00'],
  ])('counts %i seconds down as %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });

  it.each([
    [1, '1 second'],
    [40, '40 seconds'],
    [60, '1 minute'],
    [61, '1 minute 1 second'],
    [900, '15 minutes'],
    [2352, '39 minutes 12 seconds'],
  ])('says %i seconds as "%s", never rounded up to whole minutes', (seconds, said) => {
    expect(formatWait(seconds)).toBe(said);
  });
});
