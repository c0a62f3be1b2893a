/**
 * The year-end tax run (issue 16 item 5): forms for $10 or more, a notice each, corrections on
 * a re-run after a change, and an IRS file whose totals are the forms' totals.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_FORM_THRESHOLD, TAX_FORM_THRESHOLD_TEXT } from '../../../shared/portal/tax-form-threshold';
import { formatUsd } from '../../../shared/format/money-format';
import { rowsOf } from '../../db/client';
import { taxRecords } from '../../db/schema';
import { encryptField } from '../../security/field-encryption';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { insertEntry, insertInvestor, insertNote } from '../admin-dashboard/test-fixtures';
import { listTaxYears } from '../portal/document-repository';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { formatUsdSql } from './repository';
import { taxFormReadyMessage } from './tax-form-notice';

let testApp: TestApp;
let operations: SignedInAdmin;
let support: SignedInAdmin;
const investorIds: Record<string, string> = {};
let richNote: { id: string; investorId: string; startDate: string };

async function investorWithInterest(name: string, interest: string, withTaxRecord = true) {
  const db = testApp.database.db;
  const investor = await insertInvestor(db, {
    firstName: name,
    lastName: 'Taxpayer',
    email: `${name.toLowerCase()}@example.com`,
  });
  investorIds[name] = investor.id;
  const note = await insertNote(db, {
    investorId: investor.id,
    investmentType: 'high_yield',
    principal: '5000.00',
    startDate: '2025-02-01',
  });
  const entryNote = { id: note.id, investorId: investor.id, startDate: '2025-06-30' };
  await insertEntry(db, {
    note: entryNote,
    type: 'interest_payment',
    amount: interest,
    valueEffect: interest,
  });
  if (withTaxRecord) {
    await db.insert(taxRecords).values({
      investorId: investor.id,
      legalFirstName: name,
      legalLastName: 'Taxpayer',
      dateOfBirth: '1980-01-01',
      address1: '1 Elm St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      ssnEncrypted: encryptField(
        testApp.config.fieldEncryptionKey,
        `12345${String(Object.keys(investorIds).length).padStart(4, '0')}`,
      ),
      ssnLastFour: String(Object.keys(investorIds).length).padStart(4, '0'),
      kycStatus: 'approved',
      kycProvider: 'sandbox',
    });
  }
  return entryNote;
}

beforeAll(async () => {
  testApp = await createTestApp({
    start: '2026-03-10T15:00:00Z',
    env: {
      PAYER_TIN: '12-3456789',
      IRS_TCC: 'AB123',
      IRS_CONTACT_NAME: 'Tax Desk',
      IRS_CONTACT_PHONE: '6175550100',
    },
  });
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
  richNote = await investorWithInterest('Rich', '250.75');
  await investorWithInterest('Exact', '10.00');
  await investorWithInterest('Below', '9.99');
  await investorWithInterest('Nameless', '40.00', false);
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

function run(admin: SignedInAdmin, year: number) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/admin/tax-runs',
    headers: admin.headers,
    payload: { tax_year: year },
  });
}

function fireFile(kind: 'original' | 'correction') {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/admin/tax-runs/fire-file?year=2025&kind=${kind}`,
    headers: operations.headers,
  });
}

async function nextRun(): Promise<unknown> {
  const view = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/tax-runs?year=2025',
    headers: operations.headers,
  });
  return (view.json() as { next_run?: unknown }).next_run;
}

async function noticeCount(): Promise<number> {
  const result = await testApp.database.db.execute(
    sql`select count(*)::int as count from investor_notice_queue`,
  );
  return rowsOf<{ count: number }>(result)[0]!.count;
}

describe('the year-end tax run', () => {
  it('refuses a year that has not ended, and support may only look', async () => {
    expect((await run(operations, 2026)).statusCode).toBe(400);
    expect((await run(support, 2025)).statusCode).toBe(403);
    const view = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/tax-runs?year=2025',
      headers: support.headers,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      tax_year: 2025,
      latest_year: 2025,
      forms: [],
      is_fire_configured: true,
    });
  });

  it('says before a run what it will issue, and so how many investors it will notify (issue 24 item 21)', async () => {
    expect(await nextRun()).toEqual({ new_forms: 2, corrections: 0 });
    expect(await noticeCount()).toBe(0);
  });

  it('issues a form to everyone with at least $10 and a tax record, and queues a notice each', async () => {
    const response = await run(operations, 2025);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      run: { forms_issued: 2, corrections_issued: 0, missing_tax_record_count: 1, total_interest: '260.75' },
    });
    expect(await noticeCount()).toBe(2);
    const view = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/tax-runs?year=2025',
      headers: operations.headers,
    });
    const overview = view.json() as {
      totals: { form_count: number; interest: string };
      missing_tax_records: { email: string }[];
    };
    expect(overview.totals).toMatchObject({ form_count: 2, interest: '260.75' });
    expect(overview.missing_tax_records.map((row) => row.email)).toEqual(['nameless@example.com']);
  });

  it('lists the forms a page at a time, with the year’s count and totals on every page', async () => {
    const page = async (query: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/admin/tax-runs?year=2025${query}`,
        headers: operations.headers,
      });
    const first = (await page('&page=1')).json() as {
      forms: { recipient_name: string }[];
      forms_page: number;
      totals: { form_count: number; interest: string; original_count: number };
      missing_tax_record_count: number;
    };
    expect(first.forms.map((form) => form.recipient_name)).toEqual(['Exact Taxpayer', 'Rich Taxpayer']);
    expect(first).toMatchObject({ forms_page: 1, missing_tax_record_count: 1 });
    const second = (await page('&page=2')).json() as typeof first;
    expect(second.forms).toEqual([]);
    expect(second).toMatchObject({
      forms_page: 2,
      totals: { form_count: 2, interest: '260.75', original_count: 2 },
      missing_tax_record_count: 1,
    });
    expect((await page('&page=0')).statusCode).toBe(400);
  });

  it('uses the same $10-or-more rule as the investor’s documents page', async () => {
    const yearsOf = async (name: string) =>
      (
        await listTaxYears(testApp.database.db, investorIds[name]!, {
          beforeYear: 2026,
          threshold: TAX_FORM_THRESHOLD,
        })
      ).map((row) => row.year);
    expect(await yearsOf('Exact')).toEqual([2025]);
    expect(await yearsOf('Below')).toEqual([]);
    expect(TAX_FORM_THRESHOLD_TEXT).toBe('$10 or more');
  });

  it('a re-run with nothing changed issues nothing', async () => {
    const again = await run(operations, 2025);
    expect(again.json()).toMatchObject({
      run: { forms_issued: 0, corrections_issued: 0, unchanged_count: 2 },
    });
    expect(await noticeCount()).toBe(2);
  });

  it('writes the IRS file with totals that match the forms', async () => {
    const response = await fireFile('original');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('1099-INT-2025.txt');
    const records = response.body.match(/[\s\S]{750}/g) ?? [];
    expect(records.map((record) => record[0])).toEqual(['T', 'A', 'B', 'B', 'C', 'F']);
    const amounts = records
      .filter((record) => record[0] === 'B')
      .map((record) => Number(record.slice(54, 66)));
    expect(amounts.sort((left, right) => left - right)).toEqual([1000, 25075]);
    expect(records[4]!.slice(15, 33)).toBe('000000000000026075');
    expect((await fireFile('correction')).statusCode).toBe(404);
  });

  it('a figure changed after issue gets a corrected form, a notice, and a correction file', async () => {
    // Interest posted late for the year (a missed posting caught up).
    await insertEntry(testApp.database.db, {
      note: richNote,
      type: 'interest_payment',
      amount: '0.25',
      valueEffect: '0.25',
    });
    expect(await nextRun()).toEqual({ new_forms: 0, corrections: 1 });
    const response = await run(operations, 2025);
    expect(response.json()).toMatchObject({
      run: { forms_issued: 0, corrections_issued: 1, unchanged_count: 1, total_interest: '261.00' },
    });
    expect(await noticeCount()).toBe(3);
    const correction = await fireFile('correction');
    expect(correction.statusCode).toBe(200);
    const records = correction.body.match(/[\s\S]{750}/g) ?? [];
    expect(records.map((record) => record[0])).toEqual(['T', 'A', 'B', 'C', 'F']);
    expect(records[2]![5]).toBe('G');
    expect(Number(records[2]!.slice(54, 66))).toBe(25100);
    expect(records[3]!.slice(15, 33)).toBe('000000000000025100');
    const forms = rowsOf<{ version: number; is_current: boolean }>(
      await testApp.database.db.execute(
        sql`select version, is_current from tax_forms where investor_id = ${investorIds.Rich}::uuid order by version`,
      ),
    );
    expect(forms).toEqual([
      { version: 1, is_current: false },
      { version: 2, is_current: true },
    ]);
  });

  it('queues each notice as taxFormReadyMessage writes it, built in SQL (decision 1905)', async () => {
    const queued = rowsOf<{ investor_id: string; kind: string; notice: unknown }>(
      await testApp.database.db.execute(
        sql`select investor_id, kind, notice from investor_notice_queue order by created_at, investor_id, id`,
      ),
    );
    const brand = testApp.config.BRAND_NAME;
    const expected = [
      { investorId: investorIds.Rich!, interest: '250.75', isCorrection: false },
      { investorId: investorIds.Exact!, interest: '10.00', isCorrection: false },
      { investorId: investorIds.Rich!, interest: '251.00', isCorrection: true },
    ].map(({ investorId, ...form }) => ({
      investor_id: investorId,
      kind: 'interest_payment',
      notice: taxFormReadyMessage(brand, { taxYear: 2025, ...form }),
    }));
    expect(queued).toHaveLength(3);
    expect(queued).toEqual(expect.arrayContaining(expected));
  });

  it('writes an amount in SQL as formatUsd does', async () => {
    const amounts = ['0.00', '0.05', '9.99', '10.00', '999.90', '1000.00', '1234567.89', '-3.10', '-1234.50'];
    const result = await testApp.database.db.execute(sql`
      select a.value as amount, ${formatUsdSql(sql`a.value::numeric(14, 2)`)} as text
      from jsonb_array_elements_text(${JSON.stringify(amounts)}::jsonb) as a(value)`);
    const rows = rowsOf<{ amount: string; text: string }>(result);
    expect(rows.map((row) => row.text)).toEqual(amounts.map((amount) => formatUsd(amount)));
  });
});
