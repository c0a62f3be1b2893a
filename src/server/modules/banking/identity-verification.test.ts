/**
 * Identity verification through Plaid Identity Verification (issue 15, decision 1520), with the
 * real `plaid` SDK pointed at a local fake that speaks Plaid's request and response shapes:
 * approved, pending then re-checked, failed, a watchlist hit that pauses purchases until staff
 * clear it, and Plaid being down. The sandbox provider's own paths close the file.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankMessages } from '../../../shared/banking/messages';
import { watchlistMessages } from '../../../shared/banking/watchlist';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { identityVerifications, investmentProducts, taxRecords } from '../../db/schema';
import { plaidIdentityVerificationProvider } from '../../providers/plaid-identity-verification';
import { giveConsentDirectly } from '../../test-support/consent-fixtures';
import { request, validIdentity } from '../../test-support/bank-link';
import {
  type FakePlaidIdentity,
  idvDecisions,
  startFakePlaidIdentity,
} from '../../test-support/fake-plaid-identity-server';
import { testOrigin } from '../../test-support/investor-auth';
import { addBankAccount } from '../../test-support/portal-fixtures';
import { type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let fake: FakePlaidIdentity;
let testApp: TestApp;
let investor: SignedInInvestor;

const ssnDigits = (ssn: string) => ssn.replaceAll('-', '');

beforeAll(async () => {
  fake = await startFakePlaidIdentity();
  testApp = await createTestApp({
    build: {
      providers: {
        kyc: plaidIdentityVerificationProvider({
          clientId: fake.clientId,
          secret: fake.secret,
          environment: 'sandbox',
          basePath: fake.baseUrl,
          templateId: fake.templateId,
        }),
      },
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(async () => {
  await testApp.reset();
  fake.setUnavailable(false);
  investor = await signUpInvestor(testApp, { email: 'ann@example.com' });
});

const submit = (identity: Record<string, string> = validIdentity) =>
  request(testApp, investor, 'POST', '/api/banking/identity', identity);
const recheck = () => request(testApp, investor, 'POST', '/api/banking/identity/recheck');
const status = async () => (await request(testApp, investor, 'GET', '/api/banking/identity')).json();

async function verificationsOf(investorId: string) {
  return testApp.context.db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.investorId, investorId));
}

async function buyNote(who: SignedInInvestor, bankAccountId: string) {
  // The ESIGN consent comes before any agreement (decision 1920); the hold is what is tested here.
  await giveConsentDirectly(testApp.context.db, who.investorId);
  const [product] = await testApp.context.db
    .select()
    .from(investmentProducts)
    .where(eq(investmentProducts.investmentType, 'high_yield'));
  return testApp.app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { origin: testOrigin, cookie: who.cookie, 'idempotency-key': randomBytes(16).toString('hex') },
    payload: {
      product_id: product!.id,
      term_years: product!.termYears,
      amount: '25000',
      interest_rate_annual: product!.interestRateAnnual.replace(/0+$/, '').replace(/\.$/, ''),
      funding_account_id: bankAccountId,
      agreement_version: AGREEMENT_VERSION,
      consent: true,
    },
  });
}

describe('Plaid Identity Verification (against a fake of Plaid’s HTTP API)', () => {
  it('creates a backend verification with the form’s identity and keeps an approved one', async () => {
    const response = await submit();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      identity: { status: 'approved', ssn_last_four: '6789', watchlist: 'clear', can_recheck: false },
    });
    const sent = fake.requests.findLast((entry) => entry.path === '/identity_verification/create')?.body;
    expect(sent).toMatchObject({
      client_user_id: investor.investorId,
      template_id: fake.templateId,
      is_shareable: false,
      gave_consent: true,
      is_idempotent: false,
      user: {
        email_address: 'ann@example.com',
        date_of_birth: '1985-04-12',
        name: { given_name: 'Ann', family_name: 'Lee' },
        address: {
          street: '1 Main Street, Apt 4',
          city: 'Boston',
          region: 'MA',
          postal_code: '02110',
          country: 'US',
        },
        id_number: { value: '123456789', type: 'us_ssn' },
      },
    });
    const [row] = await verificationsOf(investor.investorId);
    expect(row).toMatchObject({
      provider: 'plaid',
      status: 'approved',
      providerStatus: 'success',
      watchlistStatus: 'clear',
      failureReason: null,
    });
    expect(row?.reference).toMatch(/^idv_/);
    expect(row?.watchlistReference).toMatch(/^scr_/);
    const [record] = await testApp.context.db
      .select()
      .from(taxRecords)
      .where(eq(taxRecords.investorId, investor.investorId));
    expect(record).toMatchObject({
      kycStatus: 'approved',
      kycProvider: 'plaid',
      kycReference: row?.reference,
    });
    // No PII in the verification row or the answer.
    expect(JSON.stringify(row)).not.toContain('123456789');
    expect(response.body).not.toContain('123456789');
  });

  it('keeps a pending verification, re-checks it with /identity_verification/get, and approves it once decided', async () => {
    fake.decideForSsn(ssnDigits(validIdentity.ssn), idvDecisions.pending);
    const response = await submit();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: false,
      error: bankMessages.identityInReview,
      identity: { status: 'review', can_recheck: true },
    });

    const stillPending = await recheck();
    expect(stillPending.json()).toMatchObject({
      ok: false,
      identity: { status: 'review', can_recheck: true },
    });
    const [row] = await verificationsOf(investor.investorId);
    expect(
      fake.requests.findLast((entry) => entry.path === '/identity_verification/get')?.body,
    ).toMatchObject({
      identity_verification_id: row?.reference,
    });

    fake.decide(row!.reference, idvDecisions.approved);
    const decided = await recheck();
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ ok: true, identity: { status: 'approved', can_recheck: false } });
    expect(await status()).toMatchObject({ status: 'approved', ssn_last_four: '6789' });

    // Nothing pending any more: a re-check is refused, not sent to Plaid.
    const again = await recheck();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, error: bankMessages.identityNothingToRecheck });
  });

  it('keeps no PII for a failed verification, says so, and lets the investor try again', async () => {
    fake.decideForSsn(ssnDigits(validIdentity.ssn), idvDecisions.failed);
    const response = await submit();
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ ok: false, error: bankMessages.identityRejected });
    expect(await status()).toMatchObject({ status: 'rejected', legal_name: null, can_recheck: false });
    expect(
      await testApp.context.db
        .select()
        .from(taxRecords)
        .where(eq(taxRecords.investorId, investor.investorId)),
    ).toEqual([]);
    const [row] = await verificationsOf(investor.investorId);
    expect(row).toMatchObject({ status: 'rejected', providerStatus: 'failed', failureReason: 'kyc_check' });

    // Corrected details: a new attempt, approved.
    const retry = await submit({ ...validIdentity, ssn: '123-45-6780' });
    expect(retry.statusCode).toBe(200);
    expect(await status()).toMatchObject({ status: 'approved', ssn_last_four: '6780' });
    expect(await verificationsOf(investor.investorId)).toHaveLength(2);
  });

  it('removes a pending record that Plaid then fails', async () => {
    fake.decideForSsn(ssnDigits(validIdentity.ssn), idvDecisions.pending);
    await submit();
    const [row] = await verificationsOf(investor.investorId);
    fake.decide(row!.reference, idvDecisions.failed);
    const response = await recheck();
    expect(response.json()).toMatchObject({ ok: false, error: bankMessages.identityRejected });
    expect(await status()).toMatchObject({ status: 'rejected', legal_name: null });
  });

  it('answers a clear 503 and keeps nothing when Plaid does not answer', async () => {
    fake.setUnavailable(true);
    const response = await submit();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ ok: false, error: bankMessages.identityUnavailable });
    expect(await status()).toMatchObject({ status: 'not_started' });
    expect(await verificationsOf(investor.investorId)).toEqual([]);
  });
});

describe('watchlist (OFAC) hits', () => {
  let operations: SignedInAdmin;
  let support: SignedInAdmin;

  beforeEach(async () => {
    operations = await signInTestAdmin(testApp, 'operations');
    support = await signInTestAdmin(testApp, 'support');
  });

  const clearance = (admin: SignedInAdmin, reason: string, investorId = investor.investorId) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/admin/investors/${investorId}/watchlist-clearance`,
      headers: admin.headers,
      payload: { reason },
    });

  it('pauses purchases on a hit until operations clear it with a reason', async () => {
    fake.decideForSsn(ssnDigits(validIdentity.ssn), idvDecisions.watchlistHit);
    const submitted = await submit();
    expect(submitted.json()).toMatchObject({ ok: true, identity: { status: 'approved', watchlist: 'hit' } });
    const bankAccountId = await addBankAccount(testApp.context.db, investor.investorId);

    const refused = await buyNote(investor, bankAccountId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: watchlistMessages.purchasesPaused } });

    const detail = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/investors/${investor.investorId}`,
      headers: support.headers,
    });
    expect(detail.json().identity).toMatchObject({
      status: 'approved',
      provider: 'plaid',
      watchlist: 'hit',
      watchlist_cleared_by: null,
    });

    expect((await clearance(support, 'Support may read but not clear a hit.')).statusCode).toBe(403);
    expect((await clearance(operations, 'short')).statusCode).toBe(400);
    expect(await status()).toMatchObject({ watchlist: 'hit' });

    const cleared = await clearance(operations, 'Different person: the listed entry was born in 1950.');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ cleared: 1 });
    expect(await status()).toMatchObject({ watchlist: 'cleared' });
    const after = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/investors/${investor.investorId}`,
      headers: support.headers,
    });
    expect(after.json().identity).toMatchObject({
      watchlist: 'cleared',
      watchlist_cleared_by: 'Test operations',
      watchlist_clear_reason: 'Different person: the listed entry was born in 1950.',
    });

    const bought = await buyNote(investor, bankAccountId);
    expect(bought.statusCode).toBe(201);
    // Clearing twice: nothing left to clear.
    expect((await clearance(operations, 'Second try at clearing the same hit.')).statusCode).toBe(409);
  });

  it('keeps an earlier hit when a later attempt screens clear', async () => {
    fake.decideForSsn(ssnDigits(validIdentity.ssn), idvDecisions.failed);
    await submit();
    fake.decideForSsn('123456780', { status: 'failed', kycCheck: 'failed', watchlist: 'pending_review' });
    await submit({ ...validIdentity, ssn: '123-45-6780' });
    await submit({ ...validIdentity, ssn: '123-45-6781' });
    expect(await status()).toMatchObject({ status: 'approved', watchlist: 'hit' });
  });
});
