/**
 * PRODUCT.md 25 against the API: every admin endpoint of the back office, called with no
 * session, with an investor session, without the CSRF token, and as each role. Allowed calls
 * must get past the guard; refused ones must be refused and change nothing.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminAction, type AdminRole, adminRoles, can } from '../../../shared/admin/permissions';
import {
  adminInvitations,
  adminUsers,
  investmentProductAudit,
  investmentProducts,
  investorStatusChanges,
  ledgerAdjustments,
  pageHotspots,
  taxRuns,
} from '../../db/schema';
import { type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from './admin-test-helpers';
import { ADMIN_SESSION_COOKIE } from './session-cookie';

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  action: AdminAction;
  payload?: () => Record<string, unknown>;
}

let testApp: TestApp;
let admins: Record<AdminRole, SignedInAdmin>;
let investor: SignedInInvestor;
let productId: string;
let productVersion: string;
let hotspotId: string;
let invitations = 0;

const productBody = {
  display_name: 'Matrix Note',
  interest_rate_percent: '9',
  term_years: 2,
  minimum_purchase_amount: '5000',
};

function endpoints(): Endpoint[] {
  const jobFunctionRuns: Endpoint[] = testApp.context.jobFunctions.names().map((name) => ({
    method: 'POST',
    url: `/functions/v1/${name}`,
    action: 'jobs:run',
    payload: () => ({ jobId: null, executionDate: '2026-03-10' }),
  }));
  return [
    { method: 'GET', url: '/api/admin/dashboard', action: 'dashboard:view' },
    { method: 'GET', url: '/api/admin/search?q=matrix', action: 'dashboard:view' },
    { method: 'GET', url: `/api/admin/investors/${investor.investorId}`, action: 'dashboard:view' },
    { method: 'GET', url: '/functions/v1/admin-products', action: 'products:view' },
    { method: 'GET', url: '/api/admin/offerings', action: 'offerings:view' },
    {
      method: 'GET',
      url: `/api/admin/investors/${investor.investorId}/investor-profile`,
      action: 'offerings:view',
    },
    {
      method: 'POST',
      url: '/api/admin/offerings',
      action: 'offerings:manage',
      payload: () => ({
        name: 'Matrix offering',
        exemption: 'reg_a_tier_2',
        qualification_date: null,
        maximum_per_12_months: '75000000',
        status: 'open',
        requires_accreditation_evidence: false,
      }),
    },
    { method: 'GET', url: `/api/admin/products/${productId}/audit`, action: 'products:view' },
    { method: 'POST', url: '/api/admin/products', action: 'products:manage', payload: () => productBody },
    {
      method: 'PUT',
      url: `/api/admin/products/${productId}`,
      action: 'products:manage',
      payload: () => ({
        product: { ...productBody, display_name: 'Matrix Note, edited' },
        updated_at: productVersion,
      }),
    },
    {
      method: 'PUT',
      url: '/functions/v1/admin-products',
      action: 'products:manage',
      payload: () => ({ id: productId, is_active: false, updated_at: productVersion }),
    },
    {
      method: 'PUT',
      url: '/api/admin/pages/abouttemp/hotspots',
      action: 'hotspots:edit',
      payload: () => ({ hotspots: [{ id: hotspotId, top: 12, left: 12, width: 20, height: 8 }] }),
    },
    { method: 'GET', url: '/api/admin/audit?target_type=product', action: 'audit:view' },
    { method: 'GET', url: '/api/admin/audit/facets', action: 'audit:view' },
    { method: 'GET', url: '/api/admin/audit/export.csv', action: 'audit:view' },
    { method: 'GET', url: '/api/admin/staff', action: 'admins:manage' },
    {
      method: 'POST',
      url: '/api/admin/staff/invitations',
      action: 'admins:manage',
      payload: () => {
        invitations += 1;
        return {
          email: `invitee${invitations}@staff.example`,
          first_name: 'In',
          last_name: 'Vitee',
          role: 'support',
        };
      },
    },
    {
      method: 'DELETE',
      url: '/api/admin/staff/invitations/00000000-0000-4000-8000-000000000009',
      action: 'admins:manage',
    },
    {
      method: 'PUT',
      url: `/api/admin/staff/${admins.support.id}/role`,
      action: 'admins:manage',
      payload: () => ({ role: 'support' }),
    },
    {
      method: 'PUT',
      url: `/api/admin/staff/${admins.support.id}/active`,
      action: 'admins:manage',
      payload: () => ({ is_active: true }),
    },
    { method: 'GET', url: '/api/admin/payments?status=returned', action: 'payments:view' },
    { method: 'GET', url: '/api/admin/payments/export.csv', action: 'payments:view' },
    { method: 'GET', url: '/api/admin/payments/owed-credits', action: 'payments:view' },
    { method: 'GET', url: '/api/admin/notifications/failed-notices', action: 'notifications:view' },
    {
      method: 'POST',
      url: '/api/admin/notifications/failed-notices/00000000-0000-4000-8000-000000000251/resend',
      action: 'notifications:manage',
    },
    {
      method: 'POST',
      url: '/api/admin/payments/owed-credits/00000000-0000-4000-8000-000000000015/resend',
      action: 'payments:manage',
    },
    {
      method: 'POST',
      url: `/api/admin/investors/${investor.investorId}/watchlist-clearance`,
      action: 'identity:clear-watchlist',
      payload: () => ({ reason: 'Matrix check: not the listed person.' }),
    },
    // Investor lifecycle, four-eyes adjustments and the tax run (issue 16 items 3-5): the
    // writes name ids that do not exist, so an allowed role gets past the guard to a 404 and
    // the matrix investor stays as it is for the rest of the file.
    { method: 'GET', url: `/api/admin/investors/${investor.investorId}/account`, action: 'dashboard:view' },
    ...(['suspend', 'reinstate', 'close', 'revoke-sessions'] as const).map(
      (verb): Endpoint => ({
        method: 'POST',
        url: `/api/admin/investors/00000000-0000-4000-8000-000000000021/${verb}`,
        action: 'investors:manage',
        payload: () => ({ reason: 'Matrix check of the lifecycle.' }),
      }),
    ),
    {
      method: 'POST',
      url: '/api/admin/withdrawals/00000000-0000-4000-8000-000000000022/cancel',
      action: 'investors:manage',
      payload: () => ({ reason: 'Matrix check of a cancellation.' }),
    },
    { method: 'GET', url: '/api/admin/adjustments?status=pending', action: 'adjustments:view' },
    {
      method: 'POST',
      url: '/api/admin/adjustments',
      action: 'adjustments:propose',
      payload: () => ({
        investment_id: '00000000-0000-4000-8000-000000000023',
        direction: 'credit',
        amount: '1.00',
        reason: 'Matrix check of a proposal.',
      }),
    },
    {
      method: 'POST',
      url: '/api/admin/adjustments/00000000-0000-4000-8000-000000000024/approve',
      action: 'adjustments:approve',
    },
    {
      method: 'POST',
      url: '/api/admin/adjustments/00000000-0000-4000-8000-000000000024/reject',
      action: 'adjustments:approve',
      payload: () => ({ reason: 'Matrix check of a rejection.' }),
    },
    { method: 'GET', url: '/api/admin/tax-runs?year=2025', action: 'tax:view' },
    { method: 'POST', url: '/api/admin/tax-runs', action: 'tax:run', payload: () => ({ tax_year: 2025 }) },
    { method: 'GET', url: '/api/admin/tax-runs/fire-file?year=2025&kind=original', action: 'tax:run' },
    // Early redemption (issue 27 section 3): decisions name a request that does not exist (404 past
    // the guard); the gate is set to what it already is (open), so nothing changes.
    { method: 'GET', url: '/api/admin/early-redemptions?status=open', action: 'redemptions:view' },
    {
      method: 'POST',
      url: '/api/admin/early-redemptions/00000000-0000-4000-8000-000000000025/approve',
      action: 'redemptions:manage',
    },
    {
      method: 'POST',
      url: '/api/admin/early-redemptions/00000000-0000-4000-8000-000000000025/decline',
      action: 'redemptions:manage',
      payload: () => ({ reason: 'Matrix check of a decline.' }),
    },
    {
      method: 'PUT',
      url: '/api/admin/early-redemptions/gate',
      action: 'redemptions:manage',
      payload: () => ({ paused: false, message: '' }),
    },
    // Liquidity (issue 27): every role reads; operations and super_admin record cash, decide,
    // change the settings and acknowledge alerts (the writes here are refused past the guard:
    // a made-up id answers 404, a future date 400; the settings are written as they are).
    { method: 'GET', url: '/api/admin/liquidity', action: 'liquidity:view' },
    { method: 'GET', url: '/api/admin/liquidity/forecast.csv?view=weeks', action: 'liquidity:view' },
    { method: 'GET', url: '/api/admin/liquidity/alert', action: 'liquidity:view' },
    {
      method: 'POST',
      url: '/api/admin/liquidity/cash-positions',
      action: 'liquidity:manage',
      payload: () => ({
        account_name: 'Matrix operating',
        account_kind: 'operating',
        balance: '1.00',
        as_of: '2199-01-01',
      }),
    },
    {
      method: 'POST',
      url: '/api/admin/liquidity/cash-positions/import',
      action: 'liquidity:manage',
      payload: () => ({ csv: 'account_name,account_kind,balance,as_of\nMatrix,operating,1.00,2199-01-01' }),
    },
    {
      method: 'POST',
      url: '/api/admin/liquidity/cash-positions/00000000-0000-4000-8000-000000000031/approve',
      action: 'liquidity:manage',
    },
    {
      method: 'POST',
      url: '/api/admin/liquidity/cash-positions/00000000-0000-4000-8000-000000000031/reject',
      action: 'liquidity:manage',
      payload: () => ({ reason: 'Matrix check of a rejection.' }),
    },
    {
      method: 'PUT',
      url: '/api/admin/liquidity/settings',
      action: 'liquidity:manage',
      payload: () => ({ rollover_rate: '0.5', transparency_enabled: false }),
    },
    {
      method: 'POST',
      url: '/api/admin/liquidity/checks/00000000-0000-4000-8000-000000000032/acknowledge',
      action: 'liquidity:manage',
      payload: () => ({}),
    },
    // IRIS filing (decision 1900): 2025 is a FIRE year and the file ids do not exist, so an
    // allowed role is refused past the guard and nothing is written.
    { method: 'GET', url: '/api/admin/tax-runs/iris?year=2025', action: 'tax:view' },
    {
      method: 'POST',
      url: '/api/admin/tax-runs/iris/filings',
      action: 'tax:run',
      payload: () => ({ tax_year: 2025, kind: 'original', format: 'csv' }),
    },
    {
      method: 'GET',
      url: '/api/admin/tax-runs/iris/transmissions/00000000-0000-4000-8000-000000000190',
      action: 'tax:view',
    },
    {
      method: 'GET',
      url: '/api/admin/tax-runs/iris/transmissions/00000000-0000-4000-8000-000000000190/file',
      action: 'tax:run',
    },
    {
      method: 'POST',
      url: '/api/admin/tax-runs/iris/transmissions/00000000-0000-4000-8000-000000000190/acknowledgement',
      action: 'tax:run',
      payload: () => ({
        status: 'rejected',
        receipt_id: '2027-1',
        errors: [{ record_id: null, code: 'X-1', message: 'm' }],
      }),
    },
    // Paper mail and the tax calendar (decisions 1923-1924): nothing is waiting here, so a batch
    // is refused past the guard, and the made-up batch id is not found.
    { method: 'GET', url: '/api/admin/tax-calendar?year=2025', action: 'tax:view' },
    { method: 'GET', url: '/api/admin/paper-mail?purpose=records', action: 'paper-mail:view' },
    {
      method: 'POST',
      url: '/api/admin/paper-mail/batches',
      action: 'paper-mail:manage',
      payload: () => ({ purpose: 'records' }),
    },
    {
      method: 'GET',
      url: '/api/admin/paper-mail/batches/00000000-0000-4000-8000-000000000420/pdf',
      action: 'paper-mail:manage',
    },
    {
      method: 'POST',
      url: '/api/admin/paper-mail/batches/00000000-0000-4000-8000-000000000420/mailed',
      action: 'paper-mail:manage',
      payload: () => ({ mailed_on: '2026-03-10', mailed_count: 1 }),
    },
    // Your security (decision 1630): every role, each about itself; the writes here are refused
    // past the guard (a made-up enrolment, no current code), so nothing changes.
    { method: 'GET', url: '/api/admin/account/security', action: 'account:security' },
    {
      method: 'POST',
      url: '/api/admin/account/two-factor/enrolment/confirm',
      action: 'account:security',
      payload: () => ({ enrolment: 'not-a-sealed-enrolment', code: '123456' }),
    },
    {
      method: 'POST',
      url: '/api/admin/account/two-factor/disable',
      action: 'account:security',
      payload: () => ({ code: '123456' }),
    },
    {
      method: 'POST',
      url: '/api/admin/account/two-factor/enrolment',
      action: 'account:security',
      payload: () => ({}),
    },
    {
      method: 'POST',
      url: '/api/admin/account/two-factor/recovery-codes',
      action: 'account:security',
      payload: () => ({ code: '000000' }),
    },
    {
      method: 'POST',
      url: '/api/admin/account/sessions/revoke-others',
      action: 'account:security',
      payload: () => ({}),
    },
    ...jobFunctionRuns,
  ];
}

/**
 * Each test calls from an address of its own, as separate staff members would: together the
 * tests make more calls in a minute than one address may (the flood guard keeps its setting).
 */
let callerAddress = '10.20.0.1';
let addresses = 1;
beforeEach(() => {
  addresses += 1;
  callerAddress = `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
});

function call(endpoint: Endpoint, headers: Record<string, string>) {
  return testApp.app.inject({
    method: endpoint.method,
    url: endpoint.url,
    remoteAddress: callerAddress,
    headers,
    ...(endpoint.payload ? { payload: endpoint.payload() } : {}),
  });
}

async function writeCounts() {
  const db = testApp.database.db;
  const [products] = await db.select({ value: count() }).from(investmentProducts);
  const [audit] = await db.select({ value: count() }).from(investmentProductAudit);
  const hotspots = await db.select().from(pageHotspots);
  const [invited] = await db.select({ value: count() }).from(adminInvitations);
  const staff = await db.select({ role: adminUsers.role, isActive: adminUsers.isActive }).from(adminUsers);
  const [statusChanges] = await db.select({ value: count() }).from(investorStatusChanges);
  const [adjustments] = await db.select({ value: count() }).from(ledgerAdjustments);
  const [runs] = await db.select({ value: count() }).from(taxRuns);
  return {
    products: products?.value,
    audit: audit?.value,
    hotspots,
    invited: invited?.value,
    staff,
    statusChanges: statusChanges?.value,
    adjustments: adjustments?.value,
    taxRuns: runs?.value,
  };
}

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  investor = await signUpInvestor(testApp, { email: 'matrix.investor@example.com' });
  admins = {
    super_admin: await signInTestAdmin(testApp, 'super_admin'),
    operations: await signInTestAdmin(testApp, 'operations'),
    support: await signInTestAdmin(testApp, 'support'),
  };
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admins.super_admin.headers,
    payload: productBody,
  });
  const product = (created.json() as { product: { id: string; updated_at: string } }).product;
  productId = product.id;
  productVersion = product.updated_at;
  hotspotId = (await testApp.database.db.select().from(pageHotspots))[0]!.id;
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('every admin endpoint refuses callers without an admin session and CSRF token', () => {
  it('covers the job functions too', () => {
    expect(endpoints().filter((endpoint) => endpoint.action === 'jobs:run').length).toBeGreaterThan(0);
  });

  it('refuses every endpoint with no session (401), even with a valid-looking token', async () => {
    const before = await writeCounts();
    for (const endpoint of endpoints()) {
      const response = await call(endpoint, { 'x-admin-token': admins.super_admin.token });
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
    }
    expect(await writeCounts()).toEqual(before);
  });

  it("refuses an investor's session, as the investor cookie or passed off as the admin cookie (401)", async () => {
    const before = await writeCounts();
    const investorToken = investor.cookie.split('=')[1] ?? '';
    for (const endpoint of endpoints()) {
      for (const cookie of [investor.cookie, `${ADMIN_SESSION_COOKIE}=${investorToken}`]) {
        const response = await call(endpoint, { cookie, 'x-admin-token': admins.super_admin.token });
        expect(response.statusCode, `${endpoint.method} ${endpoint.url} with ${cookie.split('=')[0]}`).toBe(
          401,
        );
      }
    }
    expect(await writeCounts()).toEqual(before);
  });

  it("refuses every endpoint without the CSRF token, or with another session's token (403)", async () => {
    const before = await writeCounts();
    // The reads a page's HTML preloads with the cookie alone (decision 1974); a wrong token still fails.
    const preloadedReads = new Set(['GET /api/admin/dashboard']);
    for (const endpoint of endpoints()) {
      const missing = await call(endpoint, { cookie: admins.super_admin.cookie });
      if (preloadedReads.has(`${endpoint.method} ${endpoint.url}`)) {
        expect(missing.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(200);
        preloadedReads.delete(`${endpoint.method} ${endpoint.url}`);
      } else {
        expect(missing.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
        expect((missing.json() as { error: { code: string } }).error.code).toBe('admin_token_invalid');
      }
      const foreign = await call(endpoint, {
        cookie: admins.super_admin.cookie,
        'x-admin-token': admins.operations.token,
      });
      expect(foreign.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
    }
    expect([...preloadedReads], 'every exempt read is in the sweep').toEqual([]);
    expect(await writeCounts()).toEqual(before);
  });
});

describe('each role gets exactly what PRODUCT.md 25 gives it', () => {
  for (const role of adminRoles) {
    it(`${role}`, async () => {
      for (const endpoint of endpoints()) {
        const before = await writeCounts();
        const response = await call(endpoint, admins[role].headers);
        const label = `${role}: ${endpoint.method} ${endpoint.url}`;
        if (can(role, endpoint.action)) {
          expect([401, 403], `${label} answered ${response.statusCode} ${response.body}`).not.toContain(
            response.statusCode,
          );
          expect(response.statusCode, `${label} answered ${response.body}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect((response.json() as { error: { code: string } }).error.code, label).toBe('forbidden');
          expect(await writeCounts(), label).toEqual(before);
        }
        if (
          endpoint.url === '/functions/v1/admin-products' &&
          endpoint.method === 'PUT' &&
          response.statusCode === 200
        ) {
          productVersion = (response.json() as { product: { updated_at: string } }).product.updated_at;
        }
        if (endpoint.url === `/api/admin/products/${productId}` && response.statusCode === 200) {
          productVersion = (response.json() as { product: { updated_at: string } }).product.updated_at;
        }
      }
    });
  }

  it('matches the table: support reads, operations also acts, only super_admin manages admins', () => {
    expect(adminRoles.filter((role) => can(role, 'dashboard:view'))).toEqual([
      'super_admin',
      'operations',
      'support',
    ]);
    expect(adminRoles.filter((role) => can(role, 'products:view'))).toEqual([
      'super_admin',
      'operations',
      'support',
    ]);
    expect(adminRoles.filter((role) => can(role, 'products:manage'))).toEqual(['super_admin', 'operations']);
    expect(adminRoles.filter((role) => can(role, 'jobs:view'))).toEqual([
      'super_admin',
      'operations',
      'support',
    ]);
    expect(adminRoles.filter((role) => can(role, 'jobs:run'))).toEqual(['super_admin', 'operations']);
    expect(adminRoles.filter((role) => can(role, 'jobs:manage'))).toEqual(['super_admin', 'operations']);
    expect(adminRoles.filter((role) => can(role, 'notifications:view'))).toEqual([
      'super_admin',
      'operations',
      'support',
    ]);
    expect(adminRoles.filter((role) => can(role, 'notifications:manage'))).toEqual([
      'super_admin',
      'operations',
    ]);
    expect(adminRoles.filter((role) => can(role, 'hotspots:edit'))).toEqual(['super_admin', 'operations']);
    expect(adminRoles.filter((role) => can(role, 'admins:manage'))).toEqual(['super_admin']);
    expect(adminRoles.filter((role) => can(role, 'audit:view'))).toEqual(['super_admin', 'operations']);
    expect(adminRoles.filter((role) => can(role, 'payments:view'))).toEqual([
      'super_admin',
      'operations',
      'support',
    ]);
    expect(adminRoles.filter((role) => can(role, 'payments:manage'))).toEqual(['super_admin', 'operations']);
    expect(adminRoles.filter((role) => can(role, 'account:security'))).toEqual([
      'super_admin',
      'operations',
      'support',
    ]);
    expect(adminRoles.filter((role) => can(role, 'identity:clear-watchlist'))).toEqual([
      'super_admin',
      'operations',
    ]);
  });
});
