/**
 * The ACH rail on Plaid Transfer (issue 15, decision 1500), through the real `plaid` SDK
 * pointed at the local fake of Plaid's HTTP API: a purchase end to end, a declined
 * authorisation, every return code path, credits owed and paid again, verified, replayed,
 * stale and forged webhooks, a sync resumed after a crash, reconciliation and the limits.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TransferEventType } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseRequest } from '../../../shared/purchases/purchase-contracts';
import { plaidEventStatuses, plaidEventsThatMoveNoPayment } from '../../../shared/payments/ach-states';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import { AchRailError, type TransferAchProvider } from '../../providers/ach';
import { plaidAchProvider } from '../../providers/plaid-ach';
import { encryptField } from '../../security/field-encryption';
import { type FakePlaid, fakeInstitution, startFakePlaid } from '../../test-support/fake-plaid-server';
import { testOrigin } from '../../test-support/investor-auth';
import {
  addBankAccount,
  type BankedInvestor,
  signUpBankedInvestor,
} from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { moneyEngineFromContext } from '../money/engine-context';
import { runLedgerCheck } from '../money/ledger-check';
import { reconcileAchPayments } from '../money/reconcile-ach-payments';
import { settleAchPayments } from '../money/settle-ach-payments';
import { readEventCursor, syncAchEvents } from '../money/sync-ach-events';
import { fundingDebitSenderOf } from '../purchases/funding-debit-sender';
import { repayOwedCreditsAfterNewAccount, resendOwedCredit } from './owed-credits';

let fake: FakePlaid;
let rail: TransferAchProvider;
let testApp: TestApp;
let productId: string;
let productRate: string;

interface RailInvestor extends BankedInvestor {
  providerAccountId: string;
}

async function railInvestor(label: string): Promise<RailInvestor> {
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
  return { ...investor, providerAccountId: item.accountId };
}

/** A purchase, once its funding transfer (created after the answer, decision 1850) has gone out. */
async function buy(investor: BankedInvestor, amount = '5000') {
  const body: PurchaseRequest = {
    product_id: productId,
    term_years: 3,
    amount,
    interest_rate_annual: productRate,
    funding_account_id: investor.bankAccountId,
    agreement_version: AGREEMENT_VERSION,
    consent: true,
  };
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/purchases',
    payload: body,
    headers: {
      origin: testOrigin,
      cookie: investor.cookie,
      'idempotency-key': randomBytes(16).toString('hex'),
    },
  });
  await fundingDebitSenderOf(testApp.context).idle();
  return response;
}

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await testApp.context.db.execute(statement));
}

interface PaymentRow {
  id: string;
  status: string;
  provider: string;
  provider_reference: string | null;
  provider_status: string | null;
  authorization_id: string | null;
  return_code: string | null;
  failure_reason: string | null;
  investment_id: string | null;
}

async function paymentOf(id: string): Promise<PaymentRow> {
  return (
    await query<PaymentRow>(sql`
      select id, status, provider, provider_reference, provider_status, authorization_id, return_code, failure_reason,
             investment_id
      from ach_payments where id = ${id}::uuid`)
  )[0]!;
}

async function fundingOf(investmentId: string): Promise<PaymentRow> {
  const [row] = await query<{ id: string }>(
    sql`select id from ach_payments where investment_id = ${investmentId}::uuid and payment_type = 'funding'`,
  );
  return paymentOf(row!.id);
}

function engine() {
  return { ...moneyEngineFromContext(testApp.context), ach: rail };
}

const sync = () => syncAchEvents(engine(), testApp.context.clock.today());

async function webhook(signed: { body: string; token?: string }) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/webhooks/plaid',
    payload: signed.body,
    headers: {
      'content-type': 'application/json',
      ...(signed.token ? { 'plaid-verification': signed.token } : {}),
    },
  });
}

/** Plaid signs with its own clock; the app runs on the test's clock. */
const testNowSeconds = () => Math.floor(testApp.clock.now().getTime() / 1000);

const transferEventsUpdate = {
  webhook_type: 'TRANSFER',
  webhook_code: 'TRANSFER_EVENTS_UPDATE',
  environment: 'sandbox',
};

beforeAll(async () => {
  fake = await startFakePlaid();
  rail = plaidAchProvider({
    clientId: fake.clientId,
    secret: fake.secret,
    environment: 'sandbox',
    basePath: fake.baseUrl,
    settlementBusinessDays: 1,
  });
  testApp = await createTestApp({
    env: { ACH_INVESTOR_DAILY_LIMIT: '50000.00', ACH_INVESTOR_MONTHLY_LIMIT: '80000.00' },
    build: { providers: { ach: rail } },
  });
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

describe('a purchase on Plaid Transfer', () => {
  it('authorises, creates the transfer with the payment id as idempotency key, and settles from the events', async () => {
    const investor = await railInvestor('buyer');
    const response = await buy(investor);
    expect(response.statusCode, response.body).toBe(201);
    const investmentId = (response.json() as { investment: { id: string } }).investment.id;
    const funding = await fundingOf(investmentId);
    expect(funding).toMatchObject({ status: 'posted', provider: 'plaid', provider_status: 'pending' });
    const authorization = fake.requests.find(
      (request) =>
        request.path === '/transfer/authorization/create' && request.body.idempotency_key === funding.id,
    );
    expect(authorization?.body).toMatchObject({
      type: 'debit',
      network: 'ach',
      amount: '5000.00',
      ach_class: 'web',
      user_present: true,
      user: { legal_name: 'Avery Stone' },
      account_id: investor.providerAccountId,
    });
    const transfer = fake.transfers.get(funding.provider_reference!);
    expect(transfer).toMatchObject({
      authorizationId: funding.authorization_id,
      idempotencyKey: funding.id,
      metadata: { payment_id: funding.id },
      type: 'debit',
      amount: '5000.00',
    });

    fake.simulateTransferEvent(transfer!.id, 'posted');
    fake.simulateTransferEvent(transfer!.id, 'settled');
    const signed = await fake.signWebhook(transferEventsUpdate, { iat: testNowSeconds() });
    const answer = await webhook(signed);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: true, duplicate: false, action: 'synced' });
    expect(await fundingOf(investmentId)).toMatchObject({ status: 'settled', provider_status: 'settled' });
    // funds_available after settled changes nothing; a second settle run sends nothing twice.
    fake.simulateTransferEvent(transfer!.id, 'funds_available');
    await sync();
    expect(await fundingOf(investmentId)).toMatchObject({ status: 'settled' });
    await settleAchPayments(engine(), testApp.context.clock.today());
    expect([...fake.transfers.values()].filter((entry) => entry.idempotencyKey === funding.id)).toHaveLength(
      1,
    );
  });

  it('refuses the purchase with a clear message and creates no note when the authorisation is declined', async () => {
    const investor = await railInvestor('declined');
    fake.declineNextAuthorization(
      investor.providerAccountId,
      'NSF',
      'Transaction would result in negative balance.',
    );
    const response = await buy(investor);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(
      'Your bank did not approve this payment (Transaction would result in negative balance). No note was created and no money moved. Check your balance or choose another account, then try again.',
    );
    const [counts] = await query<{ notes: number; payments: number }>(sql`
      select (select count(*)::int from investments where investor_id = ${investor.investorId}::uuid) as notes,
             (select count(*)::int from ach_payments where investor_id = ${investor.investorId}::uuid) as payments`);
    expect(counts).toEqual({ notes: 0, payments: 0 });
    // The next try (money added) goes through.
    expect((await buy(investor)).statusCode).toBe(201);
  });
});

const returnCodes = ['R01', 'R02', 'R03', 'R04', 'R08', 'R10', 'R16', 'R20', 'R29'];

describe('returns', () => {
  it('cancels and reverses the note of every returned funding debit and tells the investor why', async () => {
    const investor = await railInvestor('returns');
    const notes: { code: string; investmentId: string }[] = [];
    for (const code of returnCodes) {
      const response = await buy(investor);
      expect(response.statusCode, response.body).toBe(201);
      notes.push({ code, investmentId: (response.json() as { investment: { id: string } }).investment.id });
    }
    for (const note of notes) {
      const funding = await fundingOf(note.investmentId);
      fake.simulateTransferEvent(funding.provider_reference!, 'posted');
      fake.simulateTransferEvent(funding.provider_reference!, 'settled');
      fake.simulateTransferEvent(funding.provider_reference!, 'returned', {
        achReturnCode: note.code,
        description: `bank says ${note.code}`,
      });
    }
    await sync();
    for (const note of notes) {
      const funding = await fundingOf(note.investmentId);
      expect(funding.status).toBe('returned');
      expect(funding.return_code).toBe(note.code);
      expect(funding.failure_reason).toMatch(new RegExp(`^${note.code} `));
      const [investment] = await query<{ status: string; cancellation_reason: string; value: string }>(sql`
        select i.status, i.cancellation_reason,
               (select sum(value_effect)::text from investment_transactions t where t.investment_id = i.id) as value
        from investments i where i.id = ${note.investmentId}::uuid`);
      expect(investment).toMatchObject({ status: 'cancelled', value: '0.00' });
      expect(investment!.cancellation_reason).toBe(`Funding debit returned: ${funding.failure_reason}`);
    }
    const notices = await query<{ title: string; body: string }>(sql`
      select notice->>'title' as title, notice->>'body' as body from investor_notice_queue
      where investor_id = ${investor.investorId}::uuid and notice->>'title' like 'Purchase cancelled%'`);
    expect(notices).toHaveLength(returnCodes.length);
    expect(notices.map((notice) => notice.body).join('\n')).toContain('R01 Insufficient funds');
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });

  it('keeps a returned interest or withdrawal credit owed to the investor, and pays it again after a bank fix or a staff resend', async () => {
    const investor = await railInvestor('credits');
    const response = await buy(investor);
    const investmentId = (response.json() as { investment: { id: string } }).investment.id;
    const funding = await fundingOf(investmentId);
    fake.simulateTransferEvent(funding.provider_reference!, 'settled');
    await sync();

    const credits: { code: string; id: string; type: string }[] = [];
    for (const [index, code] of returnCodes.entries()) {
      const type = index % 2 === 0 ? 'interest' : 'withdrawal';
      const [row] = await query<{ id: string }>(sql`
        insert into ach_payments (investor_id, bank_account_id, investment_id, payment_type, direction, amount, status,
                                  effective_date, posting_period)
        values (${investor.investorId}::uuid, ${investor.bankAccountId}::uuid, ${investmentId}::uuid, ${type}, 'credit',
                ${`${10 + index}.25`}::numeric, 'pending', '2026-03-11',
                ${type === 'interest' ? sql`${`2026-0${(index % 9) + 1}-01`}::date` : sql`null`})
        returning id`);
      credits.push({ code, id: row!.id, type });
    }
    const sent = await settleAchPayments(engine(), testApp.context.clock.today());
    expect(sent.metadata).toMatchObject({ posted: returnCodes.length, refused: 0, unsent: 0 });
    for (const credit of credits) {
      const payment = await paymentOf(credit.id);
      expect(payment.status).toBe('posted');
      fake.simulateTransferEvent(payment.provider_reference!, 'settled');
      fake.simulateTransferEvent(payment.provider_reference!, 'returned', {
        achReturnCode: credit.code,
        description: 'returned',
      });
    }
    await sync();
    const owed = await query<{
      id: string;
      ach_payment_id: string;
      amount: string;
      reason: string;
      status: string;
    }>(sql`
      select id, ach_payment_id, amount::text as amount, reason, status from amounts_owed
      where investor_id = ${investor.investorId}::uuid and direction = 'owed_to_investor' order by amount`);
    expect(owed).toHaveLength(returnCodes.length);
    for (const [index, row] of owed.entries()) {
      expect(row).toMatchObject({
        status: 'open',
        amount: `${10 + index}.25`,
        ach_payment_id: credits[index]!.id,
      });
      expect(row.reason).toContain(`returned: ${returnCodes[index]} `);
    }
    const creditNotices = await query<{ count: number }>(sql`
      select count(*)::int as count from investor_notice_queue
      where investor_id = ${investor.investorId}::uuid and notice->>'title' like 'Your bank returned%'`);
    expect(creditNotices[0]!.count).toBe(returnCodes.length);
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);

    // Staff resend: refused into the account that came back for an account problem (R02), allowed for R01.
    const r02 = owed[1]!;
    await expect(resendOwedCredit(testApp.context, { amountOwedId: r02.id })).rejects.toThrow(
      'This payment came back from the same bank account (R02). Ask the investor to link a working account first.',
    );
    const r01 = owed[0]!;
    const resent = await resendOwedCredit(testApp.context, { amountOwedId: r01.id });
    expect(resent).toMatchObject({ status: 'posted', amount: '10.25' });
    await expect(resendOwedCredit(testApp.context, { amountOwedId: r01.id })).rejects.toThrow(
      'A payment of this amount is already on its way.',
    );
    const repayment = await paymentOf(resent.achPaymentId);
    fake.simulateTransferEvent(repayment.provider_reference!, 'settled');
    await sync();
    const [paid] = await query<{ status: string }>(
      sql`select status from amounts_owed where id = ${r01.id}::uuid`,
    );
    expect(paid!.status).toBe('resolved');

    // The investor links a working account: everything still owed is paid into it, nothing twice.
    const item = fake.createItem(fakeInstitution);
    await testApp.context.db.execute(sql`
      update bank_accounts set is_primary = false, deleted_at = now() where id = ${investor.bankAccountId}::uuid`);
    const newAccount = await addBankAccount(testApp.context.db, investor.investorId, { lastFour: '4321' });
    await testApp.context.db.execute(sql`
      update bank_accounts set provider = 'plaid', provider_account_id = ${item.accountId},
        access_token_encrypted = ${encryptField(testApp.config.fieldEncryptionKey, item.accessToken)}
      where id = ${newAccount}::uuid`);
    expect(await repayOwedCreditsAfterNewAccount(testApp.context, investor.investorId)).toBe(
      returnCodes.length - 1,
    );
    expect(await repayOwedCreditsAfterNewAccount(testApp.context, investor.investorId)).toBe(0);
    const repayments = await query<{ provider_reference: string; bank_account_id: string }>(sql`
      select provider_reference, bank_account_id::text from ach_payments
      where repays_amount_owed_id is not null and status = 'posted' and investor_id = ${investor.investorId}::uuid`);
    expect(repayments).toHaveLength(returnCodes.length - 1);
    expect(repayments.every((row) => row.bank_account_id === newAccount)).toBe(true);
    for (const row of repayments) fake.simulateTransferEvent(row.provider_reference, 'settled');
    await sync();
    const [open] = await query<{ count: number }>(sql`
      select count(*)::int as count from amounts_owed where investor_id = ${investor.investorId}::uuid and status = 'open'`);
    expect(open!.count).toBe(0);
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });
});

describe('webhooks', () => {
  async function postedPayment() {
    const investor = await railInvestor('hooks');
    const response = await buy(investor);
    return fundingOf((response.json() as { investment: { id: string } }).investment.id);
  }

  it('changes nothing for a forged, tampered, unsigned or stale call, and nothing twice for a replay', async () => {
    const funding = await postedPayment();
    fake.simulateTransferEvent(funding.provider_reference!, 'failed', { description: 'Account closed' });
    const cursor = await readEventCursor(testApp.context.db, 'plaid');

    const forged = await fake.forgeWebhook(transferEventsUpdate, testNowSeconds());
    const signed = await fake.signWebhook(transferEventsUpdate, { iat: testNowSeconds() });
    const stale = await fake.signWebhook(transferEventsUpdate, { iat: testNowSeconds() - 6 * 60 });
    const unknownKey = await fake.signWebhook(transferEventsUpdate, {
      kid: 'kid-nobody-published',
      iat: testNowSeconds(),
    });
    for (const call of [
      forged,
      { body: signed.body.replace('sandbox', 'production'), token: signed.token },
      { body: signed.body },
      stale,
      unknownKey,
      { body: signed.body, token: 'not.a.jwt' },
    ]) {
      const response = await webhook(call);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthenticated', message: 'The webhook could not be verified.' },
      });
    }
    expect(await fundingOf(funding.investment_id!)).toMatchObject({ status: 'posted' });
    expect(await readEventCursor(testApp.context.db, 'plaid')).toBe(cursor);

    const first = await webhook(signed);
    expect(first.json()).toMatchObject({ duplicate: false, action: 'synced' });
    expect(await fundingOf(funding.investment_id!)).toMatchObject({
      status: 'failed',
      failure_reason: 'Account closed',
    });
    const replay = await webhook(signed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true, action: 'ignored' });
  });
});

describe('the event sync', () => {
  it('resumes after a crash from the last event it committed, applying each event once', async () => {
    const investor = await railInvestor('crash');
    const payments: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await buy(investor);
      payments.push((await fundingOf((response.json() as { investment: { id: string } }).investment.id)).id);
    }
    await sync();
    for (const id of payments)
      fake.simulateTransferEvent((await paymentOf(id)).provider_reference!, 'settled');
    const before = await readEventCursor(testApp.context.db, 'plaid');

    // Pages of two events; the second page's request dies (the process crashed or Plaid failed).
    let calls = 0;
    const crashing: TransferAchProvider = {
      ...rail,
      async syncEvents(afterId) {
        calls += 1;
        if (calls === 2) throw new Error('crash');
        return rail.syncEvents(afterId, 2);
      },
    };
    await expect(
      syncAchEvents({ ...engine(), ach: crashing }, testApp.context.clock.today()),
    ).rejects.toThrow('crash');
    const committed = await readEventCursor(testApp.context.db, 'plaid');
    expect(committed).toBe(before + 2);
    const settledSoFar = await query<{ count: number }>(sql`
      select count(*)::int as count from ach_payments where id = any(${`{${payments.join(',')}}`}::uuid[]) and status = 'settled'`);
    expect(settledSoFar[0]!.count).toBe(2);

    const requestsBefore = fake.requests.length;
    await sync();
    const resumed = fake.requests
      .slice(requestsBefore)
      .find((request) => request.path === '/transfer/event/sync');
    expect(resumed?.body.after_id).toBe(committed);
    for (const id of payments) expect((await paymentOf(id)).status).toBe('settled');
    const [stored] = await query<{ count: number; distinct_events: number }>(sql`
      select count(*)::int as count, count(distinct event_id)::int as distinct_events from ach_provider_events`);
    expect(stored!.count).toBe(stored!.distinct_events);
  });
});

describe('a crash between creating a transfer and storing its id', () => {
  it('creates it again idempotently and applies the events Plaid sent meanwhile', async () => {
    const investor = await railInvestor('lost-id');
    const [row] = await query<{ id: string }>(sql`
      insert into ach_payments (investor_id, bank_account_id, payment_type, direction, amount, status, effective_date)
      values (${investor.investorId}::uuid, ${investor.bankAccountId}::uuid, 'withdrawal', 'credit', 321.09, 'pending',
              '2026-03-11')
      returning id`);
    const dying: TransferAchProvider = {
      ...rail,
      async createTransfer(order, authorizationId) {
        await rail.createTransfer(order, authorizationId);
        throw new AchRailError('connection reset', 'ECONNRESET');
      },
    };
    const first = await settleAchPayments({ ...engine(), ach: dying }, testApp.context.clock.today());
    expect(first.metadata).toMatchObject({ posted: 0, unsent: 1 });
    const created = [...fake.transfers.values()].find((transfer) => transfer.idempotencyKey === row!.id)!;
    fake.simulateTransferEvent(created.id, 'settled');
    await sync();
    expect(await paymentOf(row!.id)).toMatchObject({ status: 'pending', provider_reference: null });

    const second = await settleAchPayments(engine(), testApp.context.clock.today());
    expect(second.metadata).toMatchObject({ posted: 1 });
    expect(await paymentOf(row!.id)).toMatchObject({ status: 'settled', provider_reference: created.id });
    expect(
      [...fake.transfers.values()].filter((transfer) => transfer.idempotencyKey === row!.id),
    ).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('records every difference between the ledger and the rail, and the ledger check lists them', async () => {
    const investor = await railInvestor('recon');
    const response = await buy(investor);
    const funding = await fundingOf((response.json() as { investment: { id: string } }).investment.id);
    fake.simulateTransferEvent(funding.provider_reference!, 'settled');
    const clean = await reconcileAchPayments(engine(), testApp.context.clock.today());
    expect(clean.metadata).toMatchObject({ differences: 0 });
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);

    // Someone edits a payment by hand: the rail says settled, the ledger says posted and a different amount.
    await testApp.context.db.execute(
      sql`update ach_payments set status = 'posted', amount = 4999.99 where id = ${funding.id}::uuid`,
    );
    const found = await reconcileAchPayments(engine(), testApp.context.clock.today());
    expect(found.metadata).toMatchObject({ differences: 2 });
    const differences = await query<{ kind: string; expected: string; actual: string }>(sql`
      select kind, expected, actual from ach_reconciliation_differences where ach_payment_id = ${funding.id}::uuid
      order by kind`);
    expect(differences).toEqual([
      { kind: 'amount_mismatch', expected: '5000.00', actual: '4999.99' },
      { kind: 'status_mismatch', expected: 'settled (settled)', actual: 'posted' },
    ]);
    const problems = (await runLedgerCheck(testApp.context.db)).problems.map((problem) => problem.check);
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^reconciliation \d{4}-\d{2}-\d{2}: status_mismatch$/)]),
    );
    await testApp.context.db.execute(
      sql`update ach_payments set status = 'settled', amount = 5000 where id = ${funding.id}::uuid`,
    );
    await testApp.context.db.execute(sql`delete from ach_reconciliation_differences`);
  });
});

describe('limits', () => {
  it('refuses a purchase over the daily or the monthly ACH limit with what is still possible', async () => {
    const investor = await railInvestor('limits');
    expect((await buy(investor, '20000')).statusCode).toBe(201);
    const overDay = await buy(investor, '35000');
    expect(overDay.statusCode).toBe(400);
    expect(overDay.json().error.message).toBe(
      'This purchase is over your bank transfer limit of $50,000.00 per day. You can buy up to $30,000.00 more today.',
    );
    // Earlier this month (2 March) the investor's bank was debited 45,000.00.
    const [earlier] = await query<{ id: string }>(sql`
      insert into ach_payments (investor_id, bank_account_id, payment_type, direction, amount, status, effective_date,
                                provider, created_at)
      values (${investor.investorId}::uuid, ${investor.bankAccountId}::uuid, 'funding', 'debit', 45000, 'settled',
              '2026-03-03', 'sandbox', '2026-03-02T15:00:00Z')
      returning id`);
    const overMonth = await buy(investor, '20000');
    expect(overMonth.statusCode).toBe(400);
    expect(overMonth.json().error.message).toBe(
      'This purchase is over your bank transfer limit of $80,000.00 per month. You can buy up to $15,000.00 more this month.',
    );
    expect((await buy(investor, '15000')).statusCode).toBe(201);
    await testApp.context.db.execute(sql`delete from ach_payments where id = ${earlier!.id}::uuid`);
  });
});

describe('a funding debit that ends in any state but settled (issue 24 item 1)', () => {
  it('cancels the note of a cancelled funding debit as it does a failed one, and tells the investor why', async () => {
    const investor = await railInvestor('cancelled');
    const response = await buy(investor);
    const investmentId = (response.json() as { investment: { id: string } }).investment.id;
    const funding = await fundingOf(investmentId);
    fake.simulateTransferEvent(funding.provider_reference!, 'cancelled');
    await sync();

    expect(await fundingOf(investmentId)).toMatchObject({
      status: 'cancelled',
      provider_status: 'cancelled',
      failure_reason: 'Cancelled before any money moved',
    });
    const [investment] = await query<{ status: string; cancellation_reason: string; value: string }>(sql`
      select i.status, i.cancellation_reason,
             (select sum(value_effect)::text from investment_transactions t where t.investment_id = i.id) as value
      from investments i where i.id = ${investmentId}::uuid`);
    expect(investment).toEqual({
      status: 'cancelled',
      cancellation_reason: 'Funding debit cancelled: Cancelled before any money moved',
      value: '0.00',
    });
    const notices = await query<{ title: string; body: string }>(sql`
      select notice->>'title' as title, notice->>'body' as body from investor_notice_queue
      where investor_id = ${investor.investorId}::uuid`);
    expect(notices).toContainEqual({
      title: 'Purchase cancelled: the payment did not go through',
      body: 'Your bank did not send the money for your new note (Cancelled before any money moved). We cancelled the note, so nothing is invested and nothing is owed. Check your bank account, then buy again.',
    });
    const portfolio = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/overview',
      headers: { cookie: investor.cookie },
    });
    expect(portfolio.json()).toMatchObject({ note_count: 0, notes: [], balance: { total_balance: '0.00' } });
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });

  it('keeps a cancelled interest credit owed to the investor, as a failed one', async () => {
    const investor = await railInvestor('cancelled-credit');
    const response = await buy(investor);
    const investmentId = (response.json() as { investment: { id: string } }).investment.id;
    fake.simulateTransferEvent((await fundingOf(investmentId)).provider_reference!, 'settled');
    await sync();
    const [credit] = await query<{ id: string }>(sql`
      insert into ach_payments (investor_id, bank_account_id, investment_id, payment_type, direction, amount, status,
                                effective_date, posting_period)
      values (${investor.investorId}::uuid, ${investor.bankAccountId}::uuid, ${investmentId}::uuid, 'interest', 'credit',
              33.33, 'pending', '2026-03-11', '2026-02-01')
      returning id`);
    await settleAchPayments(engine(), testApp.context.clock.today());
    fake.simulateTransferEvent((await paymentOf(credit!.id)).provider_reference!, 'cancelled');
    await sync();
    const owed = await query<{ amount: string; reason: string; status: string }>(sql`
      select amount::text as amount, reason, status from amounts_owed where ach_payment_id = ${credit!.id}::uuid`);
    expect(owed).toEqual([
      {
        amount: '33.33',
        reason: 'Interest credit cancelled: Cancelled before any money moved',
        status: 'open',
      },
    ]);
  });

  it('reconciliation finds a note still funded by a debit that did not settle, records it and cancels the note', async () => {
    const investor = await railInvestor('stranded');
    const response = await buy(investor);
    const investmentId = (response.json() as { investment: { id: string } }).investment.id;
    const funding = await fundingOf(investmentId);
    // As the rail left it before issue 24: the payment cancelled, its note still active.
    fake.simulateTransferEvent(funding.provider_reference!, 'cancelled');
    await testApp.context.db.execute(sql`
      update ach_payments set status = 'cancelled', provider_status = 'cancelled' where id = ${funding.id}::uuid`);

    const found = await reconcileAchPayments(engine(), testApp.context.clock.today());
    expect(found.metadata).toMatchObject({ differences: 1, notesCancelled: 1 });
    const differences = await query<{ kind: string; expected: string; actual: string }>(sql`
      select kind, expected, actual from ach_reconciliation_differences where ach_payment_id = ${funding.id}::uuid`);
    expect(differences).toEqual([
      { kind: 'unfunded_note', expected: 'note cancelled', actual: 'note active, funding debit cancelled' },
    ]);
    const [investment] = await query<{ status: string }>(
      sql`select status from investments where id = ${investmentId}::uuid`,
    );
    expect(investment!.status).toBe('cancelled');
    const notices = await query<{ title: string }>(sql`
      select notice->>'title' as title from investor_notice_queue where investor_id = ${investor.investorId}::uuid`);
    expect(notices.map((notice) => notice.title)).toContain(
      'Purchase cancelled: the payment did not go through',
    );

    const again = await reconcileAchPayments(engine(), testApp.context.clock.today());
    expect(again.metadata).toMatchObject({ differences: 0, notesCancelled: 0 });
    await testApp.context.db.execute(sql`delete from ach_reconciliation_differences`);
  });
});

describe('every transfer event Plaid documents (issue 24 item 3)', () => {
  it('keeps provider_status on the rail’s latest state, also when the payment’s state does not change', async () => {
    const investor = await railInvestor('statuses');
    const response = await buy(investor);
    const investmentId = (response.json() as { investment: { id: string } }).investment.id;
    const transferId = (await fundingOf(investmentId)).provider_reference!;
    const steps: [`${TransferEventType}`, string, string][] = [
      ['posted', 'posted', 'posted'],
      ['guaranteed', 'posted', 'posted'],
      ['settled', 'settled', 'settled'],
      ['swept', 'settled', 'settled'],
      ['funds_available', 'settled', 'funds_available'],
      ['swept_settled', 'settled', 'funds_available'],
    ];
    for (const [event, status, providerStatus] of steps) {
      fake.simulateTransferEvent(transferId, event);
      await sync();
      expect(await fundingOf(investmentId), event).toMatchObject({ status, provider_status: providerStatus });
    }
    const stored = await query<{ event_type: string }>(sql`
      select event_type from ach_provider_events where transfer_id = ${transferId} order by event_id`);
    expect(stored.map((row) => row.event_type)).toEqual(['pending', ...steps.map(([event]) => event)]);
  });

  it('knows every event type of the SDK: each moves a payment or is kept without moving one', () => {
    const known = [...Object.keys(plaidEventStatuses), ...plaidEventsThatMoveNoPayment].sort();
    expect(known).toEqual(Object.values(TransferEventType).sort());
  });
});

describe('webhook keys (issue 24 item 4)', () => {
  it('asks Plaid once per unknown key id, so forged key ids never keep out a webhook signed with a new key', async () => {
    const lookups = () => fake.requests.filter((request) => request.path === '/webhook_verification_key/get');
    const before = lookups().length;
    for (let index = 0; index < 25; index += 1) {
      const forged = await fake.signWebhook(transferEventsUpdate, {
        kid: `kid-forged-${randomBytes(8).toString('hex')}`,
        iat: testNowSeconds(),
      });
      expect((await webhook(forged)).statusCode).toBe(401);
    }
    expect(lookups().length - before).toBe(25);
    const repeated = await fake.signWebhook(transferEventsUpdate, {
      kid: 'kid-forged-again',
      iat: testNowSeconds(),
    });
    for (let index = 0; index < 5; index += 1) expect((await webhook(repeated)).statusCode).toBe(401);
    expect(lookups().length - before).toBe(26);

    const newKid = await fake.rotateWebhookKey();
    const genuine = await fake.signWebhook(transferEventsUpdate, { iat: testNowSeconds() });
    const answer = await webhook(genuine);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ duplicate: false, action: 'synced' });
    expect(lookups().at(-1)?.body.key_id).toBe(newKid);
    // The key is known now: the next webhook is verified without asking Plaid.
    const lookupsAfter = lookups().length;
    const next = await fake.signWebhook(
      { ...transferEventsUpdate, environment: 'sandbox ' },
      { iat: testNowSeconds() },
    );
    expect((await webhook(next)).statusCode).toBe(200);
    expect(lookups().length).toBe(lookupsAfter);
  });
});
