/**
 * Issue 24 item 25 (decisions 1311 and 1851): the notices of a purchase, a transfer request,
 * its cancellation and a conversion are queued in the transaction of their entry, so a process
 * that stops right after the commit still has them sent (by the next process's sender); staff
 * see notices the queue gave up on and can resend them, and only the roles that may.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedNoticesResponse } from '../../../shared/notifications/failed-notice-contracts';
import type { PurchaseRequest } from '../../../shared/purchases/purchase-contracts';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import { latestSmsCode, testOrigin } from '../../test-support/investor-auth';
import { buyNote } from '../../test-support/money-fixtures';
import { type BankedInvestor, portalEngine, signUpBankedInvestor } from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { enqueueNotices } from './notice-queue-repository';
import { noticeSenderOf, sendDueNotices } from './notice-sender';

let testApp: TestApp;
let support: SignedInAdmin;
let operations: SignedInAdmin;

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await testApp.context.db.execute(statement));
}

async function productOf(type: 'standard' | 'high_yield', termYears: number) {
  const [product] = await testApp.context.db
    .select()
    .from(investmentProducts)
    .where(sql`investment_type = ${type} and term_years = ${termYears}`);
  return { id: product!.id, rate: product!.interestRateAnnual.replace(/0+$/, '') };
}

function post(investor: BankedInvestor, url: string, payload?: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: {
      origin: testOrigin,
      cookie: investor.cookie,
      'idempotency-key': randomBytes(12).toString('hex'),
    },
  });
}

async function stepUp(investor: BankedInvestor): Promise<void> {
  testApp.clock.advance(61_000);
  expect((await post(investor, '/api/auth/step-up/start')).statusCode).toBe(200);
  const verify = await post(investor, '/api/auth/step-up/verify', {
    code: await latestSmsCode(testApp, investor.phone),
  });
  expect(verify.statusCode).toBe(200);
}

interface QueuedNotice {
  id: string;
  title: string;
  status: string;
}

const queuedFor = (investorId: string) =>
  query<QueuedNotice>(sql`
    select id, notice->>'title' as title, status from investor_notice_queue
    where investor_id = ${investorId}::uuid order by created_at, id`);

const bellsFor = (investorId: string) =>
  query<{ title: string }>(sql`
    select title from investor_notifications where investor_id = ${investorId}::uuid order by created_at`);

/** The notice's e-mails to an address (not the sign-up mail). */
const noticeEmailsTo = (email: string) =>
  query<{ subject: string }>(sql`
    select subject from outbox_messages
    where channel = 'email' and to_address = ${email} and subject like '%note is in place' order by created_at`);

beforeAll(async () => {
  testApp = await createTestApp();
  support = await signInTestAdmin(testApp, 'support');
  operations = await signInTestAdmin(testApp, 'operations');
});

afterAll(async () => {
  await testApp?.close();
});

describe('failed notices on the back office', () => {
  let dana: BankedInvestor;
  let failedId: string;

  beforeAll(async () => {
    dana = await signUpBankedInvestor(testApp, 'dana.notices@example.com');
    await enqueueNotices(
      testApp.context.db,
      [
        {
          investorId: dana.investorId,
          kind: 'investment_purchase',
          title: 'Investment confirmed: $5,000.00',
          body: 'Your note is in place.',
          email: {
            subject: 'Your $5,000.00 note is in place',
            preheader: 'Interest starts today.',
            heading: 'Your note is in place',
            paragraphs: ['Your note is in place.'],
          },
        },
      ],
      testApp.clock.now(),
    );
    // The bell went out, then every e-mail attempt was refused until the queue gave up.
    [{ id: failedId }] = (await query<{ id: string }>(sql`
      update investor_notice_queue set status = 'failed', attempts = 8, bell_at = ${testApp.clock.now()}::timestamptz,
        last_error = 'connect ECONNREFUSED 127.0.0.1:25', lease_until = null
      where investor_id = ${dana.investorId}::uuid returning id`)) as [{ id: string }];
  });

  const list = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url: '/api/admin/notifications/failed-notices', headers });
  const resend = (headers: Record<string, string>, id = failedId) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/failed-notices/${id}/resend`,
      headers: { origin: testOrigin, ...headers },
    });

  it('shows every role the notice, who it was for, why it failed and what already went out', async () => {
    const response = await list(support.headers);
    expect(response.statusCode).toBe(200);
    const { notices } = response.json<FailedNoticesResponse>();
    expect(notices.find((notice) => notice.id === failedId)).toMatchObject({
      investor_id: dana.investorId,
      investor_email: 'dana.notices@example.com',
      title: 'Investment confirmed: $5,000.00',
      attempts: 8,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      delivered: ['bell'],
    });
  });

  it('refuses the list and Resend without an admin session, and Resend to support', async () => {
    expect((await list({})).statusCode).toBe(401);
    expect((await list({ cookie: dana.cookie })).statusCode).toBe(401);
    expect((await resend({})).statusCode).toBe(401);
    expect((await resend({ cookie: dana.cookie })).statusCode).toBe(401);
    expect((await resend({ cookie: operations.cookie })).statusCode).toBe(403);
    expect((await resend(support.headers)).statusCode).toBe(403);
    const [row] = await query<{ status: string }>(
      sql`select status from investor_notice_queue where id = ${failedId}::uuid`,
    );
    expect(row!.status).toBe('failed');
    expect(await noticeEmailsTo('dana.notices@example.com')).toEqual([]);
  });

  it('sends it again for operations, without a second bell, and records who did', async () => {
    const response = await resend(operations.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: failedId, status: 'sent' });
    expect(await noticeEmailsTo('dana.notices@example.com')).toEqual([
      { subject: 'Your $5,000.00 note is in place' },
    ]);
    expect(await bellsFor(dana.investorId)).toEqual([]);
    const audit = await query<{
      action: string;
      actor_admin_id: string;
      target_type: string;
      target_id: string;
    }>(sql`
      select action, actor_admin_id, target_type, target_id from admin_audit_log where action = 'notice.resend'`);
    expect(audit).toEqual([
      {
        action: 'notice.resend',
        actor_admin_id: operations.id,
        target_type: 'investor_notice',
        target_id: failedId,
      },
    ]);
    expect((await list(support.headers)).json<FailedNoticesResponse>().notices).toEqual([]);
    expect((await resend(operations.headers)).statusCode).toBe(409);
    expect((await resend(operations.headers, '00000000-0000-4000-8000-000000000251')).statusCode).toBe(404);
  });
});

describe('notices queued with their entries (the process stops right after each commit)', () => {
  let erin: BankedInvestor;

  beforeAll(async () => {
    // This instance's sender is gone, as if the process had stopped after the commit: nothing
    // in the request may send the notice itself.
    await noticeSenderOf(testApp.context).close();
    erin = await signUpBankedInvestor(testApp, 'erin.notices@example.com');
    await buyNote(portalEngine(testApp), {
      investorId: erin.investorId,
      bankAccountId: erin.bankAccountId,
      investmentType: 'standard',
      principal: '20000.00',
      rate: '0.08',
      startDate: '2024-05-06',
    });
  });

  /** What the next process's sender does at start-up. */
  const restartedSender = () => sendDueNotices(testApp.context);

  it('a purchase: the confirmation is committed with the note and sent by the next process', async () => {
    const product = await productOf('high_yield', 3);
    const body: PurchaseRequest = {
      product_id: product.id,
      term_years: 3,
      amount: '5000',
      interest_rate_annual: product.rate,
      funding_account_id: erin.bankAccountId,
      agreement_version: AGREEMENT_VERSION,
      consent: true,
    };
    const response = await post(erin, '/api/purchases', body as unknown as Record<string, unknown>);
    expect(response.statusCode, response.body).toBe(201);
    expect(await queuedFor(erin.investorId)).toEqual([
      expect.objectContaining({ title: 'Investment confirmed: $5,000.00', status: 'pending' }),
    ]);
    expect(await bellsFor(erin.investorId)).toEqual([]);
    await restartedSender();
    expect(await bellsFor(erin.investorId)).toEqual([{ title: 'Investment confirmed: $5,000.00' }]);
    expect((await queuedFor(erin.investorId)).map((notice) => notice.status)).toEqual(['sent']);
  });

  it('a transfer request and its cancellation: each notice is committed with its change', async () => {
    await stepUp(erin);
    const requested = await post(erin, '/api/transfers/withdrawals', { amount: '1000.00' });
    expect(requested.statusCode, requested.body).toBe(201);
    const withdrawalId = (requested.json() as { withdrawal: { id: string } }).withdrawal.id;
    testApp.clock.advance(1_000);
    const cancelled = await post(erin, `/api/transfers/withdrawals/${withdrawalId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const titles = (await queuedFor(erin.investorId)).filter((notice) => notice.status === 'pending');
    expect(titles.map((notice) => notice.title)).toEqual([
      'Transfer requested: $1,000.00',
      'Transfer cancelled: $1,000.00',
    ]);
    await restartedSender();
    expect((await bellsFor(erin.investorId)).map((bell) => bell.title)).toEqual([
      'Investment confirmed: $5,000.00',
      'Transfer requested: $1,000.00',
      'Transfer cancelled: $1,000.00',
    ]);
  });

  it('a conversion: the notice is committed with the new note', async () => {
    const product = await productOf('high_yield', 3);
    const response = await post(erin, '/api/transfers/conversions', {
      amount: '5000.00',
      product_id: product.id,
      interest_rate_annual: product.rate,
      agreement_version: AGREEMENT_VERSION,
      consent: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const pending = (await queuedFor(erin.investorId)).filter((notice) => notice.status === 'pending');
    expect(pending.map((notice) => notice.title)).toContain('Converted to High-Yield: $5,000.00');
    await restartedSender();
    expect((await bellsFor(erin.investorId)).map((bell) => bell.title)).toContain(
      'Converted to High-Yield: $5,000.00',
    );
  });

  it('a refused request queues nothing', async () => {
    const before = (await queuedFor(erin.investorId)).length;
    const refused = await post(erin, '/api/transfers/withdrawals', { amount: '99999999.00' });
    expect(refused.statusCode).toBe(400);
    expect(await queuedFor(erin.investorId)).toHaveLength(before);
  });
});
