import { describe, expect, it } from 'vitest';
import { percentToRateFraction, ratePercent } from '../products/plans';
import { formatRatePercent, productInputSchema, rateFractionToPercent } from './product-contracts';
import { dateMessages } from '../dates/date-schemas';

const valid = {
  display_name: 'Growth Note, 6 years',
  interest_rate_percent: '10.5',
  term_years: 6,
  minimum_purchase_amount: '5000',
};

function firstMessage(input: Record<string, unknown>): string | undefined {
  const result = productInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the product form rules (admin spec 5)', () => {
  it('defaults the type to standard and turns empty optional fields into null', () => {
    expect(productInputSchema.parse({ ...valid, description: '  ', available_from: '' })).toEqual({
      ...valid,
      investment_type: 'standard',
      description: null,
      available_from: null,
      available_until: null,
    });
  });

  it('requires name, rate, term and minimum investment', () => {
    expect(firstMessage({ ...valid, display_name: '  ' })).toBe('Name is required');
    expect(firstMessage({ ...valid, interest_rate_percent: '' })).toBe('Rate is required');
    expect(firstMessage({ ...valid, term_years: undefined })).toBe('Term is required');
    expect(firstMessage({ ...valid, minimum_purchase_amount: '' })).toBe('Minimum investment is required');
  });

  it('accepts only a whole term of at least 1 year', () => {
    expect(firstMessage({ ...valid, term_years: 0 })).toBe('Term must be at least 1 year');
    expect(firstMessage({ ...valid, term_years: 2.5 })).toBe('Term must be a whole number of years');
    expect(firstMessage({ ...valid, term_years: 1 })).toBeUndefined();
  });

  it('takes the rate as a percent above 0 with at most 4 decimals', () => {
    expect(firstMessage({ ...valid, interest_rate_percent: '0' })).toBe('Rate must be more than 0%');
    expect(firstMessage({ ...valid, interest_rate_percent: '0.0000' })).toBe('Rate must be more than 0%');
    expect(firstMessage({ ...valid, interest_rate_percent: '9.12345' })).toMatch(
      /^Enter the rate as a percent/,
    );
    expect(firstMessage({ ...valid, interest_rate_percent: '150' })).toMatch(/^Enter the rate as a percent/);
    expect(firstMessage({ ...valid, interest_rate_percent: '-2' })).toMatch(/^Enter the rate as a percent/);
    expect(firstMessage({ ...valid, interest_rate_percent: '0.25' })).toBeUndefined();
  });

  it('refuses a minimum that is not a positive dollar amount', () => {
    expect(firstMessage({ ...valid, minimum_purchase_amount: '0' })).toMatch(/^Enter a minimum investment/);
    expect(firstMessage({ ...valid, minimum_purchase_amount: '50.505' })).toMatch(
      /^Enter a minimum investment/,
    );
    expect(firstMessage({ ...valid, minimum_purchase_amount: 'lots' })).toMatch(
      /^Enter a minimum investment/,
    );
    expect(firstMessage({ ...valid, minimum_purchase_amount: '$2,500.50' })).toBeUndefined();
  });

  it('refuses an availability window that ends before it starts, or a date that does not exist', () => {
    expect(firstMessage({ ...valid, available_from: '2026-05-01', available_until: '2026-04-30' })).toBe(
      'Available until must be on or after available from',
    );
    expect(firstMessage({ ...valid, available_from: '2026-02-30' })).toBe(dateMessages.date);
    expect(firstMessage({ ...valid, available_until: '9999-12-31' })).toBe(
      'Enter a date from 1900-01-01 to 2199-12-31 as YYYY-MM-DD',
    );
    expect(
      firstMessage({ ...valid, available_from: '2026-05-01', available_until: '2026-05-01' }),
    ).toBeUndefined();
  });
});

describe('the percent conversion', () => {
  it('stores the entered percent divided by 100, exactly', () => {
    expect(percentToRateFraction('9.5')).toBe('0.095');
    expect(percentToRateFraction('10.24')).toBe('0.1024');
    expect(percentToRateFraction('8')).toBe('0.08');
    expect(percentToRateFraction('0.0125')).toBe('0.000125');
    expect(percentToRateFraction('7.1234')).toBe('0.071234');
  });

  it('round-trips through the percent shown on screen', () => {
    for (const percent of ['9.50', '10.24', '8.00', '12.75']) {
      expect(ratePercent(percentToRateFraction(percent))).toBe(percent);
    }
  });
});

describe('showing a stored rate', () => {
  it('gives back exactly the percent that was entered', () => {
    for (const percent of ['9.5', '10.24', '8', '7.1234', '0.0125']) {
      expect(rateFractionToPercent(percentToRateFraction(percent))).toBe(percent);
    }
    expect(rateFractionToPercent('0.080000')).toBe('8');
  });

  it('lists it with at least two decimals, never rounded', () => {
    expect(formatRatePercent('0.095')).toBe('9.50%');
    expect(formatRatePercent('0.1024')).toBe('10.24%');
    expect(formatRatePercent('0.071234')).toBe('7.1234%');
  });
});
