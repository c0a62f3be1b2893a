/**
 * Issue 13 item 14: the Tax information section of /settings. Adding or changing the tax
 * record needs a step-up, runs the KYC check, is audited and announced, and the TIN leaves
 * the server only as its last four digits.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileMessages } from '../../../shared/settings/profile';
import { taxInformationMessages } from '../../../shared/settings/tax-information';
import { tinMessages } from '../../../shared/tax/tin';
import { rowsOf } from '../../db/client';
import { taxRecordChanges, taxRecords } from '../../db/schema';
import { decryptField } from '../../security/field-encryption';
import { request, stepUp } from '../../test-support/bank-link';
import { latestOutboxMessage, type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const PATH = '/api/settings/tax-information';
const logLines: string[] = [];
let answers = '';
let testApp: TestApp;
let ann: SignedInInvestor;

const annTaxDetails = {
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '1985-04-12',
  tinType: 'ssn',
  tin: '527-31-8642',
  address1: '1 Main Street',
  address2: 'Apt 4',
  city: 'Boston',
  state: 'MA',
  postalCode: '02110',
};

beforeAll(async () => {
  testApp = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    build: { logger: true, logDestination: { write: (line) => logLines.push(line) } },
  });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  ann = await signUpInvestor(testApp, { email: 'ann@example.com' });
});

/** Every call goes through here, so the leak check sees every answer. */
async function call(
  investor: SignedInInvestor | null,
  method: 'GET' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const response = await request(testApp, investor, method, url, payload);
  answers += response.body;
  return response;
}

const save = (investor: SignedInInvestor | null, details: Record<string, unknown>) =>
  call(investor, 'PUT', PATH, details);

async function storedRecord(investorId: string) {
  const [row] = await testApp.context.db
    .select()
    .from(taxRecords)
    .where(eq(taxRecords.investorId, investorId));
  return row;
}

async function auditTrail(investorId: string) {
  return testApp.context.db
    .select()
    .from(taxRecordChanges)
    .where(eq(taxRecordChanges.investorId, investorId))
    .orderBy(desc(taxRecordChanges.createdAt));
}

describe('adding tax information', () => {
  it('needs a step-up, then keeps the TIN encrypted and answers with its last four only', async () => {
    const before = await call(ann, 'GET', '/api/settings');
    expect(before.json().tax_information).toBeNull();

    const refused = await save(ann, annTaxDetails);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');
    expect(await storedRecord(ann.investorId)).toBeUndefined();

    await stepUp(testApp, ann);
    const saved = await save(ann, annTaxDetails);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      ok: true,
      changed: true,
      message: taxInformationMessages.saved,
      tax_information: {
        status: 'approved',
        legal_first_name: 'Ann',
        legal_last_name: 'Lee',
        address1: '1 Main Street',
        address2: 'Apt 4',
        city: 'Boston',
        state: 'MA',
        postal_code: '02110',
        tin_type: 'ssn',
        tin_last_four: '8642',
      },
    });
    expect((await call(ann, 'GET', '/api/settings')).json().tax_information.tin_last_four).toBe('8642');

    const record = await storedRecord(ann.investorId);
    expect(record?.ssnEncrypted).not.toContain('527318642');
    expect(decryptField(testApp.config.fieldEncryptionKey, record!.ssnEncrypted)).toBe('527318642');

    const [audit] = await auditTrail(ann.investorId);
    expect(audit).toMatchObject({
      userId: ann.userId,
      action: 'added',
      changedFields: ['legal_name', 'date_of_birth', 'address', 'tin'],
      tinLastFourBefore: null,
      tinLastFourAfter: '8642',
      kycStatus: 'approved',
    });
    const notice = await latestOutboxMessage(testApp, 'ann@example.com');
    expect(notice.subject).toBe('Tax information added to your Steadyline account');
    expect(notice.text).toContain('SSN ending 8642');
    expect(notice.text).toContain('/settings#tax');
  });

  it('checks the TIN by its type with the shared rules and keeps nothing it refuses', async () => {
    await stepUp(testApp, ann);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tin: '000-12-3456' }, tinMessages.ssnNumbering],
      [{ tin: '666-12-3456' }, tinMessages.ssnNumbering],
      [{ tin: '912-70-3456' }, tinMessages.ssnNumbering],
      [{ tin: '527-00-3456' }, tinMessages.ssnNumbering],
      [{ tin: '52731864' }, tinMessages.ssnLength],
      [{ tin: '' }, tinMessages.ssnLength],
      [{ tinType: 'itin', tin: '912-40-3456' }, tinMessages.itinNumbering],
      [{ tinType: 'ein', tin: '527-31-8642' }, taxInformationMessages.tinTypeRequired],
      [{ postalCode: '0211' }, 'Valid ZIP code is required'],
      [{ lastName: '=HYPERLINK("https://evil.example","Lee")' }, profileMessages.characters('Last name')],
    ];
    for (const [change, message] of cases) {
      const refused = await save(ann, { ...annTaxDetails, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    const rejectedByKyc = await save(ann, { ...annTaxDetails, tin: '111-11-1111' });
    expect(rejectedByKyc.statusCode).toBe(422);
    expect(rejectedByKyc.json().error.message).toBe(taxInformationMessages.rejected);
    expect(await storedRecord(ann.investorId)).toBeUndefined();
    expect(await auditTrail(ann.investorId)).toEqual([]);

    const itin = await save(ann, { ...annTaxDetails, tinType: 'itin', tin: '931-72-4816' });
    expect(itin.statusCode).toBe(200);
    expect(itin.json().tax_information).toMatchObject({ tin_type: 'itin', tin_last_four: '4816' });
  });
});

describe('changing tax information', () => {
  beforeEach(async () => {
    await stepUp(testApp, ann);
    expect((await save(ann, annTaxDetails)).statusCode).toBe(200);
  });

  it('keeps the number on file when it is left empty, and audits and announces each change', async () => {
    const moved = await save(ann, { ...annTaxDetails, tin: '', address1: '9 Harbor Road', address2: '' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().tax_information).toMatchObject({
      address1: '9 Harbor Road',
      address2: null,
      tin_last_four: '8642',
    });
    const record = await storedRecord(ann.investorId);
    expect(decryptField(testApp.config.fieldEncryptionKey, record!.ssnEncrypted)).toBe('527318642');
    let [audit] = await auditTrail(ann.investorId);
    expect(audit).toMatchObject({ action: 'changed', changedFields: ['address'], tinLastFourAfter: '8642' });
    let notice = await latestOutboxMessage(testApp, 'ann@example.com');
    expect(notice.subject).toBe('Your Steadyline tax information was changed');
    expect(notice.text).toContain('The address on your account changed');

    const renumbered = await save(ann, {
      ...annTaxDetails,
      tin: '601-44-2958',
      address1: '9 Harbor Road',
      address2: '',
    });
    expect(renumbered.json().tax_information.tin_last_four).toBe('2958');
    [audit] = await auditTrail(ann.investorId);
    expect(audit).toMatchObject({
      changedFields: ['tin'],
      tinLastFourBefore: '8642',
      tinLastFourAfter: '2958',
    });
    notice = await latestOutboxMessage(testApp, 'ann@example.com');
    expect(notice.text).toContain('SSN ending 2958');

    const sameAgain = await save(ann, { ...annTaxDetails, tin: '', address1: '9 Harbor Road', address2: '' });
    expect(sameAgain.json()).toMatchObject({ changed: false, message: taxInformationMessages.unchanged });
    expect(await auditTrail(ann.investorId)).toHaveLength(3);

    const switchedTypeWithoutNumber = await save(ann, { ...annTaxDetails, tinType: 'itin', tin: '' });
    expect(switchedTypeWithoutNumber.statusCode).toBe(400);
    expect(switchedTypeWithoutNumber.json().error.message).toBe(tinMessages.itinLength);
  });

  it('keeps the record when the KYC check refuses the change', async () => {
    const refused = await save(ann, { ...annTaxDetails, tin: '111-11-1111' });
    expect(refused.statusCode).toBe(422);
    expect((await storedRecord(ann.investorId))?.ssnLastFour).toBe('8642');
    expect(await auditTrail(ann.investorId)).toHaveLength(1);
  });

  it('asks for a new step-up once the last one is older than five minutes', async () => {
    testApp.clock.advance(6 * 60_000);
    const refused = await save(ann, { ...annTaxDetails, city: 'Cambridge' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');
    expect((await storedRecord(ann.investorId))?.city).toBe('Boston');
  });

  it('refuses anonymous callers and lets another investor change only their own record', async () => {
    const anonymous = await save(null, { ...annTaxDetails, city: 'Cambridge' });
    expect(anonymous.statusCode).toBe(401);

    const bob = await signUpInvestor(testApp, { email: 'bob@example.com' });
    const bobWithoutStepUp = await save(bob, { ...annTaxDetails, firstName: 'Bob', tin: '' });
    expect(bobWithoutStepUp.statusCode).toBe(403);
    await stepUp(testApp, bob);
    // Bob has no record: an empty number cannot borrow Ann's.
    const borrowing = await save(bob, { ...annTaxDetails, firstName: 'Bob', tin: '' });
    expect(borrowing.statusCode).toBe(400);
    const bobs = await save(bob, { ...annTaxDetails, firstName: 'Bob', tin: '601-44-2958' });
    expect(bobs.json().tax_information).toMatchObject({ legal_first_name: 'Bob', tin_last_four: '2958' });

    expect((await call(bob, 'GET', '/api/settings')).json().tax_information.legal_first_name).toBe('Bob');
    const annSees = (await call(ann, 'GET', '/api/settings')).json().tax_information;
    expect(annSees).toMatchObject({ legal_first_name: 'Ann', city: 'Boston', tin_last_four: '8642' });
    expect(await auditTrail(ann.investorId)).toHaveLength(1);
  });

  it('limits KYC checks to five an hour, shared with the bank wizard’s identity step', async () => {
    const cities = ['Salem', 'Quincy', 'Lowell', 'Newton'];
    for (const city of cities) {
      expect((await save(ann, { ...annTaxDetails, tin: '', city })).statusCode).toBe(200);
    }
    const limited = await save(ann, { ...annTaxDetails, tin: '', city: 'Worcester' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await storedRecord(ann.investorId))?.city).toBe('Newton');
  });
});

describe('the TIN never leaves in the clear', () => {
  it('is in no answer, log line, message or table, in any form', async () => {
    await stepUp(testApp, ann);
    await save(ann, annTaxDetails);
    await save(ann, { ...annTaxDetails, tin: '601-44-2958' });
    await save(ann, { ...annTaxDetails, tinType: 'itin', tin: '931-72-4816' });
    await save(ann, { ...annTaxDetails, tin: '111-11-1111' });
    await save(ann, { ...annTaxDetails, tin: '', city: 'Salem', tinType: 'itin' });
    await call(ann, 'GET', '/api/settings');
    await call(ann, 'GET', '/api/banking/identity');

    const tables = rowsOf<{ table_name: string }>(
      await testApp.context.db.execute(
        sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      ),
    );
    const database: string[] = [];
    for (const { table_name } of tables) {
      const rows = rowsOf<{ row: string }>(
        await testApp.context.db.execute(
          sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
        ),
      );
      database.push(...rows.map((entry) => entry.row));
    }
    const everything = { answers, logs: logLines.join(''), database: database.join('\n') };
    expect(everything.logs).toContain('tax information checked');
    expect(everything.database).toContain('SSN ending 2958');
    for (const tin of ['527-31-8642', '601-44-2958', '931-72-4816', '111-11-1111']) {
      const digits = tin.replaceAll('-', '');
      for (const [where, text] of Object.entries(everything)) {
        for (const form of [tin, digits, `${tin.slice(0, 3)} ${tin.slice(4, 6)} ${tin.slice(7)}`]) {
          expect(text.includes(form), `${form} in ${where}`).toBe(false);
        }
      }
    }
  });
});
