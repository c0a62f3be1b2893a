import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminDashboardResponse,
  AdminInvestorDetailResponse,
  AdminSearchResponse,
} from '../../../shared/admin/dashboard-contracts';
import { achPayments, investments, investors, platformSummary, platformSummaryDeltas } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { insertAchPayment, insertEntry, insertInvestor, insertNote } from './test-fixtures';

let testApp: TestApp;
let support: SignedInAdmin;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  support = await signInTestAdmin(testApp, 'support');
});

async function get<T>(url: string): Promise<T> {
  const response = await testApp.app.inject({ method: 'GET', url, headers: support.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

const search = (query: string) =>
  get<AdminSearchResponse>(`/api/admin/search?q=${encodeURIComponent(query)}`);
const investorEmails = (response: AdminSearchResponse) =>
  response.investors.map((investor) => investor.email).sort();

async function recount() {
  await testApp.database.db.execute(sql`select refresh_platform_summary()`);
  const [row] = await testApp.database.db.select().from(platformSummary);
  return row;
}

describe('the dashboard cards', () => {
  it('follow every kind of change and always equal a full recount', async () => {
    const db = testApp.database.db;
    const empty = await get<AdminDashboardResponse>('/api/admin/dashboard');
    expect(empty.summary).toMatchObject({
      assets_under_management: '0.00',
      investor_count: 0,
      active_investor_count: 0,
      interest_paid: '0.00',
      active_investment_count: 0,
    });
    expect(empty.recent_transactions).toEqual([]);

    const ana = await insertInvestor(db, { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' });
    const ben = await insertInvestor(db, { firstName: 'Ben', lastName: 'Ode', email: 'ben@example.com' });
    const cleo = await insertInvestor(db, {
      firstName: 'Cleo',
      lastName: 'Park',
      email: 'cleo@example.com',
      status: 'pending',
    });
    const standard = await insertNote(db, {
      investorId: ana.id,
      investmentType: 'standard',
      principal: '10000.00',
      startDate: '2025-06-01',
    });
    const growth = await insertNote(db, {
      investorId: ben.id,
      investmentType: 'high_yield',
      principal: '25000.00',
      startDate: '2025-07-01',
    });
    await insertEntry(db, {
      note: growth,
      type: 'interest_payment',
      amount: '195.83',
      valueEffect: '195.83',
    });
    await insertEntry(db, { note: standard, type: 'interest_payment', amount: '66.67', valueEffect: '0' });
    const paid = await insertAchPayment(db, {
      investorId: ana.id,
      investmentId: standard.id,
      type: 'interest',
      amount: '66.67',
      status: 'pending',
      period: '2025-06-01',
    });
    await insertAchPayment(db, {
      investorId: ana.id,
      investmentId: standard.id,
      type: 'interest',
      amount: '66.67',
      status: 'settled',
      period: '2025-07-01',
    });
    await insertAchPayment(db, {
      investorId: ana.id,
      investmentId: standard.id,
      type: 'funding',
      amount: '10000.00',
      status: 'settled',
    });

    expect((await get<AdminDashboardResponse>('/api/admin/dashboard')).summary).toMatchObject({
      assets_under_management: '35195.83',
      investor_count: 3,
      active_investor_count: 2,
      interest_paid: '66.67',
      active_investment_count: 2,
    });

    // settlement, a cancelled purchase with its reversal, a maturity, status changes
    await db.update(achPayments).set({ status: 'settled' }).where(eq(achPayments.id, paid.id));
    const failed = await insertNote(db, {
      investorId: cleo.id,
      investmentType: 'standard',
      principal: '5000.00',
      startDate: '2026-03-01',
    });
    await db.update(investments).set({ status: 'cancelled' }).where(eq(investments.id, failed.id));
    await insertEntry(db, {
      note: failed,
      type: 'reversal',
      amount: '5000.00',
      valueEffect: '-5000.00',
      reverses: failed.purchaseId,
    });
    await db.update(investments).set({ status: 'matured' }).where(eq(investments.id, growth.id));
    await db.update(investors).set({ status: 'active' }).where(eq(investors.id, cleo.id));
    await db.update(investors).set({ status: 'suspended' }).where(eq(investors.id, ben.id));
    await insertEntry(db, { note: standard, type: 'withdrawal', amount: '4000.00', valueEffect: '-4000.00' });

    const dashboard = await get<AdminDashboardResponse>('/api/admin/dashboard');
    expect(dashboard.summary).toMatchObject({
      assets_under_management: '6000.00',
      investor_count: 3,
      active_investor_count: 2,
      interest_paid: '133.34',
      active_investment_count: 1,
    });
    const recounted = await recount();
    expect(dashboard.summary).toMatchObject({
      assets_under_management: recounted?.assetsUnderManagement,
      investor_count: recounted?.investorCount,
      active_investor_count: recounted?.activeInvestorCount,
      interest_paid: recounted?.interestPaid,
      active_investment_count: recounted?.activeInvestmentCount,
    });
  });

  it('folds pending changes into the summary row once enough have gathered, with the same figures', async () => {
    const db = testApp.database.db;
    for (let index = 0; index < 205; index += 1) {
      await insertInvestor(db, {
        firstName: 'Fold',
        lastName: `Test ${index}`,
        email: `fold${index}@example.com`,
      });
    }
    const [pendingBefore] = await db.select({ value: count() }).from(platformSummaryDeltas);
    expect(pendingBefore?.value).toBe(205);
    const first = await get<AdminDashboardResponse>('/api/admin/dashboard');
    expect(first.summary).toMatchObject({ investor_count: 205, active_investor_count: 205 });
    const [pendingAfter] = await db.select({ value: count() }).from(platformSummaryDeltas);
    expect(pendingAfter?.value).toBe(0);
    const [row] = await db.select().from(platformSummary);
    expect(row).toMatchObject({ investorCount: 205, activeInvestorCount: 205 });
    expect((await get<AdminDashboardResponse>('/api/admin/dashboard')).summary).toEqual(
      expect.objectContaining({ investor_count: 205, active_investor_count: 205 }),
    );
  });

  it('lists the 10 newest transactions with their investor', async () => {
    const db = testApp.database.db;
    const ana = await insertInvestor(db, { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' });
    const note = await insertNote(db, {
      investorId: ana.id,
      investmentType: 'high_yield',
      principal: '20000.00',
      startDate: '2025-01-01',
      createdAt: new Date('2025-01-01T12:00:00Z'),
    });
    for (let month = 1; month <= 11; month += 1) {
      await insertEntry(db, {
        note,
        type: 'interest_payment',
        amount: `${100 + month}.50`,
        valueEffect: `${100 + month}.50`,
        createdAt: new Date(Date.UTC(2025, month, 1, 12)),
      });
    }
    const { recent_transactions: recent } = await get<AdminDashboardResponse>('/api/admin/dashboard');
    expect(recent).toHaveLength(10);
    expect(recent[0]).toMatchObject({
      transaction_type: 'interest_payment',
      amount: '111.50',
      created_at: '2025-12-01T12:00:00.000Z',
      investor: { id: ana.id, first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com' },
    });
    expect(recent.at(-1)?.amount).toBe('102.50');
  });

  it('names the note on each side of a conversion and of a rollover', async () => {
    const db = testApp.database.db;
    const ana = await insertInvestor(db, { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' });
    const at = (day: number) => new Date(Date.UTC(2025, 5, day, 12));
    const standard = await insertNote(db, {
      investorId: ana.id,
      investmentType: 'standard',
      principal: '10000.00',
      startDate: '2025-01-01',
      createdAt: at(1),
    });
    const converted = await insertNote(db, {
      investorId: ana.id,
      investmentType: 'high_yield',
      principal: '6000.00',
      startDate: '2025-06-02',
      createdAt: at(2),
    });
    const rolled = await insertNote(db, {
      investorId: ana.id,
      investmentType: 'high_yield',
      principal: '6000.00',
      startDate: '2025-06-03',
      createdAt: at(3),
    });
    await db
      .update(investments)
      .set({ origin: 'conversion', sourceInvestmentId: standard.id })
      .where(eq(investments.id, converted.id));
    await db
      .update(investments)
      // A rollover writes its new note and both sides in one statement time.
      .set({ origin: 'rollover', sourceInvestmentId: converted.id, createdAt: at(6) })
      .where(eq(investments.id, rolled.id));
    const sides = [
      { note: standard, valueEffect: '-6000.00', createdAt: at(4) },
      { note: converted, valueEffect: '6000.00', createdAt: at(5) },
      { note: converted, valueEffect: '-6000.00', createdAt: at(6) },
      { note: rolled, valueEffect: '6000.00', createdAt: at(7) },
    ];
    for (const side of sides) {
      await insertEntry(db, { ...side, type: 'reinvestment', amount: '6000.00' });
    }
    const { recent_transactions: recent } = await get<AdminDashboardResponse>('/api/admin/dashboard');
    const reinvestments = recent
      .filter((entry) => entry.transaction_type === 'reinvestment')
      .map((entry) => [entry.investment_id, entry.value_effect, entry.reinvestment_kind]);
    expect(reinvestments).toEqual([
      [rolled.id, '6000.00', 'rollover'],
      [converted.id, '-6000.00', 'rollover'],
      [converted.id, '6000.00', 'conversion'],
      [standard.id, '-6000.00', 'conversion'],
    ]);
    const purchase = recent.find((entry) => entry.transaction_type === 'purchase');
    expect(purchase).toMatchObject({ value_effect: '6000.00', reinvestment_kind: null });
  });
});

describe('admin search', () => {
  beforeEach(async () => {
    const db = testApp.database.db;
    await insertInvestor(db, {
      firstName: 'Jordan',
      lastName: 'Ellis',
      email: 'jordan.ellis@example.com',
      phone: '+16175550142',
    });
    await insertInvestor(db, {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'maria.g@example.org',
      phone: '+13125550199',
    });
    await insertInvestor(db, {
      firstName: 'Ellison',
      lastName: 'Park',
      email: 'epark@example.net',
      phone: null,
    });
    await insertInvestor(db, {
      firstName: null,
      lastName: null,
      email: 'pending_person@example.com',
      phone: '3125550111',
      status: 'pending',
    });
  });

  it('finds partial names from 3 characters, any case, first, last or full name', async () => {
    expect(investorEmails(await search('ell'))).toEqual(['epark@example.net', 'jordan.ellis@example.com']);
    expect(investorEmails(await search('ELLISON'))).toEqual(['epark@example.net']);
    expect(investorEmails(await search('jordan ell'))).toEqual(['jordan.ellis@example.com']);
    expect(investorEmails(await search('  Maria   Gonz '))).toEqual(['maria.g@example.org']);
    expect(investorEmails(await search('zal'))).toEqual(['maria.g@example.org']);
  });

  it('finds partial e-mails', async () => {
    expect(investorEmails(await search('maria.g@'))).toEqual(['maria.g@example.org']);
    expect(investorEmails(await search('example.org'))).toEqual(['maria.g@example.org']);
    expect(investorEmails(await search('pending_p'))).toEqual(['pending_person@example.com']);
  });

  it('needs 3 characters and treats LIKE wildcards literally', async () => {
    const short = await search('el');
    expect(short).toMatchObject({ kind: 'too_short', investors: [], investments: [], transactions: [] });
    expect((await search('%%%')).investors).toEqual([]);
    expect((await search('n_p')).investors).toEqual([]);
  });

  it('finds phones by their digits, whatever the format', async () => {
    for (const format of [
      '(617) 555-0142',
      '617.555.0142',
      '+1 617 555 0142',
      '1-617-555-0142',
      '5550142',
      '+16175550142',
    ]) {
      expect(investorEmails(await search(format)), format).toEqual(['jordan.ellis@example.com']);
    }
    expect(investorEmails(await search('+1 (312) 555-0111'))).toEqual(['pending_person@example.com']);
    expect(investorEmails(await search('555-01'))).toEqual([
      'jordan.ellis@example.com',
      'maria.g@example.org',
      'pending_person@example.com',
    ]);
    expect((await search('(617) 555-9999')).investors).toEqual([]);
  });

  it('finds an investor, an investment and a transaction by UUID, with amounts to the cent', async () => {
    const db = testApp.database.db;
    const [jordan] = await db.select().from(investors).where(eq(investors.email, 'jordan.ellis@example.com'));
    const note = await insertNote(db, {
      investorId: jordan!.id,
      investmentType: 'high_yield',
      principal: '12500.00',
      startDate: '2025-09-01',
    });
    await db.update(investments).set({ interestAccrued: '12.3456789012' }).where(eq(investments.id, note.id));
    const entry = await insertEntry(db, {
      note,
      type: 'interest_payment',
      amount: '97.90',
      valueEffect: '97.90',
    });

    const byInvestor = await search(jordan!.id.toUpperCase());
    expect(byInvestor).toMatchObject({ kind: 'id', investments: [], transactions: [] });
    expect(byInvestor.investors.map((investor) => investor.id)).toEqual([jordan!.id]);

    const byInvestment = await search(note.id);
    expect(byInvestment.investments).toEqual([
      {
        id: note.id,
        investor: {
          id: jordan!.id,
          first_name: 'Jordan',
          last_name: 'Ellis',
          email: 'jordan.ellis@example.com',
        },
        investment_type: 'high_yield',
        principal_amount: '12500.00',
        interest_accrued: '12.35',
        status: 'active',
        start_date: '2025-09-01',
      },
    ]);
    const byTransaction = await search(entry.id);
    expect(byTransaction.transactions.map((transaction) => [transaction.id, transaction.amount])).toEqual([
      [entry.id, '97.90'],
    ]);

    const nothing = await search('0b6f3b5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(nothing).toMatchObject({ kind: 'id', investors: [], investments: [], transactions: [] });
  });

  it('answers at most 10 per kind', async () => {
    for (let index = 0; index < 12; index += 1) {
      await insertInvestor(testApp.database.db, {
        firstName: 'Sam',
        lastName: `Whitaker ${index}`,
        email: `sam${index}@example.com`,
      });
    }
    expect((await search('whitaker')).investors).toHaveLength(10);
  });
});

describe('investor detail', () => {
  it('shows the profile, the notes with their ledger value and the 10 newest transactions', async () => {
    const db = testApp.database.db;
    const ana = await insertInvestor(db, {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '+16175550100',
    });
    const note = await insertNote(db, {
      investorId: ana.id,
      investmentType: 'high_yield',
      principal: '20000.00',
      startDate: '2025-01-01',
      createdAt: new Date('2025-01-01T12:00:00Z'),
    });
    for (let month = 1; month <= 11; month += 1) {
      await insertEntry(db, {
        note,
        type: 'interest_payment',
        amount: '150.00',
        valueEffect: '150.00',
        createdAt: new Date(Date.UTC(2025, month, 1, 12)),
      });
    }
    const detail = await get<AdminInvestorDetailResponse>(`/api/admin/investors/${ana.id}`);
    expect(detail.investor).toMatchObject({
      id: ana.id,
      first_name: 'Ana',
      email: 'ana@example.com',
      phone: '+16175550100',
      status: 'active',
    });
    expect(detail.investor.bank_account).toBeNull();
    expect(detail.notes).toEqual([
      expect.objectContaining({
        id: note.id,
        principal_amount: '20000.00',
        value: '21650.00',
        interest_rate_annual: '0.094',
        status: 'active',
      }),
    ]);
    expect(detail.transactions).toHaveLength(10);
    expect(detail.transactions[0]?.created_at).toBe('2025-12-01T12:00:00.000Z');

    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/investors/0b6f3b5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      headers: support.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
