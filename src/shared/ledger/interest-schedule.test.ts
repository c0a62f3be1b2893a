import { describe, expect, it } from 'vitest';
import {
  firstYearIncome,
  firstYearReinvested,
  interestSchedule,
  totalPosted,
  valueAtMaturity,
} from './interest-schedule';

describe('interest schedule', () => {
  it('posts each month as the rounded cumulative less what was posted, carrying the fraction', () => {
    const rows = interestSchedule({
      principal: '10000.00',
      rate: '0.08',
      startDate: '2024-01-01',
      endDate: '2024-04-01',
    });
    expect(rows.map((row) => [row.period, row.days, row.exactAccrual, row.posted, row.carried])).toEqual([
      ['2024-01-01', 31, '67.9452054794', '67.95', '-0.0047945206'],
      ['2024-02-01', 29, '63.5616438356', '63.56', '-0.0031506850'],
      ['2024-03-01', 31, '67.9452054795', '67.94', '0.0020547945'],
    ]);
    expect(totalPosted(rows)).toBe('199.45');
  });

  it('starts mid-month and ends with a stub at maturity', () => {
    const rows = interestSchedule({
      principal: '5000.00',
      rate: '0.1',
      startDate: '2024-01-15',
      endDate: '2024-03-10',
    });
    expect(rows.map((row) => [row.from, row.until, row.days])).toEqual([
      ['2024-01-15', '2024-02-01', 17],
      ['2024-02-01', '2024-03-01', 29],
      ['2024-03-01', '2024-03-10', 9],
    ]);
  });

  it('earns on less from the day a withdrawal reduces the principal', () => {
    const rows = interestSchedule({
      principal: '1000.00',
      rate: '0.365',
      startDate: '2024-01-01',
      endDate: '2024-02-01',
      reductions: [{ from: '2024-01-11', amount: '500.00' }],
    });
    // 10 days on 1000 at 1.00 a day, 21 days on 500 at 0.50 a day.
    expect(rows[0]?.posted).toBe('20.50');
  });

  it('gives the value at maturity and the first year income', () => {
    expect(
      valueAtMaturity({
        principal: '10000.00',
        rate: '0.09',
        startDate: '2024-01-01',
        maturityDate: '2026-01-01',
      }),
    ).toBe('11802.47');
    expect(firstYearIncome({ principal: '36500.00', rate: '0.1', startDate: '2023-01-01' })).toEqual({
      year: '3650.00',
      averageMonth: '304.17',
    });
  });

  it('compounds the months a Standard note reinvests, from the month after each switch (decision 1740)', () => {
    const always = interestSchedule({
      principal: '10000.00',
      rate: '0.08',
      startDate: '2024-01-01',
      reinvestment: [{ effectivePeriod: '2024-01-01', reinvest: true }],
      endDate: '2024-07-01',
    });
    expect(always.map((row) => [row.principal, row.posted, row.reinvested])).toEqual([
      ['10000.00', '67.95', true],
      ['10067.95', '63.99', true],
      ['10131.94', '68.84', true],
      ['10200.78', '67.07', true],
      ['10267.85', '69.77', true],
      ['10337.62', '67.97', true],
    ]);
    // Switched on in March (April on) and off in May (June on): only April and May compound.
    const switched = interestSchedule({
      principal: '25000.00',
      rate: '0.08',
      startDate: '2024-01-10',
      reinvestment: [
        { effectivePeriod: '2024-04-01', reinvest: true },
        { effectivePeriod: '2024-06-01', reinvest: false },
      ],
      endDate: '2024-08-01',
    });
    expect(switched.map((row) => [row.posted, row.reinvested])).toEqual([
      ['120.55', false],
      ['158.90', false],
      ['169.87', false],
      ['164.38', true],
      ['170.98', true],
      ['166.59', false],
      ['172.14', false],
    ]);
    expect(switched[6]!.principal).toBe('25335.36');
    // A year compounded monthly (2024 has 366 days): 832.35, against 802.19 paid out.
    expect(firstYearReinvested({ principal: '10000.00', rate: '0.08', startDate: '2024-01-01' })).toEqual({
      year: '832.35',
      value: '10832.35',
    });
    expect(firstYearIncome({ principal: '10000.00', rate: '0.08', startDate: '2024-01-01' }).year).toBe(
      '802.19',
    );
  });
});
