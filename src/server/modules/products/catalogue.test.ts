import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { Product } from '../../../shared/products/contracts';
import { movableClock } from '../../clock';
import type { Database } from '../../db/client';
import { createProductCatalogue } from './catalogue';

function product(rate: string): Product {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    display_name: 'Growth Note',
    investment_type: 'high_yield',
    description: null,
    interest_rate_annual: rate,
    term_years: 3,
    minimum_purchase_amount: '5000.00',
    available_from: null,
    available_until: null,
    is_active: true,
  };
}

/** A loader the test answers by hand, recording the days it was asked for. */
function manualLoader() {
  const calls: { day: IsoDate; answer: (products: Product[]) => void }[] = [];
  const load = (day: IsoDate) =>
    new Promise<Product[]>((resolve) => {
      calls.push({ day, answer: resolve });
    });
  return { calls, load };
}

describe('the product catalogue cache', () => {
  it('never keeps what a read begun before an admin change returns after it', async () => {
    const clock = movableClock('2026-03-10T15:00:00Z');
    const loader = manualLoader();
    const catalogue = createProductCatalogue({ db: {} as Database, clock }, loader.load);

    const before = catalogue.listBuyable();
    catalogue.invalidate();
    loader.calls[0]!.answer([product('0.094')]);
    expect((await before)[0]!.interest_rate_annual).toBe('0.094');

    const after = catalogue.listBuyable();
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.answer([product('0.1075')]);
    expect((await after)[0]!.interest_rate_annual).toBe('0.1075');
  });

  it('shares one query between concurrent misses and serves the serialised answer from it', async () => {
    const clock = movableClock('2026-03-10T15:00:00Z');
    const loader = manualLoader();
    const catalogue = createProductCatalogue({ db: {} as Database, clock }, loader.load);

    const pages = [catalogue.page(), catalogue.page(), catalogue.listBuyable()];
    expect(loader.calls).toHaveLength(1);
    loader.calls[0]!.answer([product('0.094')]);
    const [first, second] = await Promise.all(pages);
    expect(first).toBe(second);
    expect(JSON.parse((first as { json: string }).json)).toEqual({ products: [product('0.094')] });

    await catalogue.page();
    expect(loader.calls).toHaveLength(1);
    clock.advanceDays(1);
    const nextDay = catalogue.page();
    expect(loader.calls.map((call) => call.day)).toEqual(['2026-03-10', '2026-03-11']);
    loader.calls[1]!.answer([]);
    expect((await nextDay).products).toEqual([]);
  });
});
