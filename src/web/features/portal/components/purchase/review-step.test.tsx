// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../../../shared/products/contracts';
import { ReviewStep } from './review-step';

afterEach(() => {
  cleanup();
});

const threeYearHighYield = {
  id: '0b7d1f2e-1111-4222-8333-444455556666',
  investment_type: 'high_yield',
  term_years: 3,
  interest_rate_annual: '0.094',
  minimum_purchase_amount: '5000.00',
  display_name: 'High-Yield 3 years',
  description: null,
  is_active: true,
} as unknown as Product;

function rowsShown(): Record<string, string> {
  return Object.fromEntries(
    [...document.querySelectorAll('.review-row')].map((row) => [
      row.querySelector('dt')?.textContent ?? '',
      row.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

describe('the review before a High-Yield note is bought or converted to', () => {
  it('shows amount, term, rate, maturity date and the projected value at maturity from the product', () => {
    render(
      <ReviewStep
        product={threeYearHighYield}
        amount="12,000"
        fundedFrom="Your available funds (no bank debit)"
        startDate="2026-03-02"
        confirmLabel="CONVERT"
        onBack={() => {}}
        onBuy={() => {}}
      />,
    );
    const rows = rowsShown();
    expect(rows.Amount).toBe('$12,000.00');
    expect(rows.Term).toContain('3');
    expect(rows.Rate).toBe('9.40% a year');
    expect(rows['Matures on']).toBe('March 2, 2029');
    // 1,096 days (2028 is a leap year) of 9.4% simple interest on $12,000, Actual/365.
    expect(rows['Projected value at maturity']).toBe('$15,387.09');
    expect(rows['Funded from']).toBe('Your available funds (no bank debit)');
    expect(screen.getByRole('button', { name: 'CONVERT' })).toBeTruthy();
  });
});

describe('the review before a Standard note is bought', () => {
  const standard = {
    ...threeYearHighYield,
    id: '0b7d1f2e-1111-4222-8333-444455556667',
    investment_type: 'standard',
    term_years: 1,
    interest_rate_annual: '0.08',
  } as unknown as Product;

  it('says the interest is reinvested and shows the compounded first year when chosen (decision 1740)', () => {
    render(
      <ReviewStep
        product={standard}
        amount="10000"
        fundedFrom="First Harbor Bank ••6789"
        startDate="2024-01-01"
        reinvestInterest
        onBack={() => undefined}
        onBuy={() => undefined}
      />,
    );
    const rows = rowsShown();
    expect(rows.Term).toBe('Open-ended · 12-month lock-up · 8.00%');
    expect(rows.Interest).toBe('Reinvested monthly in the note, where it compounds (not paid to your bank)');
    expect(rows['Reinvested interest']).toBe(
      '$832.35 added in the first 12 months, compounding: the note is worth $10,832.35 then',
    );
    expect(rows['Monthly income']).toBeUndefined();
  });

  it('shows the monthly income paid to the bank by default', () => {
    render(
      <ReviewStep
        product={standard}
        amount="10000"
        fundedFrom="First Harbor Bank ••6789"
        startDate="2024-01-01"
        onBack={() => undefined}
        onBuy={() => undefined}
      />,
    );
    const rows = rowsShown();
    expect(rows.Interest).toBe('Paid monthly to your bank');
    expect(rows['Monthly income']).toBe('About $66.85 a month ($802.19 in the first 12 months)');
  });
});
