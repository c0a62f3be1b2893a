import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse } from '../../../shared/admin/audit-contracts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let testApp: TestApp;
let superAdmin: SignedInAdmin;
let operations: SignedInAdmin;
let support: SignedInAdmin;
let productId: string;

const productBody = {
  display_name: 'Audit Note',
  interest_rate_percent: '9',
  term_years: 2,
  minimum_purchase_amount: '5000',
};

async function list(query: string, admin: SignedInAdmin = superAdmin): Promise<AuditListResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditListResponse;
}

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  superAdmin = await signInTestAdmin(testApp, 'super_admin');
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: superAdmin.headers,
    payload: productBody,
  });
  const product = (created.json() as { product: { id: string; updated_at: string } }).product;
  productId = product.id;
  const edited = await testApp.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${productId}`,
    headers: operations.headers,
    payload: {
      product: { ...productBody, display_name: 'Audit Note, edited' },
      updated_at: product.updated_at,
    },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  await testApp.app.inject({
    method: 'POST',
    url: '/functions/v1/admin-login',
    payload: { email: 'super_admin@staff.example', password: 'wrong-password' },
    headers: { 'x-forwarded-for': '203.0.113.7' },
  });
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('the admin audit log', () => {
  it('records a product edit with the actor, address and only the changed fields', async () => {
    const { entries } = await list(`?action=product.update&target_id=${productId}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'product.update',
      target_type: 'product',
      target_id: productId,
      actor: { id: operations.id, email: 'operations@staff.example', name: 'Test operations' },
      before: { display_name: 'Audit Note' },
      after: { display_name: 'Audit Note, edited' },
    });
    expect(entries[0]?.ip_address).toBeTruthy();
  });

  it('records sign-ins and failed sign-ins', async () => {
    const failed = await list('?action=admin.sign_in_failed');
    expect(failed.entries[0]).toMatchObject({
      target_type: 'admin_user',
      target_id: superAdmin.id,
      after: { reason: 'wrong_password' },
    });
    const signIns = await list(`?action=admin.sign_in&actor=${support.id}`);
    expect(signIns.total).toBe(1);
  });

  it('filters by actor and by business-date range, and pages 20 at a time', async () => {
    const byOperations = await list(`?actor=${operations.id}`);
    expect(byOperations.entries.every((entry) => entry.actor?.id === operations.id)).toBe(true);
    const sameDay = await list('?from=2026-03-10&to=2026-03-10&target_type=product');
    expect(sameDay.entries.map((entry) => entry.action)).toEqual(['product.update', 'product.create']);
    expect((await list('?from=2026-03-11&target_type=product')).total).toBe(0);
    expect((await list('?to=2026-03-09&target_type=product')).total).toBe(0);
    const firstDay = sameDay;
    expect(firstDay.page_size).toBe(20);
  });

  it('refuses a reversed or out-of-range date range and a malformed actor', async () => {
    for (const query of ['?from=2026-03-12&to=2026-03-10', '?from=1800-01-01', '?actor=not-a-uuid']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/admin/audit${query}`,
        headers: superAdmin.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('exports the filtered log as CSV', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit/export.csv?target_type=product',
      headers: superAdmin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('Time (UTC),Actor,IP address,Action,Target type,Target ID,Before,After');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('product.update');
    expect(lines[1]).toContain('display_name: Audit Note, edited');
  });

  it('offers the actions and target types present for the filters', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit/facets',
      headers: operations.headers,
    });
    const facets = response.json() as { actions: string[]; target_types: string[]; actors: unknown[] };
    expect(facets.actions).toEqual(
      expect.arrayContaining(['product.create', 'product.update', 'admin.sign_in']),
    );
    expect(facets.target_types).toEqual(expect.arrayContaining(['product', 'admin_user']));
    expect(facets.actors).toHaveLength(3);
  });

  it('is not readable by support, and offers no way to change an entry', async () => {
    const refused = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const response = await testApp.app.inject({
        method,
        url: '/api/admin/audit',
        headers: superAdmin.headers,
      });
      expect(response.statusCode, method).toBe(404);
    }
  });
});
