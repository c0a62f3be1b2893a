import { describe, expect, it } from 'vitest';
import { profileExpiresOn, remainingCents, tier2InvestorLimitCents, windowStart } from './offering-rules';

describe('the Tier 2 limit and the rolling 12 months', () => {
  it('takes 10% of the greater of income and net worth, rounded down to the cent', () => {
    expect(tier2InvestorLimitCents('100000', '60000')).toBe(1_000_000n);
    expect(tier2InvestorLimitCents('40000', '150000.00')).toBe(1_500_000n);
    expect(tier2InvestorLimitCents('12345.67', '0')).toBe(123_456n);
    expect(tier2InvestorLimitCents('0', '0')).toBe(0n);
    expect(remainingCents(1_000n, 1_200n)).toBe(0n);
  });

  it('starts the window the day after the same day a year back, month ends clamped', () => {
    expect(windowStart('2026-03-10')).toBe('2025-03-11');
    expect(windowStart('2026-03-31')).toBe('2025-04-01');
    expect(windowStart('2028-02-29')).toBe('2027-03-01');
    expect(profileExpiresOn('2025-03-10')).toBe('2026-03-10');
  });
});
