/**
 * A purchase when Plaid is unreachable or slow (issue 24 items 5 and 6, decision 1850),
 * through the real `plaid` SDK pointed at the local fake of Plaid's HTTP API: an authorisation
 * that cannot be had refuses the purchase with the rail's own message and writes nothing; a
 * slow /transfer/create does not hold the answer, and the transfer is created after it, once.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achPurchaseMessages } from '../../../shared/payments/ach-messages';
import type { PurchaseRequest } from '../../../shared/purchases/purchase-contracts';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import type { TransferAchProvider } from '../../providers/ach';
import { plaidAchProvider } from '../../providers/plaid-ach';
import { encryptField } from '../../security/field-encryption';
import { type FakePlaid, fakeInstitution, startFakePlaid } from '../../test-support/fake-plaid-server';
import { testOrigin } from '../../test-support/investor-auth';
import { type BankedInvestor, signUpBankedInvestor } from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { moneyEngineFromContext } from '../money/engine-context';
import { settleAchPayments } from '../money/settle-ach-payments';
import { fundingDebitSenderOf } from './funding-debit-sender';

let fake: FakePlaid;
let reachable: TransferAchProvider;
/** The rail the app talks to; a test swaps it for an unreachable one. */
let current: TransferAchProvider;
let testApp: TestApp;
let productId: string;
let productRate: string;

/** The app's rail: whichever `current` is, so one app can meet a reachable and an unreachable Plaid. */
const switchingRail: TransferAchProvider = {
  name: 'plaid',
  expectedSettlementDate: (createdOn) => current.expectedSettlementDate(createdOn),
  authorize: (order) => current.authorize(order),
  createTransfer: (order, authorizationId) => current.createTransfer(order, authorizationId),
  syncEvents: (afterId, count) => current.syncEvents(afterId, count),
  webhookVerificationKey: (kid) => current.webhookVerificationKey(kid),
};

function railAt(basePath: string, userPresentTimeoutMs?: number): TransferAchProvider {
  return plaidAchProvider({
    clientId: fake.clientId,
    secret: fake.secret,
    environment: 'sandbox',
    basePath,
    settlementBusinessDays: 1,
    ...(userPresentTimeoutMs === undefined ? {} : { userPresentTimeoutMs }),
  });
}

/** An address where nothing listens: a port taken and released again. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function railInvestor(label: string): Promise<BankedInvestor> {
  const investor = await signUpBankedInvestor(
    testApp,
    `${label}-${randomBytes(4).toString('hex')}@example.com`,
  );
  const item = fake.createItem(fakeInstitution);
  await testApp.context.db.execute(sql`
    update bank_accounts set provider = 'plaid', provider_account_id = ${item.accountId},
      access_token_encrypted = ${encryptField(testApp.config.fieldEncryptionKey, item.accessToken)}
    where id = ${investor.bankAccountId}::uuid`);
  await testApp.context.db.execute(
    sql`update investors set first_name = 'Avery', last_name = 'Stone' where id = ${investor.investorId}::uuid`,
  );
  return investor;
}

function buy(investor: BankedInvestor) {
  const body: PurchaseRequest = {
    product_id: productId,
    term_years: 3,
    amount: '5000',
    interest_rate_annual: productRate,
    funding_account_id: investor.bankAccountId,
    agreement_version: AGREEMENT_VERSION,
    consent: true,
  };
  return testApp.app.inject({
    method: 'POST',
    url: '/api/purchases',
    payload: body,
    headers: {
      origin: testOrigin,
      cookie: investor.cookie,
      'idempotency-key': randomBytes(16).toString('hex'),
    },
  });
}

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await testApp.context.db.execute(statement));
}

async function writtenFor(investorId: string) {
  const [counts] = await query<{ notes: number; payments: number; notices: number }>(sql`
    select (select count(*)::int from investments where investor_id = ${investorId}::uuid) as notes,
           (select count(*)::int from ach_payments where investor_id = ${investorId}::uuid) as payments,
           (select count(*)::int from investor_notice_queue where investor_id = ${investorId}::uuid) as notices`);
  return counts;
}

async function fundingOf(investmentId: string) {
  const [row] = await query<{ id: string; status: string; provider_reference: string | null }>(sql`
    select id, status, provider_reference from ach_payments
    where investment_id = ${investmentId}::uuid and payment_type = 'funding'`);
  return row!;
}

const transfersFor = (paymentId: string) =>
  [...fake.transfers.values()].filter((transfer) => transfer.idempotencyKey === paymentId);

beforeAll(async () => {
  fake = await startFakePlaid();
  reachable = railAt(fake.baseUrl);
  current = reachable;
  testApp = await createTestApp({ build: { providers: { ach: switchingRail } } });
  const [product] = await testApp.context.db
    .select()
    .from(investmentProducts)
    .where(sql`investment_type = 'high_yield' and term_years = 3`);
  productId = product!.id;
  productRate = product!.interestRateAnnual.replace(/0+$/, '');
});

afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

describe('Plaid unreachable at purchase (issue 24 item 5)', () => {
  it('answers 503 with the rail’s own message and writes no note, debit or notice', async () => {
    const investor = await railInvestor('unreachable');
    current = railAt(await closedAddress());
    try {
      const response = await buy(investor);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'provider_unavailable', message: achPurchaseMessages.railUnavailable },
      });
      expect(response.json().error.message).toBe(
        'We could not reach our payment provider. No note was created. Please try again in a few minutes.',
      );
    } finally {
      current = reachable;
    }
    expect(await writtenFor(investor.investorId)).toEqual({ notes: 0, payments: 0, notices: 0 });
    expect((await buy(investor)).statusCode).toBe(201);
  });

  it('treats an authorisation that does not answer in time as unreachable', async () => {
    const investor = await railInvestor('slow-authorisation');
    current = railAt(fake.baseUrl, 300);
    const held = fake.hold('/transfer/authorization/create');
    try {
      const response = await buy(investor);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(achPurchaseMessages.railUnavailable);
    } finally {
      held.release();
      current = reachable;
    }
    expect(await writtenFor(investor.investorId)).toEqual({ notes: 0, payments: 0, notices: 0 });
  });
});

describe('a slow /transfer/create (issue 24 item 6)', () => {
  const createRequestsFor = (paymentId: string) =>
    fake.requests.filter(
      (request) => request.path === '/transfer/create' && request.body.idempotency_key === paymentId,
    );

  it('answers once the note is committed; the transfer Plaid was still holding is then created, once', async () => {
    const investor = await railInvestor('slow-create');
    const held = fake.hold('/transfer/create');
    try {
      const response = await buy(investor);
      expect(response.statusCode, response.body).toBe(201);
      const investmentId = (response.json() as { investment: { id: string } }).investment.id;
      // The answer came while Plaid holds the transfer: the note is committed, its debit
      // authorised and pending, no transfer exists yet.
      const funding = await fundingOf(investmentId);
      expect(funding).toMatchObject({ status: 'pending', provider_reference: null });
      expect(transfersFor(funding.id)).toHaveLength(0);
      held.release();
      await fundingDebitSenderOf(testApp.context).idle();
      // The request Plaid held was still awaited (not given up on a timeout): its answer is
      // what recorded the transfer, with no second request.
      expect(createRequestsFor(funding.id)).toHaveLength(1);
      expect(transfersFor(funding.id)).toHaveLength(1);
      expect(await fundingOf(investmentId)).toMatchObject({
        status: 'posted',
        provider_reference: transfersFor(funding.id)[0]!.id,
      });
    } finally {
      held.release();
    }
  });

  it('creates one transfer when the settle run meets the same unsent debit meanwhile', async () => {
    const investor = await railInvestor('slow-create-and-settle');
    const held = fake.hold('/transfer/create');
    let settleRun: Promise<unknown> | null = null;
    try {
      const response = await buy(investor);
      expect(response.statusCode, response.body).toBe(201);
      const investmentId = (response.json() as { investment: { id: string } }).investment.id;
      const engine = { ...moneyEngineFromContext(testApp.context), ach: switchingRail };
      settleRun = settleAchPayments(engine, testApp.context.clock.today());
      held.release();
      await settleRun;
      await fundingDebitSenderOf(testApp.context).idle();
      const funding = await fundingOf(investmentId);
      expect(transfersFor(funding.id)).toHaveLength(1);
      expect(funding).toMatchObject({
        status: 'posted',
        provider_reference: transfersFor(funding.id)[0]!.id,
      });
    } finally {
      held.release();
      await settleRun?.catch(() => undefined);
    }
  });

  it('still sends the debit when the answer went out and the send did not (a process stopped after answering)', async () => {
    const investor = await railInvestor('stopped');
    fake.failNextRequest('/transfer/create');
    const response = await buy(investor);
    expect(response.statusCode, response.body).toBe(201);
    const investmentId = (response.json() as { investment: { id: string } }).investment.id;
    await fundingDebitSenderOf(testApp.context).idle();
    const funding = await fundingOf(investmentId);
    expect(funding).toMatchObject({ status: 'pending', provider_reference: null });
    expect(transfersFor(funding.id)).toHaveLength(0);

    // The next process's start-up pass sends what was left, with the same idempotency key.
    fundingDebitSenderOf(testApp.context).start();
    await fundingDebitSenderOf(testApp.context).idle();
    expect(transfersFor(funding.id)).toHaveLength(1);
    expect((await fundingOf(investmentId)).status).toBe('posted');
    fundingDebitSenderOf(testApp.context).start();
    await fundingDebitSenderOf(testApp.context).idle();
    expect(transfersFor(funding.id)).toHaveLength(1);
  });
});
