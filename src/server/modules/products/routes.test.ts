import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investmentProducts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});

describe('GET /api/products', () => {
  it('lists the seeded buyable products ordered by type then term, money as decimal strings', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const { products } = response.json() as { products: Array<Record<string, unknown>> };
    expect(
      products.map((product) => [product.investment_type, product.term_years, product.interest_rate_annual]),
    ).toEqual([
      ['high_yield', 2, '0.09'],
      ['high_yield', 3, '0.094'],
      ['high_yield', 4, '0.098'],
      ['high_yield', 5, '0.1024'],
      ['standard', 1, '0.08'],
    ]);
    expect(products.every((product) => product.minimum_purchase_amount === '5000.00')).toBe(true);
  });

  it('leaves out inactive products and products outside their availability window', async () => {
    await testApp.reset();
    const [fiveYear] = await testApp.database.db
      .update(investmentProducts)
      .set({ isActive: false })
      .where(eq(investmentProducts.termYears, 5))
      .returning();
    await testApp.database.db
      .update(investmentProducts)
      .set({ availableFrom: '2026-03-11' })
      .where(eq(investmentProducts.termYears, 4));
    await testApp.database.db
      .update(investmentProducts)
      .set({ availableUntil: '2026-03-09' })
      .where(eq(investmentProducts.termYears, 3));
    testApp.clock.advance(10_000);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    const terms = (response.json() as { products: Array<{ term_years: number }> }).products.map(
      (product) => product.term_years,
    );
    expect(fiveYear).toBeDefined();
    expect(terms).toEqual([2, 1]);

    testApp.clock.advanceDays(1);
    const nextDay = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    expect(
      (nextDay.json() as { products: Array<{ term_years: number }> }).products.map(
        (product) => product.term_years,
      ),
    ).toEqual([2, 4, 1]);
  });
});
