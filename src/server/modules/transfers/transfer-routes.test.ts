/**
 * /transfer on the server (PRODUCT.md 19): available to withdraw from the ledger, transfer
 * requests behind a fresh SMS code, paid at quarter end and cancellable until then; another
 * investor's transfers are refused.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import type { TransferSummaryResponse } from '../../../shared/transfers/transfer-contracts';
import { rowsOf } from '../../db/client';
import { consumeRateLimit, type RateLimitRule } from '../../security/rate-limiter';
import { latestSmsCode, testOrigin } from '../../test-support/investor-auth';
import { buyNote, type TestEngine } from '../../test-support/money-fixtures';
import {
  type BankedInvestor,
  portalEngine,
  runMonthStarts,
  signUpBankedInvestor,
} from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { isPostgresRun } from '../../test-support/test-database';
import type { TransactionPage } from '../../../shared/portal/transaction-contracts';
import { investmentProducts } from '../../db/schema';
import { runLedgerCheck } from '../money/ledger-check';
import { processWithdrawals } from '../money/process-withdrawals';
import { noticeSenderOf } from '../notifications/notice-sender';

let testApp: TestApp;
let engine: TestEngine;
let ann: BankedInvestor;
let ben: BankedInvestor;
let cara: BankedInvestor;

async function summaryOf(investor: BankedInvestor): Promise<TransferSummaryResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/transfers',
    headers: { cookie: investor.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<TransferSummaryResponse>();
}

async function stepUp(investor: BankedInvestor): Promise<void> {
  testApp.clock.advance(61_000);
  const start = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/step-up/start',
    headers: { origin: testOrigin, cookie: investor.cookie },
  });
  expect(start.statusCode).toBe(200);
  const verify = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/step-up/verify',
    payload: { code: await latestSmsCode(testApp, investor.phone) },
    headers: { origin: testOrigin, cookie: investor.cookie },
  });
  expect(verify.statusCode).toBe(200);
}

async function requestTransfer(
  investor: BankedInvestor,
  amount: string,
  key = randomBytes(12).toString('hex'),
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/transfers/withdrawals',
    payload: { amount },
    headers: { origin: testOrigin, cookie: investor.cookie, 'idempotency-key': key },
  });
}

async function cancelTransfer(investor: BankedInvestor, withdrawalId: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/transfers/withdrawals/${withdrawalId}/cancel`,
    headers: { origin: testOrigin, cookie: investor.cookie },
  });
}

/** Uses up the rest of a limit's window for the investor, runs `check`, then frees the limit again. */
async function withLimitUsedUp(rule: RateLimitRule, investor: BankedInvestor, check: () => Promise<void>) {
  await consumeRateLimit(testApp.context.db, rule, investor.investorId, testApp.clock.now(), rule.limit);
  try {
    await check();
  } finally {
    await testApp.context.db.execute(
      sql`delete from rate_limit_counters where key = ${`${rule.name}:${investor.investorId}`}`,
    );
  }
}

function cents(amount: string): bigint {
  return BigInt(amount.replace('.', ''));
}

beforeAll(async () => {
  testApp = await createTestApp();
  engine = portalEngine(testApp);
  ann = await signUpBankedInvestor(testApp, 'ann.transfer@example.com');
  ben = await signUpBankedInvestor(testApp, 'ben.transfer@example.com');
  const base = { investorId: ann.investorId, bankAccountId: ann.bankAccountId };
  // Past its lock-up (available), matured (available), still locked (not available).
  await buyNote(engine, {
    ...base,
    investmentType: 'standard',
    principal: '10000.00',
    rate: '0.08',
    startDate: '2024-05-06',
  });
  await buyNote(engine, {
    ...base,
    investmentType: 'high_yield',
    principal: '8000.00',
    rate: '0.09',
    termYears: 2,
    startDate: '2024-01-02',
  });
  await buyNote(engine, {
    ...base,
    investmentType: 'standard',
    principal: '5000.00',
    rate: '0.08',
    startDate: '2025-12-01',
  });
  await buyNote(engine, {
    investorId: ben.investorId,
    bankAccountId: ben.bankAccountId,
    investmentType: 'high_yield',
    principal: '9000.00',
    rate: '0.094',
    termYears: 3,
    startDate: '2025-06-02',
  });
  cara = await signUpBankedInvestor(testApp, 'cara.transfer@example.com');
  await buyNote(engine, {
    investorId: cara.investorId,
    bankAccountId: cara.bankAccountId,
    investmentType: 'standard',
    principal: '20000.00',
    rate: '0.08',
    startDate: '2024-05-06',
  });
  await runMonthStarts(engine, '2024-01-02', '2026-03-01');
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

describe('available to withdraw', () => {
  it('is Standard past lock-up plus matured High-Yield, from the ledger, paid at the quarter end', async () => {
    const summary = await summaryOf(ann);
    const maturedValue = rowsOf<{ value: string; status: string }>(
      await testApp.context.db.execute(sql`
        select i.status, sum(t.value_effect)::text as value from investments i
        join investment_transactions t on t.investment_id = i.id
        where i.investor_id = ${ann.investorId} and i.investment_type = 'high_yield' group by i.status`),
    )[0]!;
    expect(maturedValue.status).toBe('matured');
    expect(summary.standard_available).toBe('10000.00');
    expect(summary.matured_high_yield).toBe(maturedValue.value);
    expect(summary.pending_withdrawals).toBe('0.00');
    expect(cents(summary.available_to_withdraw)).toBe(1_000_000n + cents(maturedValue.value));
    expect(summary.next_payment_date).toBe('2026-03-31');
    expect(summary.destination).toMatchObject({ id: ann.bankAccountId, account_last_four: '6789' });
    expect(summary.withdrawals).toEqual([]);
  });

  it('is nothing for notes still locked up', async () => {
    const summary = await summaryOf(ben);
    expect(summary.available_to_withdraw).toBe('0.00');
  });
});

describe('TRANSFER TO BANK', () => {
  it('needs a fresh SMS code', async () => {
    const response = await requestTransfer(ann, '100.00');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('step_up_required');
  });

  it('refuses a zero amount and one above what is available', async () => {
    await stepUp(ann);
    const available = (await summaryOf(ann)).available_to_withdraw;
    const zero = await requestTransfer(ann, '0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe('Please enter a valid amount');
    const above = await requestTransfer(ann, (Number(available) + 0.01).toFixed(2));
    expect(above.statusCode).toBe(400);
    expect(above.json().error.message).toBe('The amount is more than you have available to withdraw');
    await stepUp(ben);
    const nothing = await requestTransfer(ben, '1.00');
    expect(nothing.json().error.message).toBe('The amount is more than you have available to withdraw');
  });

  it('creates a pending transfer for the quarter end that lowers what is available, once per key', async () => {
    await stepUp(ann);
    const before = await summaryOf(ann);
    const key = randomBytes(12).toString('hex');
    const response = await requestTransfer(ann, '2,500', key);
    expect(response.statusCode).toBe(201);
    const { withdrawal } = response.json();
    expect(withdrawal).toMatchObject({
      amount: '2500.00',
      status: 'pending',
      scheduled_for: '2026-03-31',
      bank_last_four: '6789',
      is_cancellable: true,
    });
    const replay = await requestTransfer(ann, '2,500', key);
    expect(replay.json()).toEqual(response.json());
    const after = await summaryOf(ann);
    expect(cents(before.available_to_withdraw) - cents(after.available_to_withdraw)).toBe(250_000n);
    expect(after.pending_withdrawals).toBe('2500.00');
    expect(after.withdrawals.map((row) => row.id)).toEqual([withdrawal.id]);
    // The notice goes out through the queue (decision 1851).
    await noticeSenderOf(testApp.context).drain();
    const bell = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/notifications',
      headers: { cookie: ann.cookie },
    });
    expect(bell.json().notifications[0].title).toBe('Transfer requested: $2,500.00');
  });

  it('answers a retry of a completed key with its stored answer even when the transfer limit is used up', async () => {
    // The step-up of the test before is still fresh.
    const key = randomBytes(12).toString('hex');
    const first = await requestTransfer(ann, '150.00', key);
    expect(first.statusCode).toBe(201);
    await withLimitUsedUp({ name: 'transfer:investor', limit: 20, windowSeconds: 3600 }, ann, async () => {
      const retry = await requestTransfer(ann, '150.00', key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      const another = await requestTransfer(ann, '150.00');
      expect(another.statusCode).toBe(429);
      expect(another.json().error.message).toMatch(/^Too many transfer requests\. Try again in/);
    });
    expect((await cancelTransfer(ann, first.json().withdrawal.id)).statusCode).toBe(200);
  });

  it('lets only the owner cancel, and only until paid', async () => {
    await stepUp(ann);
    const { withdrawal } = (await requestTransfer(ann, '300.00')).json();
    const foreign = await cancelTransfer(ben, withdrawal.id);
    expect(foreign.statusCode).toBe(404);
    const cancelled = await cancelTransfer(ann, withdrawal.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().withdrawal).toMatchObject({ status: 'cancelled', is_cancellable: false });
    const again = await cancelTransfer(ann, withdrawal.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This transfer can no longer be cancelled');
  });

  it('is paid at the quarter end and can no longer be cancelled', async () => {
    const pending = (await summaryOf(ann)).withdrawals.find((row) => row.status === 'pending')!;
    engine.setDate('2026-03-31');
    await processWithdrawals(engine, '2026-03-31');
    const paid = (await summaryOf(ann)).withdrawals.find((row) => row.id === pending.id)!;
    expect(paid.status).toBe('paid');
    expect((await cancelTransfer(ann, pending.id)).statusCode).toBe(409);
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });

  it(`lets only one of two concurrent transfers of everything through (${isPostgresRun() ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    await stepUp(ann);
    const available = (await summaryOf(ann)).available_to_withdraw;
    const responses = await Promise.all([requestTransfer(ann, available), requestTransfer(ann, available)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    expect((await summaryOf(ann)).available_to_withdraw).toBe('0.00');
  });
});

describe('CONVERT TO HIGH-YIELD', () => {
  async function productOf(type: 'standard' | 'high_yield', termYears: number) {
    const rows = await testApp.context.db.select().from(investmentProducts);
    const row = rows.find((product) => product.investmentType === type && product.termYears === termYears)!;
    return { id: row.id, rate: row.interestRateAnnual.replace(/0+$/, '') };
  }

  const accepted = { agreement_version: AGREEMENT_VERSION, consent: true };

  async function convert(
    body: {
      amount: string;
      product_id: string;
      interest_rate_annual: string;
      agreement_version?: string;
      consent?: boolean;
    },
    key?: string,
  ) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/transfers/conversions',
      payload: { ...accepted, ...body },
      headers: {
        origin: testOrigin,
        cookie: cara.cookie,
        'idempotency-key': key ?? randomBytes(12).toString('hex'),
      },
    });
  }

  it('refuses amounts below the minimum or above what is available, and products that are not High-Yield', async () => {
    const threeYears = await productOf('high_yield', 3);
    const standard = await productOf('standard', 1);
    const below = await convert({
      amount: '4999.99',
      product_id: threeYears.id,
      interest_rate_annual: threeYears.rate,
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.message).toBe('The minimum for a High-Yield note is $5,000.00');
    const above = await convert({
      amount: '20000.01',
      product_id: threeYears.id,
      interest_rate_annual: threeYears.rate,
    });
    expect(above.statusCode).toBe(400);
    const wrongRate = await convert({
      amount: '6000',
      product_id: threeYears.id,
      interest_rate_annual: '0.2',
    });
    expect(wrongRate.statusCode).toBe(409);
    const notHighYield = await convert({
      amount: '6000',
      product_id: standard.id,
      interest_rate_annual: standard.rate,
    });
    expect(notHighYield.statusCode).toBe(409);
    expect((await summaryOf(cara)).available_to_withdraw).toBe('20000.00');
  });

  it('refuses a conversion without the agreement consent, or with an old agreement, and converts nothing', async () => {
    const threeYears = await productOf('high_yield', 3);
    const order = { amount: '6000', product_id: threeYears.id, interest_rate_annual: threeYears.rate };
    const withoutConsent = await convert({ ...order, consent: false });
    expect(withoutConsent.statusCode).toBe(400);
    expect(withoutConsent.json().error.message).toBe('Please read and accept the Perpetual Note Agreement');
    const consentLeftOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/transfers/conversions',
      payload: order,
      headers: {
        origin: testOrigin,
        cookie: cara.cookie,
        'idempotency-key': randomBytes(12).toString('hex'),
      },
    });
    expect(consentLeftOut.statusCode).toBe(400);
    const oldAgreement = await convert({ ...order, agreement_version: 'PNA-1999-01' });
    expect(oldAgreement.statusCode).toBe(409);
    expect((await summaryOf(cara)).available_to_withdraw).toBe('20000.00');
  });

  it('moves available funds into a new High-Yield note at once, once per key', async () => {
    const threeYears = await productOf('high_yield', 3);
    const key = randomBytes(12).toString('hex');
    const body = { amount: '12,000', product_id: threeYears.id, interest_rate_annual: threeYears.rate };
    const response = await convert(body, key);
    expect(response.statusCode).toBe(201);
    const { investment } = response.json();
    expect(investment).toMatchObject({
      principal_amount: '12000.00',
      interest_rate_annual: '0.094',
      term_years: 3,
      start_date: testApp.clock.today(),
    });
    expect((await convert(body, key)).json()).toEqual(response.json());
    const agreements = rowsOf<{ agreement_version: string; amount: string; investor_id: string }>(
      await testApp.context.db.execute(sql`
        select agreement_version, amount::text as amount, investor_id from conversion_agreements
        where investment_id = ${investment.id}`),
    );
    expect(agreements).toEqual([
      { agreement_version: AGREEMENT_VERSION, amount: '12000.00', investor_id: cara.investorId },
    ]);
    expect((await summaryOf(cara)).available_to_withdraw).toBe('8000.00');
    const page = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/portal/transactions?limit=10',
        headers: { cookie: cara.cookie },
      })
    ).json<TransactionPage>();
    const reinvestments = page.transactions.filter((row) => row.transaction_type === 'reinvestment');
    expect(reinvestments.map((row) => row.signed_amount).sort()).toEqual(['+12000.00', '-12000.00']);
    expect(reinvestments.find((row) => row.signed_amount.startsWith('+'))?.investment_id).toBe(investment.id);
    await noticeSenderOf(testApp.context).drain();
    const bell = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/notifications',
      headers: { cookie: cara.cookie },
    });
    expect(bell.json().notifications.map((notice: { title: string }) => notice.title)).toContain(
      'Converted to High-Yield: $12,000.00',
    );
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });

  it('answers a retry of a completed key with its stored answer even when the conversion limit is used up', async () => {
    const threeYears = await productOf('high_yield', 3);
    const key = randomBytes(12).toString('hex');
    const body = { amount: '5000', product_id: threeYears.id, interest_rate_annual: threeYears.rate };
    const first = await convert(body, key);
    expect(first.statusCode).toBe(201);
    await withLimitUsedUp({ name: 'conversion:investor', limit: 20, windowSeconds: 3600 }, cara, async () => {
      const retry = await convert(body, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      const another = await convert(body);
      expect(another.statusCode).toBe(429);
      expect(another.json().error.message).toMatch(/^Too many requests\. Try again in/);
    });
  });
});
