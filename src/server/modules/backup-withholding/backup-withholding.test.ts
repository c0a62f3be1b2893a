/**
 * Issue 25 section 2 (decisions 1910-1913): the W-9 certification through the API, backup
 * withholding on Standard interest paid to the bank (to the cent, into the liability account,
 * out of the ACH credit), B notices recorded and resolved by staff (support reads), box 4 of the
 * 1099-INT from the tax run and on its PDF, and the Form 945 figures.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitInterestPayment } from '../../../shared/tax/backup-withholding';
import { W9_CERTIFICATION_VERSION } from '../../../shared/tax/w9-certification';
import { rowsOf } from '../../db/client';
import { taxRecords } from '../../db/schema';
import { encryptField } from '../../security/field-encryption';
import { approveIdentity, request, stepUp, validIdentity } from '../../test-support/bank-link';
import { type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  runMoneyDay,
} from '../../test-support/money-fixtures';
import { pdfTextLines } from '../../test-support/pdf-text';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { runLedgerCheck } from '../money/ledger-check';
import { interestPaymentMessage } from '../notifications/transactional-templates';
import { buildStatementPdf, buildTaxFormPdf } from '../portal/document-service';
import { generateStatementsForMonth } from '../statements/generate-monthly-statements';
import { settleWithholdingStart } from './repository';
import { BACKUP_WITHHOLDING_STARTED_SETTING } from './withholding-rule';

let testApp: TestApp;
let operations: SignedInAdmin;
let support: SignedInAdmin;

const certify = (investor: SignedInInvestor | null, body: Record<string, unknown>) =>
  request(testApp, investor, 'POST', '/api/settings/w9-certification', body);
const statusOf = async (investor: SignedInInvestor) =>
  (await request(testApp, investor, 'GET', '/api/settings/w9-certification', undefined)).json();

beforeAll(async () => {
  // A 30-day grace (decision 1912 explains why the default is none) so both sides of it are seen.
  testApp = await createTestApp({
    start: '2026-03-10T15:00:00Z',
    env: { BACKUP_WITHHOLDING_GRACE_DAYS: '30' },
  });
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
  await testApp.database.db.execute(sql`
    insert into app_settings (key, value, updated_at)
    values (${BACKUP_WITHHOLDING_STARTED_SETTING}, to_jsonb('2026-01-01'::text), now())
    on conflict (key) do update set value = excluded.value`);
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('the Form W-9 certification', () => {
  let ann: SignedInInvestor;

  beforeAll(async () => {
    ann = await signUpInvestor(testApp, { email: 'w9-ann@example.com' });
  });

  it('cannot certify without a TIN on file, nor without being signed in', async () => {
    const body = { agree: true, crossOutItem2: false, version: W9_CERTIFICATION_VERSION };
    expect((await certify(null, body)).statusCode).toBe(401);
    const refused = await certify(ann, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Add your tax information first');
    expect((await statusOf(ann)).needs_certification).toBe(false);
  });

  it('asks for it once a TIN is on file, and records version, time, IP and the statements', async () => {
    await approveIdentity(testApp, ann);
    const before = await statusOf(ann);
    expect(before).toMatchObject({ needs_certification: true, certification: null, rate: '0.24' });
    // The TIN was furnished today: the grace of decision 1912 runs 30 days from it.
    expect(before.is_withheld).toBe(false);
    expect(before.grace_until).not.toBeNull();

    expect(
      (await certify(ann, { agree: false, crossOutItem2: false, version: W9_CERTIFICATION_VERSION }))
        .statusCode,
    ).toBe(400);
    const stale = await certify(ann, { agree: true, crossOutItem2: false, version: 'w9-rev-2018-10' });
    expect(stale.statusCode).toBe(409);

    const saved = await certify(ann, {
      agree: true,
      crossOutItem2: false,
      version: W9_CERTIFICATION_VERSION,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().status).toMatchObject({
      needs_certification: false,
      is_withheld: false,
      certification: { version: W9_CERTIFICATION_VERSION, tin_last_four: '6789', legal_name: 'Ann Lee' },
    });
    const [row] = rowsOf<{
      ip_address: string | null;
      is_us_person: boolean;
      subject_to_backup_withholding: boolean;
    }>(
      await testApp.database.db.execute(sql`
        select ip_address, is_us_person, subject_to_backup_withholding from tin_certifications
        where investor_id = ${ann.investorId}::uuid and superseded_at is null`),
    );
    expect(row).toEqual({
      ip_address: '127.0.0.1',
      is_us_person: true,
      subject_to_backup_withholding: false,
    });
    expect(JSON.stringify(saved.json())).not.toContain('123-45-6789');
  });

  it('withholds when item 2 is crossed out, and a change of TIN needs a new certification', async () => {
    const crossed = await certify(ann, {
      agree: true,
      crossOutItem2: true,
      version: W9_CERTIFICATION_VERSION,
    });
    expect(crossed.json().status).toMatchObject({ is_withheld: true, reasons: ['certified_subject'] });
    expect(
      (await certify(ann, { agree: true, crossOutItem2: false, version: W9_CERTIFICATION_VERSION })).json()
        .status.is_withheld,
    ).toBe(false);

    // The same TIN saved again keeps the certification; a different one ends it.
    await stepUp(testApp, ann);
    const details = { ...validIdentity, tinType: 'ssn', tin: '', ssn: undefined, address2: 'Apt 5' };
    expect((await request(testApp, ann, 'PUT', '/api/settings/tax-information', details)).statusCode).toBe(
      200,
    );
    expect((await statusOf(ann)).certification).not.toBeNull();

    await stepUp(testApp, ann);
    const changed = await request(testApp, ann, 'PUT', '/api/settings/tax-information', {
      ...details,
      tin: '527-31-8642',
    });
    expect(changed.statusCode).toBe(200);
    const after = await statusOf(ann);
    expect(after).toMatchObject({ certification: null, needs_certification: true });

    // Saving a new TIN with the certification in the same form certifies the new number.
    await stepUp(testApp, ann);
    const withCertification = await request(testApp, ann, 'PUT', '/api/settings/tax-information', {
      ...details,
      tin: '527-31-8643',
      certification: { agree: true, crossOutItem2: false, version: W9_CERTIFICATION_VERSION },
    });
    expect(withCertification.statusCode).toBe(200);
    expect((await statusOf(ann)).certification).toMatchObject({ tin_last_four: '8643' });
    const superseded = rowsOf<{ superseded_reason: string | null }>(
      await testApp.database.db.execute(sql`
        select superseded_reason from tin_certifications where investor_id = ${ann.investorId}::uuid order by certified_at, id`),
    ).map((row) => row.superseded_reason);
    // Two re-certifications, the one the new TIN ended, and the current one.
    expect(superseded.map((reason) => reason ?? 'current').sort()).toEqual([
      'current',
      'recertified',
      'recertified',
      'tin_changed',
    ]);
  });
});

describe('withholding on Standard interest paid to the bank', () => {
  const engine = () => ({
    ...createTestEngine(testApp.database.db),
    backupWithholding: { rate: '0.24', graceDays: 30 },
  });
  const people: Record<
    'noTin' | 'certified' | 'pastGrace' | 'inGrace',
    { investorId: string; bankAccountId: string }
  > = {} as never;

  async function taxRecordFor(investorId: string, furnished: string, lastFour: string) {
    await testApp.database.db.insert(taxRecords).values({
      investorId,
      legalFirstName: 'Tess',
      legalLastName: `Payee${lastFour}`,
      dateOfBirth: '1980-01-01',
      address1: '1 Elm St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      ssnEncrypted: encryptField(testApp.config.fieldEncryptionKey, `52731${lastFour}`),
      ssnLastFour: lastFour,
      kycStatus: 'approved',
      kycProvider: 'sandbox',
      createdAt: new Date(`${furnished}T15:00:00Z`),
    });
  }

  beforeAll(async () => {
    const db = testApp.database.db;
    for (const key of ['noTin', 'certified', 'pastGrace', 'inGrace'] as const) {
      people[key] = await createFundedInvestor(db);
      await buyNote(engine(), {
        ...people[key],
        investmentType: 'standard',
        principal: '10000.00',
        rate: '0.0975',
        startDate: '2026-01-01',
      });
    }
    await taxRecordFor(people.certified.investorId, '2025-03-01', '1111');
    await db.execute(sql`
      insert into tin_certifications (investor_id, certification_version, tin_type, tin_last_four, legal_name,
        subject_to_backup_withholding, is_us_person, certified_at)
      values (${people.certified.investorId}::uuid, ${W9_CERTIFICATION_VERSION}, 'ssn', '1111', 'Tess Payee1111', false, true,
        '2026-01-05T15:00:00Z')`);
    // On file before the rule started (2026-01-01): the grace runs 30 days from the start.
    await taxRecordFor(people.pastGrace.investorId, '2025-06-01', '2222');
    // Furnished on 2026-01-20: the grace runs to 2026-02-19.
    await taxRecordFor(people.inGrace.investorId, '2026-01-20', '3333');
    await runMoneyDay(engine(), '2026-02-02');
  }, 60_000);

  async function january(investorId: string) {
    const [row] = rowsOf<{
      amount: string;
      withheld: string;
      credit: string;
      liability: string | null;
      reason: string | null;
    }>(
      await testApp.database.db.execute(sql`
        select t.amount::text as amount, t.backup_withheld::text as withheld, a.amount::text as credit,
               w.amount::text as liability, w.reason
        from investment_transactions t
        join ach_payments a on a.id = t.ach_payment_id
        left join backup_withholding_entries w on w.transaction_id = t.id
        where t.investor_id = ${investorId}::uuid and t.transaction_type = 'interest_payment'
          and t.posting_period = '2026-01-01'`),
    );
    return row;
  }

  it('withholds 24% to the cent from an investor with no TIN, and the parts add up to the interest', async () => {
    // 10,000.00 x 9.75% x 31/365 = 82.808...: 82.81 posted; 82.81 x 0.24 = 19.8744 -> 19.87 withheld.
    expect(splitInterestPayment('82.81', '0.24')).toEqual({ paid: '62.94', withheld: '19.87' });
    expect(await january(people.noTin.investorId)).toEqual({
      amount: '82.81',
      withheld: '19.87',
      credit: '62.94',
      liability: '19.87',
      reason: 'no_certified_tin',
    });
  });

  it('tells the investor what reached the bank and what was withheld', () => {
    const message = interestPaymentMessage('Steadyline', {
      executionDate: '2026-02-02',
      paidToBank: '82.81',
      creditedToNotes: '0.00',
      backupWithheld: '19.87',
    });
    expect(message.body).toBe(
      'Your interest of $82.81 was posted on February 2, 2026: $62.94 is on its way to your bank account and $19.87 was withheld for the IRS (backup withholding).',
    );
    expect(message.email?.facts).toContainEqual({
      label: 'Backup withholding (sent to the IRS)',
      value: '$19.87',
    });
  });

  it('pays a certified investor in full, and one still in the grace period', async () => {
    for (const key of ['certified', 'inGrace'] as const) {
      expect(await january(people[key].investorId)).toEqual({
        amount: '82.81',
        withheld: '0.00',
        credit: '82.81',
        liability: null,
        reason: null,
      });
    }
  });

  it('withholds from an uncertified TIN on file once the grace has run', async () => {
    expect(await january(people.pastGrace.investorId)).toMatchObject({ withheld: '19.87', credit: '62.94' });
  });

  it('keeps the ledger check clean', async () => {
    expect((await runLedgerCheck(testApp.database.db)).problems).toEqual([]);
  });

  it('lets operations record a B notice (support reads), withholds while it is open, and resolves it', async () => {
    const investorId = people.certified.investorId;
    const url = `/api/admin/investors/${investorId}/b-notices`;
    const post = (admin: SignedInAdmin, path: string, payload: Record<string, unknown>) =>
      testApp.app.inject({ method: 'POST', url: path, headers: admin.headers, payload });

    expect((await post(support, url, { kind: 'first', received_on: '2026-03-02' })).statusCode).toBe(403);
    expect((await post(operations, url, { kind: 'third', received_on: '2026-03-02' })).statusCode).toBe(400);
    expect((await post(operations, url, { kind: 'first', received_on: '2026-04-01' })).statusCode).toBe(400);
    const unknown = `/api/admin/investors/00000000-0000-4000-8000-000000000000/b-notices`;
    expect((await post(operations, unknown, { kind: 'first', received_on: '2026-03-02' })).statusCode).toBe(
      404,
    );

    const recorded = await post(operations, url, { kind: 'first', received_on: '2026-03-02' });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({
      status: { is_withheld: true, reasons: ['b_notice'] },
      notices: [
        {
          kind: 'first',
          received_on: '2026-03-02',
          resolution: null,
          recorded_by: 'operations@staff.example',
        },
      ],
    });
    expect((await post(operations, url, { kind: 'second', received_on: '2026-03-03' })).statusCode).toBe(409);

    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/investors/${investorId}/backup-withholding`,
      headers: support.headers,
    });
    expect(read.statusCode).toBe(200);

    await runMoneyDay(engine(), '2026-03-02');
    const [february] = rowsOf<{ withheld: string; reason: string }>(
      await testApp.database.db.execute(sql`
        select t.backup_withheld::text as withheld, w.reason from investment_transactions t
        join backup_withholding_entries w on w.transaction_id = t.id
        where t.investor_id = ${investorId}::uuid and t.posting_period = '2026-02-01'`),
    );
    // February: 10,000.00 x 9.75% x 28/365 = 74.79; x 0.24 = 17.9496 -> 17.95.
    expect(february).toEqual({ withheld: '17.95', reason: 'b_notice' });

    const noticeId = recorded.json().notices[0].id as string;
    const resolveUrl = `${url}/${noticeId}/resolve`;
    expect((await post(support, resolveUrl, { resolution: 'certified_tin_received' })).statusCode).toBe(403);
    const otherInvestor = `/api/admin/investors/${people.noTin.investorId}/b-notices/${noticeId}/resolve`;
    expect((await post(operations, otherInvestor, { resolution: 'certified_tin_received' })).statusCode).toBe(
      404,
    );
    const resolved = await post(operations, resolveUrl, {
      resolution: 'certified_tin_received',
      note: 'W-9 of March 5',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: { is_withheld: false },
      notices: [{ resolution: 'certified_tin_received', resolution_note: 'W-9 of March 5' }],
      withheld_this_year: '17.95',
    });
    expect((await post(operations, resolveUrl, { resolution: 'recorded_in_error' })).statusCode).toBe(409);
    const audit = rowsOf<{ action: string }>(
      await testApp.database.db.execute(sql`
        select action from admin_audit_log where target_id = ${investorId} order by occurred_at, id`),
    ).map((row) => row.action);
    expect(audit).toEqual(['investor.b_notice_record', 'investor.b_notice_resolve']);
    expect((await runLedgerCheck(testApp.database.db)).problems).toEqual([]);
  }, 60_000);

  it('shows the withholding on the monthly statement, per entry and for the month (January’s interest, posted in February)', async () => {
    await generateStatementsForMonth(
      {
        db: testApp.database.db,
        now: new Date('2026-03-03T15:00:00Z'),
        brandName: 'Steadyline',
        notify: false,
      },
      '2026-02-01',
    );
    const pdf = await buildStatementPdf(testApp.context, people.pastGrace.investorId, '2026-02');
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => pdf.on('end', resolve));
    const bytes = Buffer.concat(chunks);
    // STATEMENT_PDF_OUT=path keeps the PDF to look at.
    if (process.env.STATEMENT_PDF_OUT) writeFileSync(process.env.STATEMENT_PDF_OUT, bytes);
    const lines = pdfTextLines(bytes);
    // The entry's column wraps: read the runs as one text.
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('$62.94 to bank, $19.87 withheld');
    expect(lines).toContain('-$19.87');
  });

  it('puts the year’s withholding in box 4 of the 1099-INT and in the Form 945 figures', async () => {
    testApp.clock.set('2027-01-20T15:00:00Z');
    // The sessions of March have ended by January: sign in again.
    operations = await signInTestAdmin(testApp, 'operations', 'operations-2027@staff.example');
    support = await signInTestAdmin(testApp, 'support', 'support-2027@staff.example');
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/tax-runs',
      headers: operations.headers,
      payload: { tax_year: 2026 },
    });
    expect(run.statusCode).toBe(201);
    const forms = rowsOf<{ investor_id: string; interest: string; withheld: string }>(
      await testApp.database.db.execute(sql`
        select investor_id, interest_amount::text as interest, federal_tax_withheld::text as withheld
        from tax_forms where tax_year = 2026 and is_current`),
    );
    const formOf = (investorId: string) => forms.find((form) => form.investor_id === investorId);
    const pastGrace = formOf(people.pastGrace.investorId);
    const withheld = rowsOf<{ total: string }>(
      await testApp.database.db.execute(sql`
        select sum(amount)::text as total from backup_withholding_entries where investor_id = ${people.pastGrace.investorId}::uuid`),
    )[0]!.total;
    expect(pastGrace?.withheld).toBe(withheld);
    // In its grace for January's interest, past it (2026-02-19) for February's.
    expect(formOf(people.inGrace.investorId)?.withheld).toBe('17.95');
    expect(formOf(people.certified.investorId)?.withheld).toBe('17.95');

    const pdf = await buildTaxFormPdf(testApp.context, people.pastGrace.investorId, 2026);
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => pdf.on('end', resolve));
    const lines = pdfTextLines(Buffer.concat(chunks));
    // The box's label wraps onto two runs; its figure is the next line.
    const box4 = lines.indexOf('4 Federal income tax ');
    expect(lines.slice(box4, box4 + 3)).toEqual(['4 Federal income tax ', 'withheld', `$${withheld}`]);

    const report = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/tax/backup-withholding?year=2026',
      headers: support.headers,
    });
    expect(report.statusCode).toBe(200);
    const all = rowsOf<{ total: string }>(
      await testApp.database.db.execute(sql`
        select sum(amount)::text as total from backup_withholding_entries where entry_date between '2026-01-01' and '2026-12-31'`),
    )[0]!.total;
    expect(report.json()).toMatchObject({ year: 2026, total_withheld: all });
    expect(
      report
        .json()
        .investors.map((row: { investor_id: string }) => row.investor_id)
        .sort(),
    ).toEqual(
      [people.noTin, people.certified, people.pastGrace, people.inGrace]
        .map((person) => person.investorId)
        .sort(),
    );
    const csv = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/tax/backup-withholding.csv?year=2026',
      headers: support.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n').at(-1)).toContain(all);
    const badYear = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/tax/backup-withholding?year=20x6',
      headers: support.headers,
    });
    expect(badYear.statusCode).toBe(400);
  }, 60_000);
});

describe("the rule's first day (decision 1978)", () => {
  const startedOn = async () =>
    rowsOf<{ day: string }>(
      await testApp.database.db.execute(
        sql`select value #>> '{}' as day from app_settings where key = ${BACKUP_WITHHOLDING_STARTED_SETTING}`,
      ),
    )[0]?.day;
  const setStartedOn = (day: string) =>
    testApp.database.db.execute(
      sql`update app_settings set value = to_jsonb(${day}::text) where key = ${BACKUP_WITHHOLDING_STARTED_SETTING}`,
    );

  afterAll(async () => {
    await setStartedOn('2026-01-01');
  });

  it('moves a first day written as UTC tomorrow back to the business day, and leaves any other alone', async () => {
    // Migration 0410 at 9 pm in New York on 2026-11-26: UTC's date is already the 27th.
    await setStartedOn('2026-11-27');
    await settleWithholdingStart(testApp.database.db, '2026-11-26');
    expect(await startedOn()).toBe('2026-11-26');
    await settleWithholdingStart(testApp.database.db, '2026-11-26');
    expect(await startedOn()).toBe('2026-11-26');

    // A day further ahead, or behind, was not written by that mismatch: it stays.
    for (const day of ['2026-11-28', '2026-11-25', '2026-01-01']) {
      await setStartedOn(day);
      await settleWithholdingStart(testApp.database.db, '2026-11-26');
      expect(await startedOn()).toBe(day);
    }
  });
});
