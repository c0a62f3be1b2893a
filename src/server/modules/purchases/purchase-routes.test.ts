/**
 * BUY on the server (spec 4-5, PRODUCT.md 16-17): every rule and its message in the spec's
 * order, what one purchase writes, and that a repeated or concurrent BUY with the same
 * idempotency key never makes a second investment.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PurchaseRequest } from '../../../shared/purchases/purchase-contracts';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { rowsOf } from '../../db/client';
import { consumeRateLimit } from '../../security/rate-limiter';
import { appSettings, investmentProducts } from '../../db/schema';
import { testOrigin } from '../../test-support/investor-auth';
import {
  addBankAccount,
  type BankedInvestor,
  signUpBankedInvestor,
} from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { isPostgresRun } from '../../test-support/test-database';
import { runLedgerCheck } from '../money/ledger-check';
import { noticeSenderOf } from '../notifications/notice-sender';

let testApp: TestApp;
let ann: BankedInvestor;
let ben: BankedInvestor;
let products: { id: string; investmentType: string; termYears: number; rate: string }[];

function newKey(): string {
  return randomBytes(16).toString('hex');
}

function productOf(type: string, termYears: number) {
  return products.find((product) => product.investmentType === type && product.termYears === termYears)!;
}

function validBody(overrides: Partial<PurchaseRequest> = {}): PurchaseRequest {
  const product = productOf('high_yield', 3);
  return {
    product_id: product.id,
    term_years: 3,
    amount: '25000',
    interest_rate_annual: product.rate,
    funding_account_id: ann.bankAccountId,
    agreement_version: AGREEMENT_VERSION,
    consent: true,
    ...overrides,
  };
}

async function buy(body: PurchaseRequest, options: { key?: string | null; cookie?: string } = {}) {
  const key = options.key === undefined ? newKey() : options.key;
  return testApp.app.inject({
    method: 'POST',
    url: '/api/purchases',
    payload: body,
    headers: {
      origin: testOrigin,
      cookie: options.cookie ?? ann.cookie,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

async function countInvestments(investorId: string): Promise<number> {
  const result = await testApp.context.db.execute(
    sql`select count(*)::int as count from investments where investor_id = ${investorId}`,
  );
  return rowsOf<{ count: number }>(result)[0]!.count;
}

beforeAll(async () => {
  testApp = await createTestApp();
  ann = await signUpBankedInvestor(testApp, 'ann.buyer@example.com');
  ben = await signUpBankedInvestor(testApp, 'ben.buyer@example.com');
  const rows = await testApp.context.db.select().from(investmentProducts);
  products = rows.map((row) => ({
    id: row.id,
    investmentType: row.investmentType,
    termYears: row.termYears,
    rate: row.interestRateAnnual.replace(/0+$/, ''),
  }));
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await testApp.context.db.execute(
    sql`update investment_products set is_active = true, available_from = null, available_until = null`,
  );
  await testApp.context.db.execute(sql`delete from app_settings`);
  await testApp.context.db.execute(sql`delete from rate_limit_counters`);
});

describe('purchase options', () => {
  it('offers only the investor’s own verified accounts, with the limits and agreement version', async () => {
    await addBankAccount(testApp.context.db, ann.investorId, {
      verified: false,
      primary: false,
      lastFour: '1111',
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/purchases/options',
      headers: { cookie: ann.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.funding_accounts.map((account: { id: string }) => account.id)).toEqual([ann.bankAccountId]);
    expect(body.maximum_purchase_amount).toBe('1000000.00');
    expect(body.agreement_version).toBe(AGREEMENT_VERSION);
  });

  it('needs a signed-in investor', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/purchases/options' });
    expect(response.statusCode).toBe(401);
  });
});

describe('purchase rules, in the spec’s order and words', () => {
  it.each([
    [
      'no term',
      { product_id: null, term_years: null, amount: 'abc', funding_account_id: '' },
      'Please select a term length',
    ],
    ['a term the product does not offer', { term_years: 4 }, 'Please select a term length'],
    [
      'an amount that is not a number',
      { amount: 'abc', funding_account_id: '' },
      'Please enter a valid amount',
    ],
    ['a zero amount', { amount: '0' }, 'Please enter a valid amount'],
    ['a negative amount', { amount: '-5000' }, 'Please enter a valid amount'],
    ['fractions of a cent', { amount: '5000.001' }, 'Please enter a valid amount'],
    [
      'an amount below the minimum',
      { amount: '4999.99', funding_account_id: '' },
      'Minimum purchase amount is $5,000.00',
    ],
    ['an amount above the maximum', { amount: '1000000.01' }, 'Maximum purchase amount is $1,000,000.00'],
    ['no funding account', { funding_account_id: '' }, 'Please select a funding account'],
    [
      'a funding account that is not an id',
      { funding_account_id: 'nope' },
      'Please select a funding account',
    ],
  ] as [string, Partial<PurchaseRequest>, string][])('refuses %s', async (_case, overrides, message) => {
    const response = await buy(validBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'validation_failed', message } });
    expect(await countInvestments(ann.investorId)).toBe(0);
  });

  it('refuses another investor’s bank account as if it did not exist', async () => {
    const response = await buy(validBody({ funding_account_id: ben.bankAccountId }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please select a funding account');
  });

  it('refuses an unverified bank account', async () => {
    const pending = await addBankAccount(testApp.context.db, ann.investorId, {
      verified: false,
      primary: false,
      lastFour: '2222',
    });
    const response = await buy(validBody({ funding_account_id: pending }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/not verified/);
  });

  it('refuses a product that is inactive or outside its window', async () => {
    const product = productOf('high_yield', 3);
    await testApp.context.db.execute(
      sql`update investment_products set is_active = false where id = ${product.id}`,
    );
    const inactive = await buy(validBody());
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.message).toMatch(/no longer available/);
    await testApp.context.db.execute(
      sql`update investment_products set is_active = true, available_until = '2026-01-31' where id = ${product.id}`,
    );
    expect((await buy(validBody())).statusCode).toBe(409);
    expect((await buy(validBody({ product_id: 'not-a-uuid' }))).statusCode).toBe(409);
  });

  it('uses the maximum an operator set', async () => {
    await testApp.context.db
      .insert(appSettings)
      .values({ key: 'purchase_maximum_amount', value: '20000.00' });
    const response = await buy(validBody({ amount: '20000.01' }));
    expect(response.json().error.message).toBe('Maximum purchase amount is $20,000.00');
  });

  it('refuses a rate the product no longer has, missing consent and an old agreement', async () => {
    const rate = await buy(validBody({ interest_rate_annual: '0.11' }));
    expect(rate.statusCode).toBe(409);
    expect(rate.json().error.message).toMatch(/rate for this term has changed/);
    const consent = await buy(validBody({ consent: false }));
    expect(consent.statusCode).toBe(400);
    expect(consent.json().error.message).toBe('Please read and accept the Perpetual Note Agreement');
    const version = await buy(validBody({ agreement_version: 'PNA-1999-01' }));
    expect(version.statusCode).toBe(409);
    expect(await countInvestments(ann.investorId)).toBe(0);
  });

  it('needs an idempotency key', async () => {
    const response = await buy(validBody(), { key: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Idempotency-Key/);
  });

  it('is closed to investors who have not finished onboarding', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/purchases',
      payload: validBody(),
      headers: { origin: testOrigin, 'idempotency-key': newKey() },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a purchase', () => {
  it('writes the investment, its purchase entry, the ACH debit and the debit authorisation in one go', async () => {
    const before = await countInvestments(ann.investorId);
    const response = await buy(validBody({ amount: '25,000.50' }), { key: 'purchase-key-0000000001' });
    expect(response.statusCode).toBe(201);
    const { investment } = response.json();
    const today = testApp.clock.today();
    expect(investment).toMatchObject({
      investment_type: 'high_yield',
      principal_amount: '25000.50',
      interest_rate_annual: '0.094',
      term_years: 3,
      start_date: today,
      status: 'active',
    });
    expect(investment.reference).toBe(investment.id.slice(0, 8).toUpperCase());
    expect(investment.maturity_date).toBe(`${Number(today.slice(0, 4)) + 3}${today.slice(4)}`);
    expect(await countInvestments(ann.investorId)).toBe(before + 1);

    const rows = rowsOf<{
      status: string;
      idempotency_key: string;
      entry_type: string;
      entry_amount: string;
      ach_type: string;
      ach_status: string;
      ach_amount: string;
      agreement_version: string;
      authorized_amount: string;
      ip_address: string | null;
    }>(
      await testApp.context.db.execute(sql`
        select i.status, i.idempotency_key, t.transaction_type as entry_type, t.amount::text as entry_amount,
               a.payment_type as ach_type, a.status as ach_status, a.amount::text as ach_amount,
               d.agreement_version, d.amount::text as authorized_amount, d.ip_address
        from investments i
        join investment_transactions t on t.investment_id = i.id
        join ach_payments a on a.investment_id = i.id
        join debit_authorizations d on d.investment_id = i.id
        where i.id = ${investment.id}`),
    );
    expect(rows).toEqual([
      {
        status: 'active',
        idempotency_key: 'purchase-key-0000000001',
        entry_type: 'purchase',
        entry_amount: '25000.50',
        ach_type: 'funding',
        ach_status: 'pending',
        ach_amount: '25000.50',
        agreement_version: AGREEMENT_VERSION,
        authorized_amount: '25000.50',
        ip_address: expect.any(String),
      },
    ]);
    // The confirmation goes out through the queue (decision 1851).
    await noticeSenderOf(testApp.context).drain();
    const bell = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/notifications',
      headers: { cookie: ann.cookie },
    });
    expect(bell.json().notifications[0].title).toBe('Investment confirmed: $25,000.50');
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });

  it('answers a repeat with the same key with the first answer and buys nothing more', async () => {
    const key = newKey();
    const first = await buy(validBody({ amount: '6000' }), { key });
    const count = await countInvestments(ann.investorId);
    const again = await buy(validBody({ amount: '6000' }), { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countInvestments(ann.investorId)).toBe(count);
    const changed = await buy(validBody({ amount: '7000' }), { key });
    expect(changed.statusCode).toBe(422);
    expect(await countInvestments(ann.investorId)).toBe(count);
  });

  it('answers a retry of a completed key with its stored answer even when the purchase limit is used up', async () => {
    const key = newKey();
    const first = await buy(validBody({ amount: '5500' }), { key });
    expect(first.statusCode).toBe(201);
    // Use up the rest of the hour's purchases (30 per investor).
    await consumeRateLimit(
      testApp.context.db,
      { name: 'purchase:investor', limit: 30, windowSeconds: 3600 },
      ann.investorId,
      testApp.clock.now(),
      30,
    );
    const retry = await buy(validBody({ amount: '5500' }), { key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const another = await buy(validBody({ amount: '5500' }));
    expect(another.statusCode).toBe(429);
    expect(another.json().error.message).toMatch(/^Too many purchases\. Try again in/);
  });

  it('lets the investor retry with the same key after a refused attempt', async () => {
    const key = newKey();
    expect((await buy(validBody({ amount: '10' }), { key })).statusCode).toBe(400);
    expect((await buy(validBody({ amount: '10' }), { key })).statusCode).toBe(400);
  });

  it(`makes one investment from two concurrent BUYs with the same key (${isPostgresRun() ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const key = newKey();
    const before = await countInvestments(ben.investorId);
    const body = validBody({ funding_account_id: ben.bankAccountId, amount: '15000' });
    const responses = await Promise.all([
      buy(body, { key, cookie: ben.cookie }),
      buy(body, { key, cookie: ben.cookie }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(await countInvestments(ben.investorId)).toBe(before + 1);
    expect(statuses[0]).toBe(201);
    // The loser either found the first still in flight (409) or already done (a replay).
    expect([201, 409]).toContain(statuses[1]);
    const ids = new Set(
      responses
        .filter((response) => response.statusCode === 201)
        .map((response) => response.json().investment.id),
    );
    expect(ids.size).toBe(1);
  });

  it('makes two investments from two concurrent BUYs with different keys', async () => {
    const before = await countInvestments(ben.investorId);
    const body = validBody({ funding_account_id: ben.bankAccountId, amount: '5000' });
    const responses = await Promise.all([
      buy(body, { cookie: ben.cookie }),
      buy(body, { cookie: ben.cookie }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(await countInvestments(ben.investorId)).toBe(before + 2);
  });
});
