/**
 * /admin/liquidity and the public coverage page through the API (issue 27): cash positions above
 * the threshold count only once a different admin approves them (and the database refuses the
 * recorder as decider); CSV import is all or nothing; the daily check keeps its figures, e-mails
 * operations staff and raises the banner's alert until someone acknowledges it; the public page
 * exists only while turned on, carries no personal data, and each investor's proof verifies
 * against the published digest without revealing anyone else's amount.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CoverageProofResponse,
  LiquidityOverviewResponse,
  PublicTransparencyResponse,
} from '../../../shared/liquidity/liquidity-contracts';
import { verifyNoteProof } from '../../../shared/liquidity/merkle-sum-tree';
import { rowsOf } from '../../db/client';
import { type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { insertInvestor, insertNote } from '../admin-dashboard/test-fixtures';

let testApp: TestApp;
let operations: SignedInAdmin;
let superAdmin: SignedInAdmin;
let support: SignedInAdmin;
let holder: SignedInInvestor;
const otherAmounts: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  operations = await signInTestAdmin(testApp, 'operations', 'ops@staff.example');
  superAdmin = await signInTestAdmin(testApp, 'super_admin', 'chief@staff.example');
  support = await signInTestAdmin(testApp, 'support', 'help@staff.example');
  holder = await signUpInvestor(testApp, { email: 'holder@example.com' });
  await insertNote(testApp.database.db, {
    investorId: holder.investorId,
    investmentType: 'standard',
    principal: '25000.00',
    startDate: '2026-01-15',
  });
  await insertNote(testApp.database.db, {
    investorId: holder.investorId,
    investmentType: 'high_yield',
    principal: '12345.67',
    startDate: '2025-06-01',
  });
  for (let index = 0; index < 40; index += 1) {
    const investor = await insertInvestor(testApp.database.db, {
      firstName: 'Other',
      lastName: `Holder${index}`,
      email: `other${index}@example.com`,
    });
    const principal = `${5000 + index * 1111}.${String(index).padStart(2, '0')}`;
    otherAmounts.push(principal);
    await insertNote(testApp.database.db, {
      investorId: investor.id,
      investmentType: index % 2 ? 'standard' : 'high_yield',
      principal,
      startDate: '2026-02-01',
    });
  }
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

function call(admin: SignedInAdmin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function overview(): Promise<LiquidityOverviewResponse> {
  const response = await call(support, 'GET', '/api/admin/liquidity');
  expect(response.statusCode).toBe(200);
  return response.json() as LiquidityOverviewResponse;
}

describe('cash positions', () => {
  it('records a balance up to the threshold at once, and one above it only when a different admin approves', async () => {
    const small = await call(operations, 'POST', '/api/admin/liquidity/cash-positions', {
      account_name: 'Operating at First Bank',
      account_kind: 'operating',
      balance: '250000.00',
      as_of: '2026-03-09',
    });
    expect(small.statusCode).toBe(201);
    expect(small.json().position.status).toBe('recorded');
    const large = await call(operations, 'POST', '/api/admin/liquidity/cash-positions', {
      account_name: 'Reserve at Second Bank',
      account_kind: 'reserve',
      balance: '2000000.00',
      as_of: '2026-03-09',
    });
    expect(large.json().position.status).toBe('pending');
    const id = large.json().position.id as string;
    expect((await overview()).cash.total).toBe('250000.00');

    expect(
      (await call(operations, 'POST', `/api/admin/liquidity/cash-positions/${id}/approve`)).statusCode,
    ).toBe(403);
    expect(
      (await call(support, 'POST', `/api/admin/liquidity/cash-positions/${id}/approve`)).statusCode,
    ).toBe(403);
    await expect(
      testApp.database.db.execute(
        sql`update cash_positions set status = 'recorded', decided_by = recorded_by, decided_at = now() where id = ${id}::uuid`,
      ),
    ).rejects.toThrow();
    const approved = await call(superAdmin, 'POST', `/api/admin/liquidity/cash-positions/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().position).toMatchObject({ status: 'recorded', decided_by: { id: superAdmin.id } });
    expect(
      (await call(superAdmin, 'POST', `/api/admin/liquidity/cash-positions/${id}/approve`)).statusCode,
    ).toBe(409);
    const after = await overview();
    expect(after.cash.total).toBe('2250000.00');
    expect(after.months.periods).toHaveLength(24);
    expect(after.weeks.periods).toHaveLength(13);

    const audit = rowsOf<{ action: string }>(
      await testApp.database.db.execute(
        sql`select action from admin_audit_log where action like 'cash_position.%' order by id`,
      ),
    ).map((row) => row.action);
    expect(audit).toEqual(['cash_position.record', 'cash_position.record', 'cash_position.approve']);
  });

  it('refuses a balance dated after today, and a bad amount, with a 400', async () => {
    const future = await call(operations, 'POST', '/api/admin/liquidity/cash-positions', {
      account_name: 'Operating',
      account_kind: 'operating',
      balance: '1.00',
      as_of: '2026-03-11',
    });
    expect(future.statusCode).toBe(400);
    const bad = await call(operations, 'POST', '/api/admin/liquidity/cash-positions', {
      account_name: 'Operating',
      account_kind: 'operating',
      balance: '1.005',
      as_of: '2026-03-09',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('imports a CSV all or nothing, naming the bad row', async () => {
    const before = (await overview()).positions.length;
    const bad = await call(operations, 'POST', '/api/admin/liquidity/cash-positions/import', {
      csv: 'account_name,account_kind,balance,as_of\nPayroll,operating,"1,000.00",2026-03-08\nSweep,savings,5.00,2026-03-08\n',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Row 3');
    expect((await overview()).positions.length).toBe(before);
    const good = await call(operations, 'POST', '/api/admin/liquidity/cash-positions/import', {
      csv: 'account_name,account_kind,balance,as_of\nPayroll,operating,"1,000.00",2026-03-08\n',
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().positions).toMatchObject([
      { account_name: 'Payroll', balance: '1000.00', source: 'csv' },
    ]);
  });

  it('exports the table as CSV with one row per period', async () => {
    const response = await call(support, 'GET', '/api/admin/liquidity/forecast.csv?view=weeks');
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toContain('standard_interest');
    expect(lines).toHaveLength(14);
  });
});

describe('the daily coverage check', () => {
  it('below the threshold: keeps the figures, e-mails operations staff, and raises the alert until acknowledged', async () => {
    await testApp.database.db.execute(
      sql`update cash_positions set status = 'rejected', decided_at = now() where status = 'recorded'`,
    );
    const run = await call(superAdmin, 'POST', '/functions/v1/liquidity-check', {
      jobId: null,
      executionDate: '2026-03-10',
    });
    expect(run.statusCode).toBe(200);
    const alert = (await call(support, 'GET', '/api/admin/liquidity/alert')).json().alert;
    expect(alert).toMatchObject({ is_below: true, cash: '0.00', threshold: '1.10', acknowledged_at: null });
    expect(alert.staff_emailed).toBe(2);
    const mail = rowsOf<{ to_address: string; subject: string }>(
      await testApp.database.db.execute(
        sql`select to_address, subject from outbox_messages where subject like '%liquidity coverage%' order by to_address`,
      ),
    );
    expect(mail.map((row) => row.to_address)).toEqual(['chief@staff.example', 'ops@staff.example']);
    expect(
      (await call(support, 'POST', `/api/admin/liquidity/checks/${alert.id}/acknowledge`, {})).statusCode,
    ).toBe(403);
    const acknowledged = await call(
      operations,
      'POST',
      `/api/admin/liquidity/checks/${alert.id}/acknowledge`,
      { note: 'Funding the reserve today' },
    );
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().check).toMatchObject({
      acknowledged_by: { id: operations.id },
      acknowledgement_note: 'Funding the reserve today',
    });
    expect((await call(support, 'GET', '/api/admin/liquidity/alert')).json().alert).toBeNull();
    expect((await overview()).checks[0]).toMatchObject({ id: alert.id, is_below: true });
  });

  it('above the threshold: kept, no alert, no e-mail', async () => {
    await call(operations, 'POST', '/api/admin/liquidity/cash-positions', {
      account_name: 'Operating at First Bank',
      account_kind: 'operating',
      balance: '900000.00',
      as_of: '2026-03-10',
    });
    const mailBefore = rowsOf<{ count: number }>(
      await testApp.database.db.execute(sql`select count(*)::int as count from outbox_messages`),
    )[0]!.count;
    const run = await call(superAdmin, 'POST', '/functions/v1/liquidity-check', {
      jobId: null,
      executionDate: '2026-03-10',
    });
    expect(run.statusCode).toBe(200);
    const latest = (await overview()).checks[0]!;
    expect(latest).toMatchObject({ is_below: false, cash: '900000.00', staff_emailed: 0 });
    expect((await call(support, 'GET', '/api/admin/liquidity/alert')).json().alert).toBeNull();
    const mailAfter = rowsOf<{ count: number }>(
      await testApp.database.db.execute(sql`select count(*)::int as count from outbox_messages`),
    )[0]!.count;
    expect(mailAfter).toBe(mailBefore);
  });
});

describe('the public coverage page and the holder’s proof', () => {
  it('is not there until staff turn it on', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/transparency' })).statusCode).toBe(404);
    const proof = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/coverage-proof',
      headers: { cookie: holder.cookie },
    });
    expect(proof.json()).toMatchObject({ published: false, notes: [] });
  });

  it('publishes totals and a digest with no personal data; the holder’s proofs verify and reveal no other amount', async () => {
    expect(
      (
        await call(support, 'PUT', '/api/admin/liquidity/settings', {
          rollover_rate: '0.6',
          transparency_enabled: true,
        })
      ).statusCode,
    ).toBe(403);
    const turnedOn = await call(superAdmin, 'PUT', '/api/admin/liquidity/settings', {
      rollover_rate: '0.6',
      transparency_enabled: true,
    });
    expect(turnedOn.statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/transparency' })).statusCode).toBe(404);
    const snapshot = await call(superAdmin, 'POST', '/functions/v1/coverage-snapshot', {
      jobId: null,
      executionDate: '2026-03-10',
    });
    expect(snapshot.json()).toEqual({ recordsProcessed: 1 });

    const page = await testApp.app.inject({ method: 'GET', url: '/api/transparency' });
    expect(page.statusCode).toBe(200);
    const body = page.json() as PublicTransparencyResponse;
    expect(body.digest.note_count).toBe(42);
    expect(body.obligations_by_month).toHaveLength(12);
    expect(body.cash).toEqual({ total: '900000.00', as_of: '2026-03-10' });
    const outstanding = body.outstanding_by_plan.reduce(
      (sum, plan) => sum + BigInt(plan.principal.replace('.', '')),
      0n,
    );
    expect(outstanding.toString()).toBe(body.digest.total_cents);
    expect(page.body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(page.body).not.toContain('@example.com');
    expect(page.body).not.toContain('Holder');

    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/coverage-proof',
      headers: { cookie: holder.cookie },
    });
    const proof = response.json() as CoverageProofResponse;
    expect(proof.notes.map((note) => note.amount).sort()).toEqual(['12345.67', '25000.00']);
    for (const note of proof.notes) {
      expect(verifyNoteProof(note, proof.digest!)).toBe(true);
      expect(verifyNoteProof({ ...note, amount: '1.00' }, proof.digest!)).toBe(false);
      const changed = {
        ...note,
        leaves: note.leaves.map((leaf, index) =>
          index === 0 ? { ...leaf, cents: String(BigInt(leaf.cents) + 100n) } : leaf,
        ),
      };
      expect(
        verifyNoteProof(
          {
            ...changed,
            amount: (BigInt(note.amount.replace('.', '')) + 100n).toString().replace(/(\d\d)$/, '.$1'),
          },
          proof.digest!,
        ),
      ).toBe(false);
    }
    // The proof names only the holder's notes, and no sibling next to a leaf is another note's whole amount.
    const otherCents = new Set(otherAmounts.map((amount) => BigInt(amount.replace('.', '')).toString()));
    const ownIds = new Set(proof.notes.map((note) => note.investment_id));
    for (const leaf of proof.notes.flatMap((note) => note.leaves)) {
      expect(ownIds.has(leaf.investment_id)).toBe(true);
      expect(otherCents.has(leaf.path[0]!.cents)).toBe(false);
    }
    const otherIds = rowsOf<{ id: string }>(
      await testApp.database.db.execute(
        sql`select id from investments where investor_id <> ${holder.investorId}::uuid`,
      ),
    ).map((row) => row.id);
    for (const id of otherIds) expect(response.body).not.toContain(id);
  });
});
