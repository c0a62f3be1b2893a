import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminProduct,
  AdminProductListResponse,
  ProductAuditResponse,
} from '../../../shared/admin/product-contracts';
import { investmentProductAudit, investmentProducts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let testApp: TestApp;
let operations: SignedInAdmin;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  testApp.clock.set('2026-03-10T15:00:00Z');
  operations = await signInTestAdmin(testApp, 'operations');
});

const sixYearNote = {
  display_name: 'Growth Note, 6 years',
  investment_type: 'high_yield',
  description: 'Six years, credited monthly.',
  interest_rate_percent: '10.5',
  term_years: 6,
  minimum_purchase_amount: '10000',
  available_from: '2026-03-01',
  available_until: null,
};

async function createProduct(payload: Record<string, unknown> = sixYearNote): Promise<AdminProduct> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: operations.headers,
    payload,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { product: AdminProduct }).product;
}

function toggle(product: Pick<AdminProduct, 'id' | 'updated_at'>, isActive: boolean) {
  return testApp.app.inject({
    method: 'PUT',
    url: '/functions/v1/admin-products',
    headers: operations.headers,
    payload: { id: product.id, is_active: isActive, updated_at: product.updated_at },
  });
}

async function auditOf(productId: string): Promise<ProductAuditResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/products/${productId}/audit`,
    headers: operations.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as ProductAuditResponse;
}

async function publicTerms(): Promise<number[]> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/products' });
  return (response.json() as { products: Array<{ term_years: number }> }).products.map(
    (product) => product.term_years,
  );
}

describe('creating a product', () => {
  it('stores the rate divided by 100 and the minimum as money, and audits "created" with the values', async () => {
    const product = await createProduct();
    expect(product).toMatchObject({
      display_name: 'Growth Note, 6 years',
      investment_type: 'high_yield',
      interest_rate_annual: '0.105',
      term_years: 6,
      minimum_purchase_amount: '10000.00',
      available_from: '2026-03-01',
      available_until: null,
      is_active: true,
    });
    const [stored] = await testApp.database.db
      .select()
      .from(investmentProducts)
      .where(eq(investmentProducts.id, product.id));
    expect(stored?.interestRateAnnual).toBe('0.105000');

    const audit = await auditOf(product.id);
    expect(audit.total).toBe(1);
    expect(audit.entries[0]).toMatchObject({
      action: 'created',
      admin: {
        id: operations.id,
        first_name: 'Test',
        last_name: 'operations',
        email: 'operations@staff.example',
      },
      old_values: null,
      new_values: {
        display_name: 'Growth Note, 6 years',
        interest_rate_annual: '0.105',
        term_years: 6,
        minimum_purchase_amount: '10000.00',
        is_active: true,
      },
      created_at: '2026-03-10T15:00:00.000Z',
    });
  });

  it('defaults the type to standard and shows the product to investors at once', async () => {
    const product = await createProduct({
      display_name: 'Standard Plus',
      interest_rate_percent: '8.25',
      term_years: 2,
      minimum_purchase_amount: '2500',
    });
    expect(product.investment_type).toBe('standard');
    expect(await publicTerms()).toEqual([2, 3, 4, 5, 1, 2]);
  });

  it('refuses invalid input with the field and message, and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...sixYearNote, display_name: '' }, 'display_name: Name is required'],
      [{ ...sixYearNote, term_years: 0 }, 'term_years: Term must be at least 1 year'],
      [{ ...sixYearNote, term_years: 1.5 }, 'term_years: Term must be a whole number of years'],
      [{ ...sixYearNote, interest_rate_percent: '0' }, 'interest_rate_percent: Rate must be more than 0%'],
      [{ ...sixYearNote, investment_type: 'junk_bond' }, 'investment_type:'],
      [
        { ...sixYearNote, available_until: '2026-02-01' },
        'available_until: Available until must be on or after available from',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: operations.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { error: { message: string } }).error.message).toContain(message);
    }
    expect(await testApp.database.db.select().from(investmentProductAudit)).toHaveLength(0);
    expect(await testApp.database.db.select().from(investmentProducts)).toHaveLength(5);
  });
});

describe('editing a product', () => {
  it('audits "updated" with only the changed fields, old and new', async () => {
    const product = await createProduct();
    testApp.clock.advance(60_000);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: operations.headers,
      payload: {
        product: { ...sixYearNote, interest_rate_percent: '10.75', minimum_purchase_amount: '7500.00' },
        updated_at: product.updated_at,
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = (response.json() as { product: AdminProduct }).product;
    expect(updated).toMatchObject({ interest_rate_annual: '0.1075', minimum_purchase_amount: '7500.00' });
    expect(updated.updated_at).toBe('2026-03-10T15:01:00.000Z');

    const audit = await auditOf(product.id);
    expect(audit.entries.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(audit.entries[0]).toMatchObject({
      old_values: { interest_rate_annual: '0.105', minimum_purchase_amount: '10000.00' },
      new_values: { interest_rate_annual: '0.1075', minimum_purchase_amount: '7500.00' },
    });
  });

  it('refuses an edit over a newer change as stale', async () => {
    const product = await createProduct();
    const first = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: operations.headers,
      payload: { product: { ...sixYearNote, display_name: 'Renamed once' }, updated_at: product.updated_at },
    });
    expect(first.statusCode).toBe(200);
    const second = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: operations.headers,
      payload: { product: { ...sixYearNote, display_name: 'Renamed twice' }, updated_at: product.updated_at },
    });
    expect(second.statusCode).toBe(409);
    expect((second.json() as { error: { code: string } }).error.code).toBe('stale');
    expect((await auditOf(product.id)).entries.map((entry) => entry.action)).toEqual(['updated', 'created']);
  });
});

describe('the active toggle (admin-products PUT)', () => {
  it('deactivates with an audit entry and the product leaves GET /api/products at once', async () => {
    const [fiveYear] = await testApp.database.db
      .select()
      .from(investmentProducts)
      .where(eq(investmentProducts.termYears, 5));
    expect(await publicTerms()).toContain(5);
    const response = await toggle({ id: fiveYear!.id, updated_at: fiveYear!.updatedAt.toISOString() }, false);
    expect(response.statusCode).toBe(200);
    const product = (response.json() as { product: AdminProduct }).product;
    expect(product.is_active).toBe(false);
    expect(await publicTerms()).not.toContain(5);

    const audit = await auditOf(fiveYear!.id);
    expect(audit.entries[0]).toMatchObject({
      action: 'deactivated',
      old_values: { is_active: true },
      new_values: { is_active: false },
    });

    const reactivated = await toggle(product, true);
    expect(reactivated.statusCode).toBe(200);
    expect((await auditOf(fiveYear!.id)).entries.map((entry) => [entry.action, entry.new_values])).toEqual([
      ['activated', { is_active: true }],
      ['deactivated', { is_active: false }],
    ]);
    expect(await publicTerms()).toContain(5);
  });

  it('refuses a toggle over a newer change as stale and changes nothing', async () => {
    const product = await createProduct();
    const edited = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: operations.headers,
      payload: { product: { ...sixYearNote, term_years: 7 }, updated_at: product.updated_at },
    });
    expect(edited.statusCode).toBe(200);

    const stale = await toggle(product, false);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: {
        code: 'stale',
        message: 'This product was changed by someone else. Reload to see the change, then try again.',
      },
    });
    const [stored] = await testApp.database.db
      .select()
      .from(investmentProducts)
      .where(eq(investmentProducts.id, product.id));
    expect(stored?.isActive).toBe(true);
    expect((await auditOf(product.id)).entries.map((entry) => entry.action)).toEqual(['updated', 'created']);
  });

  it('answers 404 for an unknown product and 400 for a malformed body', async () => {
    const unknown = await toggle(
      { id: '2b0f9f0e-8a55-4f5b-93c1-5a3d2d8b7c11', updated_at: '2026-03-10T15:00:00.000Z' },
      false,
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await testApp.app.inject({
      method: 'PUT',
      url: '/functions/v1/admin-products',
      headers: operations.headers,
      payload: { id: 'x', is_active: 'no' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('the product list (admin-products GET)', () => {
  async function list(query: string): Promise<AdminProductListResponse> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/functions/v1/admin-products${query}`,
      headers: operations.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as AdminProductListResponse;
  }

  it('filters by type, active state and text, and says how big the catalogue is', async () => {
    const product = await createProduct();
    await toggle(product, false);
    expect((await list('?type=standard')).products.map((item) => item.display_name)).toEqual([
      'Standard Income Note',
    ]);
    expect((await list('?active=inactive')).products.map((item) => item.id)).toEqual([product.id]);
    expect((await list('?active=active&type=high_yield')).total).toBe(4);
    const text = await list('?q=6%20YEARS');
    expect(text.products.map((item) => item.display_name)).toEqual(['Growth Note, 6 years']);
    const none = await list('?q=nothing-like-this');
    expect(none).toMatchObject({ products: [], total: 0, catalogue_size: 6 });
  });

  it('pages on the server, 20 a page', async () => {
    for (let index = 0; index < 20; index += 1) {
      await createProduct({ ...sixYearNote, display_name: `Note ${String(index).padStart(2, '0')}` });
    }
    const first = await list('');
    const second = await list('?page=2');
    expect(first).toMatchObject({ total: 25, page: 1, page_size: 20, catalogue_size: 25 });
    expect(first.products).toHaveLength(20);
    expect(second.products).toHaveLength(5);
    const ids = new Set([...first.products, ...second.products].map((item) => item.id));
    expect(ids.size).toBe(25);
  });
});

describe('the public catalogue (GET /api/products, cached for 5 s)', () => {
  async function publicRates(): Promise<Record<string, string>> {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    const { products } = response.json() as {
      products: Array<{ display_name: string; interest_rate_annual: string }>;
    };
    return Object.fromEntries(
      products.map((product) => [product.display_name, product.interest_rate_annual]),
    );
  }

  it('shows a created product and an edited rate at once, not after the cache expires', async () => {
    expect(await publicRates()).not.toHaveProperty('Growth Note, 6 years');
    const product = await createProduct();
    expect(await publicRates()).toHaveProperty('Growth Note, 6 years', '0.105');
    const edited = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      headers: operations.headers,
      payload: {
        product: { ...sixYearNote, interest_rate_percent: '10.75' },
        updated_at: product.updated_at,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(await publicRates()).toHaveProperty('Growth Note, 6 years', '0.1075');
  });
});
