/**
 * Paper mail (decision 1924): who is waiting for a paper 1099-INT (no current consent, an old
 * version, a withdrawal, a copy asked for), the print batch and its PDF, marking it mailed,
 * the records queue after an ESIGN withdrawal, the tax calendar, and who may do what.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMessages } from '../../../shared/consents/consent-disclosures';
import { rowsOf } from '../../db/client';
import { investorStatements, taxRecords } from '../../db/schema';
import { encryptField } from '../../security/field-encryption';
import { giveConsentDirectly } from '../../test-support/consent-fixtures';
import { type SignedInInvestor, signUpInvestor, testOrigin } from '../../test-support/investor-auth';
import { pdfTextLines } from '../../test-support/pdf-text';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { insertEntry, insertInvestor, insertNote } from '../admin-dashboard/test-fixtures';

let testApp: TestApp;
let operations: SignedInAdmin;
let support: SignedInAdmin;
let ann: SignedInInvestor;
let cara: SignedInInvestor;
const ids: Record<string, string> = {};
let taxRecordCount = 0;

async function withInterest(name: string, investorId: string, interest: string) {
  const db = testApp.database.db;
  ids[name] = investorId;
  const note = await insertNote(db, {
    investorId,
    investmentType: 'high_yield',
    principal: '5000.00',
    startDate: '2025-02-01',
  });
  await insertEntry(db, {
    note: { id: note.id, investorId, startDate: '2025-06-30' },
    type: 'interest_payment',
    amount: interest,
    valueEffect: interest,
  });
  taxRecordCount += 1;
  await db.insert(taxRecords).values({
    investorId,
    legalFirstName: name,
    legalLastName: 'Mailer',
    dateOfBirth: '1980-01-01',
    address1: `${taxRecordCount} Elm St`,
    address2: name === 'Dan' ? 'Apt 4B' : null,
    city: 'Springfield',
    state: 'IL',
    postalCode: `6270${taxRecordCount}`,
    ssnEncrypted: encryptField(
      testApp.config.fieldEncryptionKey,
      `12345${String(taxRecordCount).padStart(4, '0')}`,
    ),
    ssnLastFour: String(taxRecordCount).padStart(4, '0'),
    kycStatus: 'approved',
    kycProvider: 'sandbox',
  });
}

async function plainInvestor(name: string, interest: string) {
  const investor = await insertInvestor(testApp.database.db, {
    firstName: name,
    lastName: 'Mailer',
    email: `${name.toLowerCase()}.mailer@example.com`,
  });
  await withInterest(name, investor.id, interest);
  return investor.id;
}

function admin(who: SignedInAdmin, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return testApp.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

function investorCall(
  who: SignedInInvestor,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: testOrigin, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
}

interface Queue {
  waiting: { name: string; reason: string; title: string; document_kind: string }[];
  waiting_total: number;
  batches: { id: string; piece_count: number; mailed_on: string | null; mailed_count: number | null }[];
}

async function taxQueue(): Promise<Queue> {
  const response = await admin(support, 'GET', '/api/admin/paper-mail?purpose=tax_forms&year=2025');
  expect(response.statusCode).toBe(200);
  return response.json() as Queue;
}

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
  ann = await signUpInvestor(testApp, { email: 'ann.mailer@example.com' });
  cara = await signUpInvestor(testApp, { email: 'cara.mailer@example.com' });
  await withInterest('Ann', ann.investorId, '120.00');
  await withInterest('Cara', cara.investorId, '80.00');
  await plainInvestor('Dan', '45.10');
  const eve = await plainInvestor('Eve', '33.00');
  const finn = await plainInvestor('Finn', '21.00');
  const gus = await plainInvestor('Gus', '15.00');
  const db = testApp.database.db;
  await giveConsentDirectly(db, cara.investorId, 'tax_forms');
  await giveConsentDirectly(db, eve, 'tax_forms');
  await giveConsentDirectly(db, finn, 'tax_forms', { version: 'TAX-EDELIVERY-2024-01' });
  await giveConsentDirectly(db, gus, 'tax_forms');
  await db.execute(sql`
    insert into electronic_consents (investor_id, kind, action, disclosure_version)
    values (${gus}::uuid, 'tax_forms', 'withdrawn', 'TAX-EDELIVERY-2026-11')`);
  const run = await admin(operations, 'POST', '/api/admin/tax-runs', { tax_year: 2025 });
  expect(run.statusCode).toBe(201);
}, 180_000);
afterAll(async () => {
  await testApp.close();
});

describe('paper tax forms', () => {
  it('lists everyone without a current consent: none, an old version, a withdrawal', async () => {
    const queue = await taxQueue();
    expect(queue.waiting.map((entry) => entry.name).sort()).toEqual([
      'Ann Mailer',
      'Dan Mailer',
      'Finn Mailer',
      'Gus Mailer',
    ]);
    expect(
      queue.waiting.every((entry) => entry.reason === 'no_consent' && entry.title === '2025 Form 1099-INT'),
    ).toBe(true);
    expect(queue.waiting_total).toBe(4);
  });

  it('adds a paper copy an investor asks for, even with consent; another investor never sees it', async () => {
    const asked = await investorCall(cara, 'POST', '/api/paper-copies', { tax_year: 2025 });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().paper_copies).toEqual([
      expect.objectContaining({ title: '2025 Form 1099-INT', reason: 'requested', mailed_on: null }),
    ]);
    const twice = await investorCall(cara, 'POST', '/api/paper-copies', { tax_year: 2025 });
    expect(twice.json().paper_copies).toHaveLength(1);
    const noForm = await investorCall(cara, 'POST', '/api/paper-copies', { tax_year: 2019 });
    expect(noForm.statusCode).toBe(404);
    expect(noForm.json().error.message).toBe(consentMessages.noTaxForm);
    const annsOwn = await investorCall(ann, 'GET', '/api/paper-copies');
    expect(annsOwn.json().paper_copies).toEqual([]);
    const queue = await taxQueue();
    expect(queue.waiting.find((entry) => entry.name === 'Cara Mailer')?.reason).toBe('requested');
    expect(queue.waiting_total).toBe(5);
  });

  it('lets support read the queue but not make a batch', async () => {
    const refused = await admin(support, 'POST', '/api/admin/paper-mail/batches', {
      purpose: 'tax_forms',
      tax_year: 2025,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/paper-mail?purpose=tax_forms',
    });
    expect(anonymous.statusCode).toBe(401);
    const asInvestor = await investorCall(ann, 'GET', '/api/admin/paper-mail?purpose=tax_forms');
    expect(asInvestor.statusCode).toBe(401);
  });

  it('makes one batch of every waiting form, then has nothing left to print', async () => {
    const made = await admin(operations, 'POST', '/api/admin/paper-mail/batches', {
      purpose: 'tax_forms',
      tax_year: 2025,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().batch).toMatchObject({
      purpose: 'tax_forms',
      tax_year: 2025,
      piece_count: 5,
      mailed_on: null,
    });
    const queue = await taxQueue();
    expect(queue.waiting).toEqual([]);
    expect(queue.batches).toHaveLength(1);
    const again = await admin(operations, 'POST', '/api/admin/paper-mail/batches', {
      purpose: 'tax_forms',
      tax_year: 2025,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(consentMessages.nothingToPrint);
    const audit = rowsOf<{ action: string }>(
      await testApp.context.db.execute(
        sql`select action from admin_audit_log where target_type = 'paper_batch'`,
      ),
    );
    expect(audit.map((row) => row.action)).toEqual(['paper_batch.create']);
  });

  it('prints one address sheet and one Form 1099-INT per piece', async () => {
    const { batches } = await taxQueue();
    const pdf = await admin(operations, 'GET', `/api/admin/paper-mail/batches/${batches[0]!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfTextLines(pdf.rawPayload);
    for (const name of ['Ann', 'Cara', 'Dan', 'Finn', 'Gus']) {
      expect(text.some((line) => line.includes(`${name} Mailer`))).toBe(true);
    }
    expect(text.some((line) => line.includes('Apt 4B'))).toBe(true);
    expect(text.some((line) => line.includes('Piece 5 of 5'))).toBe(true);
    expect(text.filter((line) => line.includes('Here is the paper copy you asked for.'))).toHaveLength(1);
    expect(String(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length)).toBe('10');
    const asSupport = await admin(support, 'GET', `/api/admin/paper-mail/batches/${batches[0]!.id}/pdf`);
    expect(asSupport.statusCode).toBe(403);
  });

  it('marks the batch mailed with a date and count, checked and audited once', async () => {
    const { batches } = await taxQueue();
    const url = `/api/admin/paper-mail/batches/${batches[0]!.id}/mailed`;
    const tooMany = await admin(operations, 'POST', url, { mailed_on: '2026-03-10', mailed_count: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(consentMessages.mailedCountTooHigh);
    const future = await admin(operations, 'POST', url, { mailed_on: '2026-03-11', mailed_count: 5 });
    expect(future.json().error.message).toBe(consentMessages.mailedInFuture);
    const early = await admin(operations, 'POST', url, { mailed_on: '2026-03-09', mailed_count: 5 });
    expect(early.json().error.message).toBe(consentMessages.mailedBeforeCreated);
    const badDate = await admin(operations, 'POST', url, { mailed_on: '2026-02-30', mailed_count: 5 });
    expect(badDate.statusCode).toBe(400);
    const bySupport = await admin(support, 'POST', url, { mailed_on: '2026-03-10', mailed_count: 5 });
    expect(bySupport.statusCode).toBe(403);
    const mailed = await admin(operations, 'POST', url, { mailed_on: '2026-03-10', mailed_count: 5 });
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json().batch).toMatchObject({ mailed_on: '2026-03-10', mailed_count: 5 });
    const twice = await admin(operations, 'POST', url, { mailed_on: '2026-03-10', mailed_count: 5 });
    expect(twice.statusCode).toBe(409);
    const missing = await admin(
      operations,
      'POST',
      '/api/admin/paper-mail/batches/00000000-0000-4000-8000-000000000000/mailed',
      {
        mailed_on: '2026-03-10',
        mailed_count: 1,
      },
    );
    expect(missing.statusCode).toBe(404);
    const copies = await investorCall(cara, 'GET', '/api/paper-copies');
    expect(copies.json().paper_copies[0]).toMatchObject({ mailed_on: '2026-03-10' });
    const audit = rowsOf<{ action: string }>(
      await testApp.context.db.execute(sql`
        select action from admin_audit_log where target_type = 'paper_batch' order by occurred_at, id`),
    );
    expect(audit.map((row) => row.action).sort()).toEqual(['paper_batch.create', 'paper_batch.mark_mailed']);
  });
});

describe('paper records after an ESIGN withdrawal', () => {
  it('queues the statements and notices written while withdrawn, one piece per investor', async () => {
    await giveConsentDirectly(testApp.database.db, ann.investorId, 'electronic_records', {
      recordedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const before = (await admin(support, 'GET', '/api/admin/paper-mail?purpose=records')).json() as Queue;
    expect(before.waiting).toEqual([]);
    // Notices written before the withdrawal (the tax form's, at the run) stay electronic.
    testApp.clock.advance(60_000);
    const withdrawn = await investorCall(ann, 'POST', '/api/consents/electronic_records/withdraw');
    expect(withdrawn.statusCode).toBe(200);
    testApp.clock.advance(60_000);
    await testApp.database.db.insert(investorStatements).values({
      investorId: ann.investorId,
      period: '2026-02-01',
      openingBalance: '5000.00',
      purchases: '0.00',
      interestCredited: '0.00',
      interestPaid: '0.00',
      transfersToBank: '0.00',
      movedBetweenNotes: '0.00',
      adjustments: '0.00',
      closingBalance: '5000.00',
      accruedUnposted: '0.00',
      generatedAt: testApp.clock.now(),
    });
    // Consenting again: what was written while withdrawn still goes on paper, what comes after does not.
    testApp.clock.advance(60_000);
    await giveConsentDirectly(testApp.database.db, ann.investorId, 'electronic_records', {
      recordedAt: testApp.clock.now(),
    });
    testApp.clock.advance(60_000);
    await testApp.database.db.insert(investorStatements).values({
      investorId: ann.investorId,
      period: '2026-03-01',
      openingBalance: '5000.00',
      purchases: '0.00',
      interestCredited: '0.00',
      interestPaid: '0.00',
      transfersToBank: '0.00',
      movedBetweenNotes: '0.00',
      adjustments: '0.00',
      closingBalance: '5000.00',
      accruedUnposted: '0.00',
      generatedAt: testApp.clock.now(),
    });
    const queue = (await admin(support, 'GET', '/api/admin/paper-mail?purpose=records')).json() as Queue;
    expect(queue.waiting.map((entry) => [entry.document_kind, entry.title, entry.reason])).toEqual([
      ['notice', 'You withdrew your consent to electronic records', 'consent_withdrawn'],
      ['statement', 'Statement for February 2026', 'consent_withdrawn'],
    ]);
    const made = await admin(operations, 'POST', '/api/admin/paper-mail/batches', { purpose: 'records' });
    expect(made.json().batch).toMatchObject({ purpose: 'records', tax_year: null, piece_count: 1 });
    const pdf = await admin(operations, 'GET', `/api/admin/paper-mail/batches/${made.json().batch.id}/pdf`);
    const text = pdfTextLines(pdf.rawPayload);
    expect(text.some((line) => line.includes('Statement for February 2026'))).toBe(true);
    expect(text.some((line) => line.includes('You withdrew your consent to electronic records'))).toBe(true);
    expect(text.some((line) => line.includes('Piece 1 of 1'))).toBe(true);
  });
});

describe('the tax calendar', () => {
  it('rolls January 31, 2026 (a Saturday) to Monday and lists what is open', async () => {
    const response = await admin(support, 'GET', '/api/admin/tax-calendar?year=2025');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.deadlines).toEqual([
      expect.objectContaining({
        key: 'recipient_copies',
        nominal_date: '2026-01-31',
        due_date: '2026-02-02',
        is_past: true,
      }),
      expect.objectContaining({
        key: 'electronic_filing',
        nominal_date: '2026-03-31',
        due_date: '2026-03-31',
        is_past: false,
      }),
    ]);
    const open = Object.fromEntries(
      body.open_items.map((item: { key: string; count: number }) => [item.key, item.count]),
    );
    expect(open).toMatchObject({ forms_not_issued: 0, paper_not_mailed: 0, paper_batches_unmailed: 0 });
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/tax-calendar' });
    expect(anonymous.statusCode).toBe(401);
  });
});
