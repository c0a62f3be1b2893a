import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToMoney, parseMoneyToCents } from '../money/decimal-string';
import { formatRatePercent, isBackupWithholdingRate, splitInterestPayment } from './backup-withholding';

describe('splitting an interest payment (decision 1911)', () => {
  it('withholds the rate of the gross, half up to the cent', () => {
    expect(splitInterestPayment('82.81', '0.24')).toEqual({ paid: '62.94', withheld: '19.87' });
    // 10.00 x 0.24 = 2.40 exactly.
    expect(splitInterestPayment('10.00', '0.24')).toEqual({ paid: '7.60', withheld: '2.40' });
    // 0.02 x 0.24 = 0.0048 -> 0.00; 0.03 x 0.24 = 0.0072 -> 0.01 (half up).
    expect(splitInterestPayment('0.02', '0.24')).toEqual({ paid: '0.02', withheld: '0.00' });
    expect(splitInterestPayment('0.03', '0.24')).toEqual({ paid: '0.02', withheld: '0.01' });
    // An exact tie rounds up: 2.50 x 0.25 = 0.625 -> 0.63.
    expect(splitInterestPayment('2.50', '0.25')).toEqual({ paid: '1.87', withheld: '0.63' });
  });

  it('withholds nothing when the investor is not subject', () => {
    expect(splitInterestPayment('82.81', null)).toEqual({ paid: '82.81', withheld: '0.00' });
  });

  it('always adds up to the gross, and the withheld part is the rounded product', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 99_999_999_999n }),
        fc.integer({ min: 1, max: 5000 }),
        (cents, bp) => {
          const rate = `0.${String(bp).padStart(4, '0')}`;
          const { paid, withheld } = splitInterestPayment(centsToMoney(cents), rate);
          const paidCents = parseMoneyToCents(paid)!;
          const withheldCents = parseMoneyToCents(withheld)!;
          expect(paidCents + withheldCents).toBe(cents);
          // |withheld - gross x rate| <= half a cent, in ten-thousandths of a cent.
          const exact = cents * BigInt(bp);
          const distance = withheldCents * 10_000n - exact;
          expect(distance <= 5_000n && distance > -5_000n).toBe(true);
        },
      ),
    );
  });

  it('refuses a rate outside (0, 0.5] and a negative amount', () => {
    expect(isBackupWithholdingRate('0.24')).toBe(true);
    expect(isBackupWithholdingRate('.5')).toBe(true);
    expect(isBackupWithholdingRate('0.5001')).toBe(false);
    expect(isBackupWithholdingRate('0')).toBe(false);
    expect(isBackupWithholdingRate('0.0000')).toBe(false);
    expect(isBackupWithholdingRate('24')).toBe(false);
    expect(() => splitInterestPayment('-1.00', '0.24')).toThrow();
    expect(() => splitInterestPayment('1.00', '0.6')).toThrow();
  });

  it('reads a rate as a percentage', () => {
    expect(formatRatePercent('0.24')).toBe('24%');
    expect(formatRatePercent('0.2875')).toBe('28.75%');
    expect(formatRatePercent('0.3')).toBe('30%');
  });
});
