import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityMessages } from '../../../shared/banking/identity';
import { bankMessages } from '../../../shared/banking/messages';
import { profileMessages } from '../../../shared/settings/profile';
import { investors, taxRecords } from '../../db/schema';
import { decryptField } from '../../security/field-encryption';
import { request, stepUp, validIdentity } from '../../test-support/bank-link';
import { type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let investor: SignedInInvestor;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  investor = await signUpInvestor(testApp, { email: 'ann@example.com' });
});

const submit = (body: Record<string, unknown>, who: SignedInInvestor | null = investor) =>
  request(testApp, who, 'POST', '/api/banking/identity', body);

describe('identity (KYC) step', () => {
  it('keeps the tax record with the SSN encrypted and shows only its last four', async () => {
    const response = await submit(validIdentity);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      identity: { status: 'approved', legal_name: 'Ann Lee', ssn_last_four: '6789' },
    });
    expect(response.body).not.toContain('123456789');
    expect(response.body).not.toContain('123-45-6789');

    const [record] = await testApp.context.db
      .select()
      .from(taxRecords)
      .where(eq(taxRecords.investorId, investor.investorId));
    expect(record).toMatchObject({
      legalFirstName: 'Ann',
      legalLastName: 'Lee',
      dateOfBirth: '1985-04-12',
      address2: 'Apt 4',
      state: 'MA',
      postalCode: '02110',
      ssnLastFour: '6789',
      kycStatus: 'approved',
      kycProvider: 'sandbox',
    });
    expect(record?.ssnEncrypted).not.toContain('6789');
    expect(decryptField(testApp.config.fieldEncryptionKey, record!.ssnEncrypted)).toBe('123456789');

    const status = await request(testApp, investor, 'GET', '/api/banking/identity');
    expect(status.json()).toMatchObject({ status: 'approved', ssn_last_four: '6789' });
    expect(status.body).not.toContain('12345');
  });

  it('gives a new investor the legal name as profile name, and never overwrites a chosen one', async () => {
    await submit(validIdentity);
    const [named] = await testApp.context.db
      .select()
      .from(investors)
      .where(eq(investors.id, investor.investorId));
    expect([named?.firstName, named?.lastName]).toEqual(['Ann', 'Lee']);
    await request(testApp, investor, 'PATCH', '/api/settings/profile', {
      first_name: 'Nan',
      last_name: 'Lee',
    });
    await stepUp(testApp, investor);
    const { ssn: _ssn, ...details } = validIdentity;
    const changed = await request(testApp, investor, 'PUT', '/api/settings/tax-information', {
      ...details,
      firstName: 'Annabel',
      tinType: 'ssn',
      tin: '',
    });
    expect(changed.json().tax_information.legal_first_name).toBe('Annabel');
    const [kept] = await testApp.context.db
      .select()
      .from(investors)
      .where(eq(investors.id, investor.investorId));
    expect(kept?.firstName).toBe('Nan');
  });

  it('does not overwrite a record on file: changes go through Settings › Tax information', async () => {
    expect((await submit(validIdentity)).statusCode).toBe(200);
    const again = await submit({ ...validIdentity, ssn: '601-44-2958', firstName: 'Mallory' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, error: bankMessages.identityOnFile });
    const status = await request(testApp, investor, 'GET', '/api/banking/identity');
    expect(status.json()).toMatchObject({ legal_name: 'Ann Lee', ssn_last_four: '6789' });
  });

  it('answers every broken rule with the spec’s message, by field, and keeps nothing', async () => {
    const response = await submit({
      ...validIdentity,
      firstName: '',
      dateOfBirth: '2015-01-01',
      ssn: '123-45-678',
      state: 'DC',
      postalCode: '1234',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ok: false,
      error: identityMessages.firstNameRequired,
      field_errors: {
        firstName: 'First name is required',
        dateOfBirth: 'You must be at least 18 years old',
        ssn: 'Valid SSN is required (9 digits)',
        state: 'State is required',
        postalCode: 'Valid ZIP code is required',
      },
    });
    expect(await testApp.context.db.select().from(taxRecords)).toHaveLength(0);
  });

  it('refuses a legal name that is not a name (a spreadsheet formula), as Edit Name does', async () => {
    const response = await submit({
      ...validIdentity,
      firstName: '=HYPERLINK("https://evil.example","Ann")',
      lastName: 'Lee2',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field_errors).toEqual({
      firstName: profileMessages.characters('First name'),
      lastName: profileMessages.characters('Last name'),
    });
    expect(await testApp.context.db.select().from(taxRecords)).toHaveLength(0);
  });

  it('checks the age against the business date, not the client’s', async () => {
    // 2026-03-10 15:00 UTC: turning 18 tomorrow is too young today.
    const response = await submit({ ...validIdentity, dateOfBirth: '2008-03-11' });
    expect(response.json().field_errors).toEqual({ dateOfBirth: identityMessages.minimumAge });
    expect((await submit({ ...validIdentity, dateOfBirth: '2008-03-10' })).statusCode).toBe(200);
  });

  it('passes on the KYC provider’s rejection (sandbox: SSN 111-11-1111) and stores nothing', async () => {
    const response = await submit({ ...validIdentity, ssn: '111-11-1111' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      ok: false,
      error: bankMessages.identityRejected,
      identity: null,
    });
    expect(await testApp.context.db.select().from(taxRecords)).toHaveLength(0);
  });

  it('limits identity checks per investor', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await submit({ ...validIdentity, ssn: '111-11-1111' })).statusCode).toBe(422);
    }
    const limited = await submit(validIdentity);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('is only for the signed-in investor', async () => {
    expect((await submit(validIdentity, null)).statusCode).toBe(401);
    expect((await request(testApp, null, 'GET', '/api/banking/identity')).statusCode).toBe(401);
    await submit(validIdentity);
    const other = await signUpInvestor(testApp, { email: 'bob@example.com' });
    const status = await request(testApp, other, 'GET', '/api/banking/identity');
    expect(status.json()).toMatchObject({ status: 'not_started', ssn_last_four: null, legal_name: null });
  });
});
