/**
 * Early redemption through the API (issue 27 section 3): the quote and the payment exact to the
 * cent (penalty, interest, amount paid, interest given up), whole and partial, the remaining
 * principal earning on, cancel, decline with its reason, four-eyes above the threshold, the
 * platform-wide pause, box 2 of the 1099-INT, and other investors refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminRedemptionListResponse,
  EarlyRedemptionQuote,
  EarlyRedemptionRow,
  NoteRedemptionResponse,
} from '../../../shared/redemptions/early-redemption-contracts';
import { rowsOf } from '../../db/client';
import { taxRecords } from '../../db/schema';
import { encryptField } from '../../security/field-encryption';
import { buyNote, createTestEngine, runMoneyDay, type TestEngine } from '../../test-support/money-fixtures';
import { pdfTextLines } from '../../test-support/pdf-text';
import { portalEngine, signUpBankedInvestor, type BankedInvestor } from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { BACKUP_WITHHOLDING_STARTED_SETTING } from '../backup-withholding/withholding-rule';
import { runLedgerCheck } from '../money/ledger-check';
import { payEarlyRedemptions } from '../money/pay-early-redemptions';
import { buildTaxFormPdf } from '../portal/document-service';
import { approvedRedemptionsByPaymentDate } from './service';

let testApp: TestApp;
let engine: TestEngine;
let owner: BankedInvestor;
let other: BankedInvestor;
let operations: SignedInAdmin;
let superAdmin: SignedInAdmin;
let support: SignedInAdmin;

const TODAY = '2026-03-10';
/** The next business day: where an approval today pays, and what the quote is worked out for. */
const PAYMENT_DATE = '2026-03-11';

beforeAll(async () => {
  testApp = await createTestApp({ start: `${TODAY}T15:00:00Z` });
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

let emails = 0;
beforeEach(async () => {
  testApp.clock.set(`${TODAY}T15:00:00Z`);
  await testApp.reset();
  engine = portalEngine(testApp);
  emails += 1;
  owner = await signUpBankedInvestor(testApp, `owner-${emails}@example.com`);
  other = await signUpBankedInvestor(testApp, `other-${emails}@example.com`);
  operations = await signInTestAdmin(testApp, 'operations');
  superAdmin = await signInTestAdmin(testApp, 'super_admin');
  support = await signInTestAdmin(testApp, 'support');
});

/** A note bought on 5 January 2026, its funding settled and its months posted by the engine to today. */
async function note(input: {
  type: 'standard' | 'high_yield';
  principal: string;
  rate: string;
}): Promise<string> {
  const { investmentId } = await buyNote(engine, {
    investorId: owner.investorId,
    bankAccountId: owner.bankAccountId,
    investmentType: input.type,
    principal: input.principal,
    rate: input.rate,
    termYears: input.type === 'standard' ? 1 : 2,
    startDate: '2026-01-05',
  });
  for (const day of ['2026-01-06', '2026-02-01', '2026-03-01']) await runMoneyDay(engine, day);
  return investmentId;
}

function investorCall(
  investor: BankedInvestor,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: investor.cookie },
    ...(payload ? { payload } : {}),
  });
}

async function quote(investmentId: string, query: string): Promise<EarlyRedemptionQuote> {
  const response = await investorCall(
    owner,
    'GET',
    `/api/portal/notes/${investmentId}/early-redemption/quote?${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EarlyRedemptionQuote;
}

async function request(investmentId: string, payload: Record<string, unknown>): Promise<EarlyRedemptionRow> {
  const response = await investorCall(
    owner,
    'POST',
    `/api/portal/notes/${investmentId}/early-redemption`,
    payload,
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { redemption: EarlyRedemptionRow }).redemption;
}

function approve(admin: SignedInAdmin, id: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin/early-redemptions/${id}/approve`,
    headers: admin.headers,
  });
}

async function panel(investmentId: string, investor = owner): Promise<NoteRedemptionResponse> {
  const response = await investorCall(investor, 'GET', `/api/portal/notes/${investmentId}/early-redemption`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as NoteRedemptionResponse;
}

async function entriesOf(investmentId: string) {
  return rowsOf<{ transaction_type: string; amount: string; value_effect: string; transaction_date: string }>(
    await testApp.context.db.execute(sql`
      select transaction_type, amount::text as amount, value_effect::text as value_effect,
             to_char(transaction_date, 'YYYY-MM-DD') as transaction_date
      from investment_transactions where investment_id = ${investmentId}::uuid and early_redemption_id is not null
      order by transaction_type`),
  );
}

async function queuedTitles(investorId: string): Promise<string[]> {
  return rowsOf<{ title: string; body: string }>(
    await testApp.context.db.execute(sql`
      select notice->>'title' as title, notice->>'body' as body from investor_notice_queue where investor_id = ${investorId}::uuid order by occurred_at, id`),
  ).map((row) => `${row.title}: ${row.body}`);
}

describe('a whole High-Yield note', () => {
  it('quotes, is approved, and is paid exactly: principal + credited interest - 90 days’ interest', async () => {
    const investmentId = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const figures = await quote(investmentId, 'kind=whole');
    // 65 days of interest at 10.24% on $10,000 to 11 March (Actual/365, half-up): 182.36.
    // Penalty: 10000 x 0.1024 x 90 / 365 = 252.493... -> 252.49, more than the interest: 70.13 from principal.
    expect(figures).toEqual({
      kind: 'whole',
      redemption_date: PAYMENT_DATE,
      principal_redeemed: '10000.00',
      interest_paid: '182.36',
      penalty: '252.49',
      amount_paid: '9929.87',
      backup_withholding: '0.00',
      penalty_from_principal: '70.13',
      interest_paid_to_bank: '0.00',
      // 665 days from 11 March 2026 to maturity on 5 January 2028.
      interest_given_up: '1865.64',
      remaining_principal: '0.00',
    });
    const asked = await request(investmentId, { kind: 'whole' });
    expect(asked).toMatchObject({
      status: 'requested',
      kind: 'whole',
      principal_amount: '10000.00',
      is_cancellable: true,
    });

    const approved = await approve(operations, asked.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().redemption).toMatchObject({ status: 'approved', payment_date: PAYMENT_DATE });

    await runMoneyDay(engine, PAYMENT_DATE);
    const [paid] = (await panel(investmentId)).requests;
    expect(paid).toMatchObject({
      status: 'paid',
      redemption_date: PAYMENT_DATE,
      penalty: '252.49',
      interest_paid: '182.36',
      amount_paid: '9929.87',
      is_cancellable: false,
    });
    expect(await entriesOf(investmentId)).toEqual([
      {
        transaction_type: 'redemption_penalty',
        amount: '252.49',
        value_effect: '-252.49',
        transaction_date: PAYMENT_DATE,
      },
      {
        transaction_type: 'withdrawal',
        amount: '9929.87',
        value_effect: '-9929.87',
        transaction_date: PAYMENT_DATE,
      },
    ]);
    const [noteRow] = rowsOf<{ status: string; value: string; credit: string }>(
      await testApp.context.db.execute(sql`
        select i.status,
               (select sum(value_effect) from investment_transactions t where t.investment_id = i.id)::text as value,
               (select string_agg(a.amount::text, ',') from ach_payments a where a.investment_id = i.id
                  and a.payment_type = 'withdrawal')::text as credit
        from investments i where i.id = ${investmentId}::uuid`),
    );
    expect(noteRow).toEqual({ status: 'withdrawn', value: '0.00', credit: '9929.87' });
    // The note stops earning: a later run posts nothing more on it.
    await runMoneyDay(engine, '2026-04-01');
    expect(
      rowsOf<{ count: number }>(
        await testApp.context.db.execute(sql`
          select count(*)::int as count from investment_transactions
          where investment_id = ${investmentId}::uuid and transaction_date > ${PAYMENT_DATE}::date`),
      )[0]!.count,
    ).toBe(0);
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
    expect((await queuedTitles(owner.investorId)).map((line) => line.split(':')[0])).toEqual(
      expect.arrayContaining([
        'Early redemption requested',
        'Early redemption approved',
        'Early redemption paid',
      ]),
    );
  });
});

describe('backup withholding on the interest paid with a redemption (decision 1911)', () => {
  it('is quoted, withheld from the credit and booked, and the ledger check stays clean', async () => {
    // Withholding started before the note (migration 0410 writes the day it ran; a reset empties it).
    await testApp.context.db.execute(sql`
      insert into app_settings (key, value, updated_at)
      values (${BACKUP_WITHHOLDING_STARTED_SETTING}, to_jsonb('2026-01-01'::text), now())
      on conflict (key) do update set value = excluded.value`);
    const investmentId = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const notice = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/investors/${owner.investorId}/b-notices`,
      headers: operations.headers,
      payload: { kind: 'first', received_on: '2026-03-02' },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    // 182.36 of interest paid with the principal; 182.36 x 0.24 = 43.7664 -> 43.77 withheld.
    const figures = await quote(investmentId, 'kind=whole');
    expect(figures).toMatchObject({
      interest_paid: '182.36',
      amount_paid: '9929.87',
      backup_withholding: '43.77',
    });
    const asked = await request(investmentId, { kind: 'whole' });
    expect((await approve(operations, asked.id)).statusCode).toBe(200);
    await runMoneyDay(engine, PAYMENT_DATE);
    const [paid] = rowsOf<{ entry: string; withheld: string; credit: string; liability: string }>(
      await testApp.context.db.execute(sql`
        select t.amount::text as entry, t.backup_withheld::text as withheld, a.amount::text as credit,
               (select sum(w.amount)::text from backup_withholding_entries w where w.transaction_id = t.id) as liability
        from investment_transactions t join ach_payments a on a.id = t.ach_payment_id
        where t.investment_id = ${investmentId}::uuid and t.transaction_type = 'withdrawal'`),
    );
    expect(paid).toEqual({ entry: '9929.87', withheld: '43.77', credit: '9886.10', liability: '43.77' });
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });
});

describe('two runs of the payment job at once', () => {
  it('pay a request once: one credit, one pair of entries', async () => {
    const investmentId = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const asked = await request(investmentId, { kind: 'whole' });
    expect((await approve(operations, asked.id)).statusCode).toBe(200);
    const first = createTestEngine(testApp.context.db);
    const second = createTestEngine(testApp.context.db);
    first.setDate(PAYMENT_DATE);
    second.setDate(PAYMENT_DATE);
    const results = await Promise.all([
      payEarlyRedemptions(first, PAYMENT_DATE),
      payEarlyRedemptions(second, PAYMENT_DATE),
    ]);
    expect(results.map((result) => result.recordsProcessed).sort()).toEqual([0, 1]);
    expect(await entriesOf(investmentId)).toHaveLength(2);
    const [credits] = rowsOf<{ count: number }>(
      await testApp.context.db.execute(sql`
        select count(*)::int as count from ach_payments where investment_id = ${investmentId}::uuid and payment_type = 'withdrawal'`),
    );
    expect(credits).toEqual({ count: 1 });
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });
});

describe('part of a Standard note in its lock-up', () => {
  it('pays the part less its penalty, and the rest keeps earning from the redemption date', async () => {
    const investmentId = await note({ type: 'standard', principal: '20000.00', rate: '0.094' });
    expect((await panel(investmentId)).partial).toEqual({ minimum: '100.00', maximum: '19000.00' });
    const figures = await quote(investmentId, 'kind=partial&amount=5000');
    expect(figures).toMatchObject({
      principal_redeemed: '5000.00',
      interest_paid: '0.00',
      // 5000 x 0.094 x 90 / 365 = 115.890... -> 115.89
      penalty: '115.89',
      amount_paid: '4884.11',
      penalty_from_principal: '115.89',
      // 300 days to the lock-up end (5 January 2027).
      interest_given_up: '386.30',
      remaining_principal: '15000.00',
    });
    const asked = await request(investmentId, { kind: 'partial', amount: '5000.00' });
    expect((await approve(operations, asked.id)).statusCode).toBe(200);
    await runMoneyDay(engine, PAYMENT_DATE);
    expect(await entriesOf(investmentId)).toEqual([
      {
        transaction_type: 'redemption_penalty',
        amount: '115.89',
        value_effect: '-115.89',
        transaction_date: PAYMENT_DATE,
      },
      {
        transaction_type: 'withdrawal',
        amount: '4884.11',
        value_effect: '-4884.11',
        transaction_date: PAYMENT_DATE,
      },
    ]);
    await runMoneyDay(engine, '2026-04-01');
    await runMoneyDay(engine, '2026-05-01');
    const postings = rowsOf<{ period: string; amount: string }>(
      await testApp.context.db.execute(sql`
        select to_char(posting_period, 'YYYY-MM') as period, amount::text as amount from investment_transactions
        where investment_id = ${investmentId}::uuid and transaction_type = 'interest_payment'
          and posting_period >= '2026-03-01' order by posting_period`),
    );
    // March: $20,000 for 1-10 March, $15,000 from the 11th; April: $15,000 all month.
    expect(postings).toEqual([
      { period: '2026-03', amount: '132.63' },
      { period: '2026-04', amount: '115.89' },
    ]);
    const [noteRow] = rowsOf<{ status: string; value: string }>(
      await testApp.context.db.execute(sql`
        select i.status, (select sum(value_effect) from investment_transactions t where t.investment_id = i.id)::text as value
        from investments i where i.id = ${investmentId}::uuid`),
    );
    expect(noteRow).toEqual({ status: 'active', value: '15000.00' });
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });

  it('refuses a part below the minimum, one leaving too little, and a malformed amount', async () => {
    const investmentId = await note({ type: 'standard', principal: '5000.00', rate: '0.094' });
    const url = `/api/portal/notes/${investmentId}/early-redemption`;
    for (const [payload, message] of [
      [{ kind: 'partial', amount: '99.99' }, 'below the smallest part'],
      [{ kind: 'partial', amount: '4000.01' }, 'leave at least the minimum principal'],
      [{ kind: 'partial', amount: '12.345' }, 'dollars and cents'],
    ] as const) {
      const response = await investorCall(owner, 'POST', url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await investorCall(owner, 'POST', url, { kind: 'everything' })).statusCode).toBe(400);
    expect((await panel(investmentId)).requests).toEqual([]);
  });
});

describe('the investor’s own request', () => {
  it('can be cancelled until approved, never by another investor, and only one is open per note', async () => {
    const investmentId = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const asked = await request(investmentId, { kind: 'whole' });
    const again = await investorCall(owner, 'POST', `/api/portal/notes/${investmentId}/early-redemption`, {
      kind: 'whole',
    });
    expect(again.statusCode).toBe(409);
    const cancelUrl = `/api/portal/early-redemptions/${asked.id}/cancel`;
    expect((await investorCall(other, 'POST', cancelUrl)).statusCode).toBe(404);
    const cancelled = await investorCall(owner, 'POST', cancelUrl);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().redemption).toMatchObject({ status: 'cancelled', is_cancellable: false });
    expect((await investorCall(owner, 'POST', cancelUrl)).statusCode).toBe(409);

    const second = await request(investmentId, { kind: 'whole' });
    expect((await approve(operations, second.id)).statusCode).toBe(200);
    expect(
      (await investorCall(owner, 'POST', `/api/portal/early-redemptions/${second.id}/cancel`)).statusCode,
    ).toBe(409);
  });

  it('is not visible to, quoted for, or asked by another investor', async () => {
    const investmentId = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const base = `/api/portal/notes/${investmentId}/early-redemption`;
    expect((await investorCall(other, 'GET', base)).statusCode).toBe(404);
    expect((await investorCall(other, 'GET', `${base}/quote?kind=whole`)).statusCode).toBe(404);
    expect((await investorCall(other, 'POST', base, { kind: 'whole' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });
});

describe('staff', () => {
  it('declines with a reason the investor sees, in the panel and the notice', async () => {
    const investmentId = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const asked = await request(investmentId, { kind: 'whole' });
    const reason = 'Redemptions are paused while the quarter closes; please ask again in April.';
    const declined = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/early-redemptions/${asked.id}/decline`,
      headers: operations.headers,
      payload: { reason },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [row] = (await panel(investmentId)).requests;
    expect(row).toMatchObject({ status: 'declined', decline_reason: reason, is_cancellable: false });
    expect((await queuedTitles(owner.investorId)).some((line) => line.includes(reason))).toBe(true);
    expect((await panel(investmentId)).is_eligible).toBe(true);
  });

  it('needs two different admins above the threshold; support only looks', async () => {
    const investmentId = await note({ type: 'high_yield', principal: '30000.00', rate: '0.1024' });
    const asked = await request(investmentId, { kind: 'whole' });
    expect((await approve(support, asked.id)).statusCode).toBe(403);
    const first = await approve(operations, asked.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().redemption).toMatchObject({
      status: 'first_approval',
      needs_two_approvals: true,
      payment_date: null,
    });
    const same = await approve(operations, asked.id);
    expect(same.statusCode).toBe(403);
    expect(same.json().error.message).toBe('A second, different admin must approve this request.');
    expect(await approvedRedemptionsByPaymentDate(testApp.context.db)).toEqual([]);
    const second = await approve(superAdmin, asked.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().redemption).toMatchObject({ status: 'approved', payment_date: PAYMENT_DATE });
    // The forecast's line: $30,000 + 182.36 x 3 credited to 11 March (65 days at 10.24%) - 757.48.
    expect(await approvedRedemptionsByPaymentDate(testApp.context.db)).toEqual([
      {
        payment_date: PAYMENT_DATE,
        requests: 1,
        principal: '30000.00',
        interest: '547.07',
        penalty: '757.48',
        amount_paid: '29789.59',
      },
    ]);
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/early-redemptions',
      headers: support.headers,
    });
    const body = list.json() as AdminRedemptionListResponse;
    expect(body.redemptions[0]).toMatchObject({
      id: asked.id,
      first_approved_by: { id: operations.id },
      approved_by: { id: superAdmin.id },
      quote: { penalty: '757.48' },
    });
    const audit = rowsOf<{ action: string }>(
      await testApp.context.db.execute(sql`
        select action from admin_audit_log where target_type = 'early_redemption' and target_id = ${asked.id}
        order by occurred_at, id`),
    ).map((row) => row.action);
    expect(audit).toEqual(['early_redemption.first_approval', 'early_redemption.approve']);
  });

  it('lists open requests first come first served', async () => {
    const first = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const second = await note({ type: 'standard', principal: '8000.00', rate: '0.094' });
    const a = await request(first, { kind: 'whole' });
    testApp.clock.set(`${TODAY}T15:05:00Z`);
    const b = await request(second, { kind: 'partial', amount: '1000.00' });
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/early-redemptions',
      headers: operations.headers,
    });
    const body = list.json() as AdminRedemptionListResponse;
    expect(body.redemptions.map((row) => [row.id, row.queue_position])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
    expect(body.four_eyes_threshold).toBe('25000.00');
  });

  it('pauses new requests with the message investors see, audited, and resumes them', async () => {
    const investmentId = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const message = 'New early redemption requests are paused until 1 April.';
    const gateCall = (admin: SignedInAdmin, payload: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/admin/early-redemptions/gate',
        headers: admin.headers,
        payload,
      });
    expect((await gateCall(support, { paused: true, message })).statusCode).toBe(403);
    expect((await gateCall(superAdmin, { paused: true, message })).statusCode).toBe(200);
    expect(await panel(investmentId)).toMatchObject({ is_eligible: false, paused_message: message });
    const refused = await investorCall(owner, 'POST', `/api/portal/notes/${investmentId}/early-redemption`, {
      kind: 'whole',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(message);
    expect((await gateCall(operations, { paused: false })).statusCode).toBe(200);
    expect((await panel(investmentId)).is_eligible).toBe(true);
    const audit = rowsOf<{ action: string; after: { paused: boolean } }>(
      await testApp.context.db.execute(sql`
        select action, after from admin_audit_log where action = 'early_redemption.gate' order by occurred_at, id`),
    );
    expect(audit.map((row) => row.after.paused)).toEqual([true, false]);
  });
});

describe('box 2 of the 1099-INT', () => {
  it('is the year’s penalties, on the issued form and its PDF', async () => {
    const whole = await note({ type: 'high_yield', principal: '10000.00', rate: '0.1024' });
    const part = await note({ type: 'standard', principal: '20000.00', rate: '0.094' });
    const a = await request(whole, { kind: 'whole' });
    const b = await request(part, { kind: 'partial', amount: '5000.00' });
    expect((await approve(operations, a.id)).statusCode).toBe(200);
    expect((await approve(operations, b.id)).statusCode).toBe(200);
    await runMoneyDay(engine, PAYMENT_DATE);
    await testApp.context.db.insert(taxRecords).values({
      investorId: owner.investorId,
      legalFirstName: 'Owner',
      legalLastName: 'Taxpayer',
      dateOfBirth: '1980-01-01',
      address1: '1 Elm St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      ssnEncrypted: encryptField(testApp.config.fieldEncryptionKey, '123456789'),
      ssnLastFour: '6789',
      kycStatus: 'approved',
      kycProvider: 'sandbox',
    });
    testApp.clock.set('2027-01-20T15:00:00Z');
    const admin = await signInTestAdmin(testApp, 'operations', 'tax-desk@staff.example');
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/tax-runs',
      headers: admin.headers,
      payload: { tax_year: 2026 },
    });
    expect(run.statusCode, run.body).toBe(201);
    const [form] = rowsOf<{ penalty: string }>(
      await testApp.context.db.execute(sql`
        select early_withdrawal_penalty::text as penalty from tax_forms
        where investor_id = ${owner.investorId}::uuid and tax_year = 2026 and is_current`),
    );
    // 252.49 (whole High-Yield) + 115.89 (part of the Standard note).
    expect(form).toEqual({ penalty: '368.38' });
    const pdf = await buildTaxFormPdf(testApp.context, owner.investorId, 2026);
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => pdf.on('end', resolve));
    const lines = pdfTextLines(Buffer.concat(chunks));
    expect(lines.indexOf('$368.38')).toBeGreaterThan(lines.indexOf('2 Early withdrawal penalty'));
    expect(lines.indexOf('2 Early withdrawal penalty')).toBeGreaterThan(-1);
  });
});
