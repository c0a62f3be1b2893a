/**
 * The consents to electronic delivery (issues 25 and 26, section 3; decisions 1920-1922): the
 * code from the disclosure PDF, the version replayed after a change, withdrawal never closing
 * the account, the agreement refused without a current ESIGN consent, and the two consents kept
 * apart.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
  TAX_FORMS_DISCLOSURE_VERSION,
  consentMessages,
} from '../../../shared/consents/consent-disclosures';
import { rowsOf } from '../../db/client';
import { giveConsentDirectly } from '../../test-support/consent-fixtures';
import { type SignedInInvestor, signUpInvestor, testOrigin } from '../../test-support/investor-auth';
import { pdfTextLines } from '../../test-support/pdf-text';
import { addBankAccount } from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let ann: SignedInInvestor;
let bob: SignedInInvestor;

beforeAll(async () => {
  testApp = await createTestApp();
  ann = await signUpInvestor(testApp, { email: 'ann.consent@example.com' });
  bob = await signUpInvestor(testApp, { email: 'bob.consent@example.com' });
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

function call(
  investor: SignedInInvestor,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: testOrigin, cookie: investor.cookie, 'user-agent': 'consent-test-browser' },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Reads the access code out of the disclosure PDF, as the investor does. */
async function codeFromPdf(
  investor: SignedInInvestor,
  kind: 'electronic_records' | 'tax_forms',
): Promise<string> {
  const response = await call(investor, 'GET', `/api/consents/${kind}/disclosure.pdf`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/pdf');
  const lines = pdfTextLines(response.rawPayload);
  const code = lines.map((line) => line.trim()).find((line) => /^[A-Z2-9]{6}$/.test(line));
  expect(code).toBeDefined();
  return code!;
}

async function consentRows(investorId: string) {
  return rowsOf<{
    kind: string;
    action: string;
    disclosure_version: string;
    ip_address: string | null;
    user_agent: string | null;
  }>(
    await testApp.context.db.execute(sql`
      select kind, action, disclosure_version, ip_address, user_agent from electronic_consents
      where investor_id = ${investorId}::uuid order by seq`),
  );
}

describe('consent to electronic records (ESIGN)', () => {
  it('starts with no consent, and the disclosure PDF carries the Act’s disclosures', async () => {
    const status = await call(ann, 'GET', '/api/consents');
    expect(status.statusCode).toBe(200);
    expect(status.json().electronic_records).toMatchObject({
      state: 'none',
      is_current: false,
      current_version: ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
    });
    const pdf = await call(ann, 'GET', '/api/consents/electronic_records/disclosure.pdf');
    const text = pdfTextLines(pdf.rawPayload).join(' ');
    for (const heading of [
      'Paper copies',
      'Withdrawing your consent',
      'Keeping your contact details current',
      'What you need',
    ]) {
      expect(text).toContain(heading);
    }
  });

  it('refuses a wrong code and a code from another investor’s PDF', async () => {
    const bobsCode = await codeFromPdf(bob, 'electronic_records');
    const annsCode = await codeFromPdf(ann, 'electronic_records');
    expect(annsCode).not.toBe(bobsCode);
    const response = await call(ann, 'POST', '/api/consents/electronic_records', {
      version: ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
      access_code: bobsCode,
      consent: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(consentMessages.codeWrong);
    expect(await consentRows(ann.investorId)).toEqual([]);
  });

  it('refuses a consent to an older disclosure version (a replayed request)', async () => {
    const code = await codeFromPdf(ann, 'electronic_records');
    const response = await call(ann, 'POST', '/api/consents/electronic_records', {
      version: 'ESIGN-2025-01',
      access_code: code,
      consent: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(consentMessages.versionOutdated);
  });

  it('refuses a purchase before the consent, with a message that says so', async () => {
    const bankAccountId = await addBankAccount(testApp.context.db, ann.investorId);
    const products = (await testApp.app.inject({ method: 'GET', url: '/api/products' })).json() as {
      products: { id: string; term_years: number; interest_rate_annual: string; investment_type: string }[];
    };
    const product = products.products.find((entry) => entry.investment_type === 'standard')!;
    const options = (await call(ann, 'GET', '/api/purchases/options')).json() as {
      agreement_version: string;
    };
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { origin: testOrigin, cookie: ann.cookie, 'idempotency-key': 'consent-test-buy-1' },
      payload: {
        product_id: product.id,
        term_years: product.term_years,
        amount: '5000.00',
        interest_rate_annual: product.interest_rate_annual,
        funding_account_id: bankAccountId,
        agreement_version: options.agreement_version,
        consent: true,
        reinvest_interest: false,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(consentMessages.electronicRecordsRequired);
  });

  it('records the consent with version, IP and browser; a repeat records nothing new', async () => {
    const code = await codeFromPdf(ann, 'electronic_records');
    const given = await call(ann, 'POST', '/api/consents/electronic_records', {
      version: ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
      access_code: code.toLowerCase(),
      consent: true,
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().electronic_records).toMatchObject({ state: 'given', is_current: true });
    expect(given.json().tax_forms.state).toBe('none');
    const again = await call(ann, 'POST', '/api/consents/electronic_records', {
      version: ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
      access_code: code,
      consent: true,
    });
    expect(again.statusCode).toBe(200);
    const rows = await consentRows(ann.investorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'electronic_records',
      action: 'given',
      disclosure_version: ELECTRONIC_RECORDS_DISCLOSURE_VERSION,
      user_agent: 'consent-test-browser',
    });
    expect(rows[0]!.ip_address).toBeTruthy();
  });

  it('treats a consent to an older disclosure as not current: asked again', async () => {
    await giveConsentDirectly(testApp.context.db, bob.investorId, 'electronic_records', {
      version: 'ESIGN-2024-01',
    });
    const status = (await call(bob, 'GET', '/api/consents')).json();
    expect(status.electronic_records).toMatchObject({
      state: 'given',
      version: 'ESIGN-2024-01',
      is_current: false,
    });
  });

  it('withdraws without closing the account, confirms in writing, and refuses a second withdrawal', async () => {
    const withdrawn = await call(ann, 'POST', '/api/consents/electronic_records/withdraw');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().electronic_records).toMatchObject({ state: 'withdrawn', is_current: false });
    const [investor] = rowsOf<{ status: string }>(
      await testApp.context.db.execute(sql`select status from investors where id = ${ann.investorId}::uuid`),
    );
    expect(investor!.status).toBe('active');
    const notices = rowsOf<{ title: string }>(
      await testApp.context.db.execute(sql`
        select notice->>'title' as title from investor_notice_queue where investor_id = ${ann.investorId}::uuid`),
    );
    expect(notices.map((notice) => notice.title)).toContain(
      'You withdrew your consent to electronic records',
    );
    const again = await call(ann, 'POST', '/api/consents/electronic_records/withdraw');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(consentMessages.alreadyWithdrawn);
    expect((await consentRows(ann.investorId)).map((row) => row.action)).toEqual(['given', 'withdrawn']);
  });
});

describe('consent to electronic tax forms', () => {
  it('is separate: the ESIGN code does not give it, its own code does', async () => {
    const esignCode = await codeFromPdf(ann, 'electronic_records');
    const taxCode = await codeFromPdf(ann, 'tax_forms');
    const wrong = await call(ann, 'POST', '/api/consents/tax_forms', {
      version: TAX_FORMS_DISCLOSURE_VERSION,
      access_code: esignCode,
      consent: true,
    });
    expect(wrong.statusCode).toBe(400);
    const pdfText = pdfTextLines(
      (await call(ann, 'GET', '/api/consents/tax_forms/disclosure.pdf')).rawPayload,
    ).join(' ');
    expect(pdfText).toContain('October 15');
    const given = await call(ann, 'POST', '/api/consents/tax_forms', {
      version: TAX_FORMS_DISCLOSURE_VERSION,
      access_code: taxCode,
      consent: true,
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().tax_forms).toMatchObject({ state: 'given', is_current: true });
    // The ESIGN withdrawal of the test before stands: one consent never moves the other.
    expect(given.json().electronic_records.state).toBe('withdrawn');
    const withdrawn = await call(ann, 'POST', '/api/consents/tax_forms/withdraw');
    expect(withdrawn.json().tax_forms.state).toBe('withdrawn');
  });

  it('rejects a malformed body and an unknown kind with a 4xx', async () => {
    const badCode = await call(ann, 'POST', '/api/consents/tax_forms', {
      version: TAX_FORMS_DISCLOSURE_VERSION,
      access_code: 'not a code',
      consent: true,
    });
    expect(badCode.statusCode).toBe(400);
    const unticked = await call(ann, 'POST', '/api/consents/tax_forms', {
      version: TAX_FORMS_DISCLOSURE_VERSION,
      access_code: 'ABCDEF',
      consent: false,
    });
    expect(unticked.statusCode).toBe(400);
    const unknown = await call(ann, 'POST', '/api/consents/marketing', {
      version: 'x',
      access_code: 'ABCDEF',
      consent: true,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('limits the codes tried to ten an hour', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await call(bob, 'POST', '/api/consents/tax_forms', {
        version: TAX_FORMS_DISCLOSURE_VERSION,
        access_code: 'ZZZZZZ',
        consent: true,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
