import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatThousands, formatUsd, formatUsdWhole } from '../format/money-format';
import { cumulativeInterestCents, rateToMillionths } from '../ledger/interest';
import { percentToRateFraction, ratePercent, termLabel, totalReturnPercent } from '../products/plans';
import {
  addMoney,
  centsToMoney,
  compareMoney,
  parseMoneyToCents,
  roundDecimalToCents,
  toMoneyString,
} from './decimal-string';

describe('money strings', () => {
  it('parses and prints exact cents', () => {
    expect(parseMoneyToCents('1,234.5')).toBe(123450n);
    expect(parseMoneyToCents('0.1')).toBe(10n);
    expect(parseMoneyToCents('12.345')).toBeNull();
    expect(parseMoneyToCents('abc')).toBeNull();
    expect(toMoneyString('5000')).toBe('5000.00');
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(compareMoney('4999.99', '5000.00')).toBe(-1);
  });

  it('round-trips any amount of cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), (cents) => {
        expect(parseMoneyToCents(centsToMoney(cents))).toBe(cents);
      }),
    );
  });

  it('formats en-US with two decimals, and whole dollars for admin lists', () => {
    expect(formatUsd('1234567.89')).toBe('$1,234,567.89');
    expect(formatUsd('-5.10')).toBe('-$5.10');
    expect(formatUsdWhole('1234.50')).toBe('$1,235');
    expect(formatUsdWhole('1234.49')).toBe('$1,234');
    expect(formatThousands('5000.00')).toBe('$5K');
  });
});

describe('rates and total return (PRODUCT.md 14)', () => {
  it('shows rates as percents with two decimals and converts admin percents back', () => {
    expect(ratePercent('0.1024')).toBe('10.24');
    expect(ratePercent('0.09')).toBe('9.00');
    expect(ratePercent('0.080000')).toBe('8.00');
    expect(percentToRateFraction('10.24')).toBe('0.1024');
    expect(percentToRateFraction('8')).toBe('0.08');
  });

  it('gives one total-return figure: rate x term years', () => {
    expect(totalReturnPercent('0.09', 2)).toBe('18.0');
    expect(totalReturnPercent('0.094', 3)).toBe('28.2');
    expect(totalReturnPercent('0.098', 4)).toBe('39.2');
    expect(totalReturnPercent('0.1024', 5)).toBe('51.2');
  });

  it('labels terms as the spec does', () => {
    expect(termLabel({ investment_type: 'high_yield', term_years: 1, interest_rate_annual: '0.08' })).toBe(
      '1 YEAR - 8.00%',
    );
    expect(termLabel({ investment_type: 'high_yield', term_years: 5, interest_rate_annual: '0.1024' })).toBe(
      '5 YEARS - 10.24%',
    );
    // A Standard note is open-ended with a lock-up, not a one-year note (issue 24 item 19).
    expect(termLabel({ investment_type: 'standard', term_years: 1, interest_rate_annual: '0.08' })).toBe(
      'Open-ended · 12-month lock-up · 8.00%',
    );
  });
});

describe('interest rounding', () => {
  it('rounds cumulative Actual/365 interest half-up to cents', () => {
    // $10,000 at 8% for 31 days = 67.9452... -> 67.95
    expect(cumulativeInterestCents(1_000_000n, rateToMillionths('0.08'), 31)).toBe(6795n);
    // $5,000 at 9% for 365 days = exactly 450.00
    expect(cumulativeInterestCents(500_000n, rateToMillionths('0.09'), 365)).toBe(45000n);
    expect(cumulativeInterestCents(365n, rateToMillionths('0.5'), 1)).toBe(1n); // exactly half a cent rounds up
    expect(cumulativeInterestCents(365n, rateToMillionths('0.4'), 1)).toBe(0n);
  });
});

describe('exact amounts rounded to cents (the note page, issue 24 item 14)', () => {
  it('rounds ten-place interest half away from zero', () => {
    expect(roundDecimalToCents('85.4881830136')).toBe(8549n);
    expect(roundDecimalToCents('0.0049999999')).toBe(0n);
    expect(roundDecimalToCents('0.0050000000')).toBe(1n);
    expect(roundDecimalToCents('-0.0028767124')).toBe(0n);
    expect(roundDecimalToCents('-1.2350000000')).toBe(-124n);
    expect(roundDecimalToCents('12')).toBe(1200n);
  });
});
