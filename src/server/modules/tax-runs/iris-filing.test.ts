/**
 * IRIS filing (issue 25 section 1, decision 1900): the files of a 2026 tax year from the kept
 * forms (golden XML and CSV files: originals, a correction, a backup-withheld form), every
 * required element present, totals equal to the forms, acknowledgements, a rejected record filed
 * again, corrections naming the accepted record, FIRE refusing IRIS years, and the schema folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { convert } from 'xmlbuilder2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IrisOverviewResponse, IrisTransmissionResponse } from '../../../shared/admin/iris-contracts';
import { rowsOf } from '../../db/client';
import { taxRecords } from '../../db/schema';
import { encryptField } from '../../security/field-encryption';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { insertEntry, insertInvestor, insertNote } from '../admin-dashboard/test-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { manifestElements, recordElements, requiredPaths, submissionHeaderElements } from './iris-elements';
import { irisSettings } from './iris-service';

const GOLDEN = join(__dirname, '__golden__');
const YEAR = 2026;

let testApp: TestApp;
let operations: SignedInAdmin;
let support: SignedInAdmin;
const investorIds: Record<string, string> = {};

async function investor(first: string, last: string, interest: string, ssn: string) {
  const db = testApp.database.db;
  const row = await insertInvestor(db, {
    firstName: first,
    lastName: last,
    email: `${first.toLowerCase()}@example.com`,
  });
  investorIds[first] = row.id;
  const note = await insertNote(db, {
    investorId: row.id,
    investmentType: 'high_yield',
    principal: '5000.00',
    startDate: '2026-01-05',
  });
  await insertEntry(db, {
    note: { id: note.id, investorId: row.id, startDate: '2026-06-30' },
    type: 'interest_payment',
    amount: interest,
    valueEffect: interest,
  });
  await db.insert(taxRecords).values({
    investorId: row.id,
    legalFirstName: first,
    legalLastName: last,
    dateOfBirth: '1980-01-01',
    address1: `${first.length} Elm Street`,
    address2: first === 'Ada' ? 'Apt 4' : null,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    ssnEncrypted: encryptField(testApp.config.fieldEncryptionKey, ssn),
    ssnLastFour: ssn.slice(-4),
    kycStatus: 'approved',
    kycProvider: 'sandbox',
  });
  return { id: note.id, investorId: row.id };
}

beforeAll(async () => {
  testApp = await createTestApp({
    start: '2027-02-10T15:00:00Z',
    env: {
      PAYER_TIN: '12-3456789',
      IRIS_TCC: 'DABCD',
      IRIS_CONTACT_NAME: 'Tax Desk',
      IRIS_CONTACT_PHONE: '6175550100',
      IRIS_CONTACT_EMAIL: 'tax@steadyline.example',
      IRIS_CSV_RECORDS_PER_FILE: '2',
    },
  });
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
  await investor('Ada', 'Alpha', '250.75', '123450001');
  await investor('Ben', 'Beta', '10.00', '123450002');
  await investor('Cara', 'Gamma', '40.00', '123450003');
  const run = await taxRun();
  expect(run.statusCode).toBe(201);
  // Boxes 2 and 4 as the early-redemption and backup-withholding work keep them on the form.
  await testApp.database.db.execute(sql`
    update tax_forms set early_withdrawal_penalty = 5.00 where investor_id = ${investorIds.Ada}::uuid`);
  await testApp.database.db.execute(sql`
    update tax_forms set federal_tax_withheld = 2.40 where investor_id = ${investorIds.Ben}::uuid`);
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

function taxRun() {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/admin/tax-runs',
    headers: operations.headers,
    payload: { tax_year: YEAR },
  });
}

async function overview(): Promise<IrisOverviewResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/tax-runs/iris?year=${YEAR}`,
    headers: support.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function file(kind: 'original' | 'correction', format: 'xml' | 'csv', test = false) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/tax-runs/iris/filings',
    headers: operations.headers,
    payload: { tax_year: YEAR, kind, format, test },
  });
  return response;
}

async function batchFiles(batchId: string) {
  const result = await testApp.database.db.execute(sql`
    select id, file_number from iris_transmissions where batch_id = ${batchId}::uuid order by file_number`);
  return rowsOf<{ id: string; file_number: number }>(result);
}

async function download(id: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/admin/tax-runs/iris/transmissions/${id}/file`,
    headers: operations.headers,
  });
}

/** The parts that differ between runs (random ids) replaced by fixed words. */
function normalised(text: string): string {
  return text
    .replace(/<UniqueTransmissionId>[^<]+</g, '<UniqueTransmissionId>UTID<')
    .replace(/<RecipientAccountNum>[0-9A-F]{20}</g, '<RecipientAccountNum>ACCOUNT<')
    .replace(/,[0-9A-F]{20},/g, ',ACCOUNT,');
}

function expectGolden(name: string, text: string) {
  const path = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, normalised(text));
  }
  expect(normalised(text)).toBe(readFileSync(path, 'utf8'));
}

/** Every element path in a document (a/b/c), with how often it occurs. */
function pathsOf(xml: string): Map<string, number> {
  const paths = new Map<string, number>();
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, at);
      return;
    }
    paths.set(at, (paths.get(at) ?? 0) + 1);
    if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) if (!key.startsWith('@')) walk(value, `${at}/${key}`);
    }
  };
  const object = convert(xml, { format: 'object' }) as Record<string, unknown>;
  walk(object.IRTransmission, '/IRTransmission');
  return paths;
}

function sumOf(xml: string, element: string): string {
  const cents = [...xml.matchAll(/<Form1099INTDetail>[\s\S]*?<\/Form1099INTDetail>/g)]
    .map((record) => record[0].match(new RegExp(`<${element}>([0-9.]+)</${element}>`))?.[1] ?? '0')
    .reduce((sum, value) => sum + BigInt(value.replace('.', '')), 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

function totalOf(xml: string, element: string): string {
  return xml.match(new RegExp(`<Form1099INTTotalAmtGrp>[\\s\\S]*?<${element}>([0-9.]+)<`))![1]!;
}

let originalXml = '';
let originalId = '';

describe('IRIS filing of a 2026 tax year', () => {
  it('says FIRE is for years to 2025 and IRIS for 2026 on, and FIRE refuses 2026', async () => {
    const state = await overview();
    expect(state.channel).toBe('iris');
    expect(state.missing_settings).toEqual([]);
    expect(state.state.originals).toBe(3);
    const fire = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/tax-runs/fire-file?year=${YEAR}&kind=original`,
      headers: operations.headers,
    });
    expect(fire.statusCode).toBe(409);
    expect(fire.json().error.message).toContain('IRIS');
    const early = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/tax-runs/iris/filings',
      headers: operations.headers,
      payload: { tax_year: 2025, kind: 'original', format: 'xml' },
    });
    expect(early.statusCode).toBe(409);
  });

  it('refuses support staff and names every missing setting', async () => {
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/tax-runs/iris/filings',
      headers: support.headers,
      payload: { tax_year: YEAR, kind: 'original', format: 'xml' },
    });
    expect(refused.statusCode).toBe(403);
    const { missing } = irisSettings({
      PAYER_TIN: undefined,
      IRIS_TCC: 'DABCD',
      IRIS_CONTACT_NAME: undefined,
      IRIS_CONTACT_PHONE: '6175550100',
      IRIS_CONTACT_EMAIL: undefined,
      COMPANY_POSTAL_ADDRESS: 'Steadyline Notes LLC, 100 Harbor Street, Boston, MA 02210',
    });
    expect(missing).toEqual(['PAYER_TIN', 'IRIS_CONTACT_NAME', 'IRIS_CONTACT_EMAIL']);
  });

  it('splits Taxpayer Portal CSV files at the record limit (a test batch files nothing)', async () => {
    const response = await file('original', 'csv', true);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ file_count: 2, record_count: 3 });
    const [first, second] = await batchFiles(response.json().batch_id);
    const one = await download(first!.id);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toContain('1099-INT-2026-iris-ats-1-of-2.csv');
    expectGolden('iris-original-1-of-2.csv', one.body);
    const two = await download(second!.id);
    expect(two.body.trim().split('\r\n')).toHaveLength(2);
    expect(two.body).toContain('Cara,Gamma');
    expect((await overview()).state.originals).toBe(3);
  });

  it('builds the A2A XML of the originals with box 2 and box 4, totals equal to the forms', async () => {
    const response = await file('original', 'xml');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ file_count: 1, record_count: 3 });
    originalId = (await batchFiles(response.json().batch_id))[0]!.id;
    const downloaded = await download(originalId);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toContain('application/xml');
    originalXml = downloaded.body;
    expectGolden('iris-original.xml', originalXml);
    const forms = rowsOf<{ interest: string; penalty: string; withheld: string; n: number }>(
      await testApp.database.db.execute(sql`
        select sum(interest_amount)::text as interest, sum(early_withdrawal_penalty)::text as penalty,
               sum(federal_tax_withheld)::text as withheld, count(*)::int as n
        from tax_forms where tax_year = ${YEAR} and is_current`),
    )[0]!;
    expect(totalOf(originalXml, 'InterestIncomeAmt')).toBe(forms.interest);
    expect(sumOf(originalXml, 'InterestIncomeAmt')).toBe(forms.interest);
    expect(totalOf(originalXml, 'EarlyWithdrawalPenaltyAmt')).toBe(forms.penalty);
    expect(totalOf(originalXml, 'FederalIncomeTaxWithheldAmt')).toBe(forms.withheld);
    expect(sumOf(originalXml, 'FederalIncomeTaxWithheldAmt')).toBe('2.40');
    expect(originalXml).toContain(`<TotalRecipientFormCnt>${forms.n}</TotalRecipientFormCnt>`);
    // Nothing else waits to be filed while the IRS has not answered.
    const state = await overview();
    expect(state.state).toMatchObject({ originals: 0, awaiting_transmissions: 1, awaiting_records: 3 });
    expect((await file('original', 'xml')).statusCode).toBe(404);
  });

  it('has every element the publication marks required', () => {
    const paths = pathsOf(originalXml);
    const required = [
      ...requiredPaths(manifestElements, '/IRTransmission/IRTransmissionManifest'),
      ...requiredPaths(submissionHeaderElements, '/IRTransmission/IRSubmission1Grp/IRSubmission1Header'),
      ...requiredPaths(
        recordElements,
        '/IRTransmission/IRSubmission1Grp/IRSubmission1Detail/Form1099INTDetail',
      ),
    ];
    expect(required.length).toBeGreaterThan(50);
    for (const { path, conditional } of required) {
      if (conditional) expect(paths.has(path), path).toBe(false);
      else expect(paths.get(path) ?? 0, path).toBeGreaterThan(0);
    }
    const records = paths.get('/IRTransmission/IRSubmission1Grp/IRSubmission1Detail/Form1099INTDetail');
    expect(records).toBe(3);
    for (const { path } of requiredPaths(
      recordElements,
      '/IRTransmission/IRSubmission1Grp/IRSubmission1Detail/Form1099INTDetail',
    )) {
      if (!path.includes('PrevSubmittedRecRecipientGrp')) expect(paths.get(path), path).toBe(3);
    }
  });

  it('records a partial acceptance: the rejected record shows its errors and waits to be filed again', async () => {
    const bad = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/tax-runs/iris/transmissions/${originalId}/acknowledgement`,
      headers: operations.headers,
      payload: {
        status: 'partially_accepted',
        receipt_id: '2027-RCPT-0001',
        errors: [{ record_id: 9, code: 'E-1', message: 'x' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('9');
    const noErrors = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/tax-runs/iris/transmissions/${originalId}/acknowledgement`,
      headers: operations.headers,
      payload: { status: 'rejected', receipt_id: '2027-RCPT-0001', errors: [] },
    });
    expect(noErrors.statusCode).toBe(400);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/tax-runs/iris/transmissions/${originalId}/acknowledgement`,
      headers: operations.headers,
      payload: {
        status: 'partially_accepted',
        receipt_id: '2027-RCPT-0001',
        errors: [
          { record_id: 2, code: 'F1099INT-502-02', message: 'Recipient TIN and name do not match.' },
          { record_id: null, code: 'X0000-010', message: 'Submission note.' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const body: IrisTransmissionResponse = response.json();
    expect(body.transmission).toMatchObject({
      status: 'partially_accepted',
      receipt_id: '2027-RCPT-0001',
      rejected_records: 1,
    });
    expect(body.transmission.errors).toEqual([
      { record_id: null, code: 'X0000-010', message: 'Submission note.' },
    ]);
    expect(body.problems).toEqual([
      expect.objectContaining({
        record_id: 2,
        status: 'rejected',
        recipient_name: 'Ben Beta',
        tin_last_four: '0002',
      }),
    ]);
    const again = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/tax-runs/iris/transmissions/${originalId}/acknowledgement`,
      headers: operations.headers,
      payload: { status: 'accepted', receipt_id: '2027-RCPT-0001' },
    });
    expect(again.statusCode).toBe(409);
    const state = await overview();
    expect(state.state).toMatchObject({
      originals: 1,
      corrections: 0,
      awaiting_transmissions: 0,
      rejected_records: 1,
    });
    expect(state.transmissions.find((entry) => entry.id === originalId)).toMatchObject({
      status: 'partially_accepted',
      rejected_records: 1,
    });
  });

  it('files the fixed record again as an original and a changed figure as a correction naming the accepted record', async () => {
    const db = testApp.database.db;
    // Ben's name is fixed on the tax record; Ada gets more interest: the run issues new versions.
    await db.execute(
      sql`update tax_records set legal_last_name = 'Betancourt' where investor_id = ${investorIds.Ben}::uuid`,
    );
    const note = rowsOf<{ id: string }>(
      await db.execute(sql`select id from investments where investor_id = ${investorIds.Ada}::uuid limit 1`),
    )[0]!;
    await insertEntry(db, {
      note: { id: note.id, investorId: investorIds.Ada!, startDate: '2026-09-30' },
      type: 'interest_payment',
      amount: '12.25',
      valueEffect: '12.25',
    });
    expect((await taxRun()).json().run).toMatchObject({ corrections_issued: 2 });
    await db.execute(sql`
      update tax_forms set early_withdrawal_penalty = 5.00 where investor_id = ${investorIds.Ada}::uuid and is_current`);
    await db.execute(sql`
      update tax_forms set federal_tax_withheld = 2.40 where investor_id = ${investorIds.Ben}::uuid and is_current`);
    expect((await overview()).state).toMatchObject({ originals: 1, corrections: 1 });

    const correctionCsv = await file('correction', 'csv', true);
    const [csvFile] = await batchFiles(correctionCsv.json().batch_id);
    expectGolden('iris-correction.csv', (await download(csvFile!.id)).body);

    const correction = await file('correction', 'xml');
    expect(correction.json()).toMatchObject({ record_count: 1 });
    const [xmlFile] = await batchFiles(correction.json().batch_id);
    const correctionXml = (await download(xmlFile!.id)).body;
    expectGolden('iris-correction.xml', correctionXml);
    expect(correctionXml).toContain('<UniqueRecordId>2027-RCPT-0001|1|1</UniqueRecordId>');
    expect(correctionXml).toContain('<TransmissionTypeCd>C</TransmissionTypeCd>');
    expect(
      pathsOf(correctionXml).has(
        '/IRTransmission/IRSubmission1Grp/IRSubmission1Detail/Form1099INTDetail/PrevSubmittedRecRecipientGrp/UniqueRecordId',
      ),
    ).toBe(true);

    const refiled = await file('original', 'xml');
    expect(refiled.json()).toMatchObject({ record_count: 1 });
    const [refiledFile] = await batchFiles(refiled.json().batch_id);
    const refiledXml = (await download(refiledFile!.id)).body;
    expect(refiledXml).toContain('<PersonLastNm>Betancourt</PersonLastNm>');
    expect(refiledXml).toContain('<FederalIncomeTaxWithheldAmt>2.40</FederalIncomeTaxWithheldAmt>');
    expect(refiledXml).not.toContain('PrevSubmittedRecRecipientGrp');

    const accepted = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/tax-runs/iris/transmissions/${refiledFile!.id}/acknowledgement`,
      headers: operations.headers,
      payload: { status: 'accepted', receipt_id: '2027-RCPT-0003' },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await overview()).state).toMatchObject({
      originals: 0,
      corrections: 0,
      rejected_records: 0,
      awaiting_transmissions: 1,
    });
  });
});

describe('IRIS_SCHEMA_DIR', () => {
  const fixtures = join(__dirname, '__fixtures__');
  const setSchemaDir = (dir: string | undefined) => {
    (testApp.context.config as { IRIS_SCHEMA_DIR?: string }).IRIS_SCHEMA_DIR = dir;
  };
  afterAll(() => setSchemaDir(undefined));

  it('validates an XML file against the folder before download: a file that passes downloads', async () => {
    setSchemaDir(join(fixtures, 'iris-schema'));
    expect((await overview()).schema_validation).toBe(true);
    const response = await download(originalId);
    expect(response.statusCode).toBe(200);
    expect(normalised(response.body)).toBe(readFileSync(join(GOLDEN, 'iris-original.xml'), 'utf8'));
  });

  it('refuses a file that fails it and lists the schema errors', async () => {
    setSchemaDir(join(fixtures, 'iris-schema-strict'));
    const response = await download(originalId);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.error.message).toContain('IRIS_SCHEMA_DIR');
    expect(body.schema_errors ?? body.error.schema_errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/SoftwareId/)]),
    );
  });

  it('says so when the folder holds no IRIS schema', async () => {
    setSchemaDir(join(fixtures, 'no-such-folder'));
    const response = await download(originalId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('IRTransmission');
  });
});
