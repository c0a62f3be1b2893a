/**
 * The part of maturing High-Yield value expected to roll over into a new note (PRODUCT.md 47):
 * all of it where the holder chose to roll over, none where they chose to be paid, and the
 * staff's rollover rate of it where they have not chosen (rounded half-up to the cent per day).
 */
import { maxDate } from '../../../../shared/dates/calendar-date';
import type { DatedAmount, ForecastLineSource } from '../forecast-line-source';
import { maturingValues } from './high-yield-maturities';

export const expectedRolloversLine: ForecastLineSource = {
  key: 'expected_rollover',
  label: 'Expected to roll over',
  kind: 'offset',
  description:
    'Of the High-Yield value maturing: all of it where the holder chose to roll over, none where they chose a pay-out, and the rollover rate staff set where they have not chosen.',
  async collect(db, window, assumptions) {
    const byDay = new Map<string, bigint>();
    const unchosen = new Map<string, bigint>();
    for (const row of await maturingValues(db, window)) {
      const day = maxDate(row.day, window.today);
      const cents = BigInt(row.cents);
      if (row.instruction === 'roll_over') byDay.set(day, (byDay.get(day) ?? 0n) + cents);
      else if (row.instruction === null) unchosen.set(day, (unchosen.get(day) ?? 0n) + cents);
    }
    for (const [day, cents] of unchosen) {
      const expected = (cents * assumptions.rolloverRateTenThousandths * 2n + 10_000n) / 20_000n;
      byDay.set(day, (byDay.get(day) ?? 0n) + expected);
    }
    const amounts: DatedAmount[] = [...byDay].map(([date, cents]) => ({ date, cents }));
    return amounts.filter((amount) => amount.cents !== 0n);
  },
};
