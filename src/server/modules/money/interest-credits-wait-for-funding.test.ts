/**
 * Issue 13.3, PRODUCT.md 36: money never leaves for a note that is not funded. An interest
 * credit waits, pending, until its note's funding debit has settled; a credit that left anyway
 * for a note later cancelled is recorded as owed back by the investor, shown to admins and
 * accounted for by the ledger check.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminInvestorDetailResponse } from '../../../shared/admin/dashboard-contracts';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { rowsOf } from '../../db/client';
import type { AchPaymentOrder } from '../../providers/ach';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  runMoneyDay,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { formatLedgerReport, runLedgerCheck } from './ledger-check';
import { settleAchPayments } from './settle-ach-payments';

let testApp: TestApp;
let engine: TestEngine;
/** Every payment the engine handed to the ACH provider, in order. */
let handedToProvider: AchPaymentOrder[];

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  handedToProvider = [];
  engine = createTestEngine(testApp.database.db, { settlementBusinessDays: 3 });
  const settle = engine.ach.settle.bind(engine.ach);
  engine.ach.settle = async (payments, asOf) => {
    handedToProvider.push(...payments);
    return settle(payments, asOf);
  };
});

async function query<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await testApp.database.db.execute(statement));
}

async function payment(id: string) {
  const [row] = await query<{ status: string; failure_reason: string | null; settled_at: string | null }>(
    sql`select status, failure_reason, settled_at::text as settled_at from ach_payments where id = ${id}`,
  );
  return row!;
}

async function interestCreditOf(investmentId: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    sql`select id from ach_payments where investment_id = ${investmentId} and payment_type = 'interest'`,
  );
  return row!.id;
}

async function amountsOwed() {
  return query<{
    investor_id: string;
    investment_id: string;
    ach_payment_id: string;
    direction: string;
    amount: string;
    reason: string;
    status: string;
  }>(sql`select investor_id, investment_id, ach_payment_id, direction, amount::text as amount, reason, status
         from amounts_owed order by created_at`);
}

async function ledgerProblems() {
  return (await runLedgerCheck(testApp.database.db)).problems;
}

async function expectLedgerClean(): Promise<void> {
  const report = await runLedgerCheck(testApp.database.db);
  expect(report.problems, formatLedgerReport(report)).toEqual([]);
}

/**
 * A Standard note bought on Wed Jan 29, 2025 with settlement 3 business days out: its funding
 * debit is due Mon Feb 3; January (3 days, $6.58) is posted on Feb 1 and its credit is due
 * Wed Feb 5. Running only on Feb 5 makes both due in the same run.
 */
async function noteWithFirstCreditDueWithItsFunding(options: { fundingFails: boolean }) {
  const investor = await createFundedInvestor(testApp.database.db);
  const note = await buyNote(engine, {
    ...investor,
    investmentType: 'standard',
    principal: '10000.00',
    rate: '0.08',
    startDate: '2025-01-29',
  });
  if (options.fundingFails) engine.ach.failPayment(note.achPaymentId, 'R01 Insufficient funds');
  await runMoneyDay(engine, '2025-02-01');
  const creditId = await interestCreditOf(note.investmentId);
  expect(await payment(creditId)).toMatchObject({ status: 'pending' });
  expect(await payment(note.achPaymentId)).toMatchObject({ status: 'pending' });
  return { investor, note, creditId };
}

async function settleOn(date: IsoDate) {
  engine.setDate(date);
  return settleAchPayments(engine, date);
}

describe('interest credits wait for their note’s funding debit', () => {
  it('never sends the credit of a note whose funding fails in the same run (the review’s case)', async () => {
    const { note, creditId } = await noteWithFirstCreditDueWithItsFunding({ fundingFails: true });
    const result = await settleOn('2025-02-05');

    expect(handedToProvider.map((order) => order.id)).not.toContain(creditId);
    expect(await payment(note.achPaymentId)).toMatchObject({
      status: 'failed',
      failure_reason: 'R01 Insufficient funds',
    });
    expect(await payment(creditId)).toMatchObject({
      status: 'cancelled',
      failure_reason: 'Note cancelled: its funding debit failed',
      settled_at: null,
    });
    const [state] = await query<{ status: string }>(
      sql`select status from investments where id = ${note.investmentId}`,
    );
    expect(state!.status).toBe('cancelled');
    expect(result.metadata).toMatchObject({ settled: 0, failed: 1, notesCancelled: 1, creditsOwedBack: 0 });
    expect(await amountsOwed()).toEqual([]);
    await expectLedgerClean();
  });

  it('keeps a due credit pending while the funding is still in flight, then sends it once the funding settles', async () => {
    const { note, creditId } = await noteWithFirstCreditDueWithItsFunding({ fundingFails: false });
    // A slow bank: the funding debit settles a week later than expected.
    await testApp.database.db.execute(
      sql`update ach_payments set effective_date = '2025-02-12' where id = ${note.achPaymentId}`,
    );
    const waiting = await settleOn('2025-02-05');
    expect(waiting.recordsProcessed).toBe(0);
    expect(handedToProvider).toEqual([]);
    expect(await payment(creditId)).toMatchObject({ status: 'pending' });
    await expectLedgerClean();

    const settled = await settleOn('2025-02-12');
    // Funding first, then the credit, in the same run.
    expect(handedToProvider.map((order) => order.id)).toEqual([note.achPaymentId, creditId]);
    expect(settled.metadata).toMatchObject({ settled: 2, failed: 0 });
    expect(await payment(note.achPaymentId)).toMatchObject({ status: 'settled' });
    expect(await payment(creditId)).toMatchObject({ status: 'settled' });
    await expectLedgerClean();
  });
});

describe('money that left for a note later cancelled', () => {
  /** A credit settled before credits waited for funding (the review's data), then the funding fails. */
  async function creditSentBeforeFundingFailed() {
    const setup = await noteWithFirstCreditDueWithItsFunding({ fundingFails: true });
    await testApp.database.db.execute(
      sql`update ach_payments set status = 'settled', settled_at = '2025-02-04T16:00:00Z', provider_reference = 'early'
          where id = ${setup.creditId}`,
    );
    await settleOn('2025-02-05');
    return setup;
  }

  it('is recorded as owed back by the investor, open, with the payment, the note and the reason', async () => {
    const { investor, note, creditId } = await creditSentBeforeFundingFailed();
    expect(await payment(creditId)).toMatchObject({ status: 'settled' });
    expect(await amountsOwed()).toEqual([
      {
        investor_id: investor.investorId,
        investment_id: note.investmentId,
        ach_payment_id: creditId,
        direction: 'owed_by_investor',
        amount: '6.58',
        reason:
          'Interest credit sent for a note later cancelled (Funding debit failed: R01 Insufficient funds)',
        status: 'open',
      },
    ]);
    await expectLedgerClean();
    // Settling again records nothing twice.
    await settleOn('2025-02-06');
    expect(await amountsOwed()).toHaveLength(1);
  });

  it('is named by the ledger check when no record accounts for it, and recorded by the next settlement', async () => {
    const { investor, note, creditId } = await creditSentBeforeFundingFailed();
    await testApp.database.db.execute(sql`delete from amounts_owed`);
    expect(await ledgerProblems()).toEqual([
      {
        investorId: investor.investorId,
        investmentId: note.investmentId,
        check: `interest credit of a cancelled note ${creditId}`,
        expected: 'owed back 6.58',
        actual: 'nothing recorded',
      },
    ]);
    const result = await settleOn('2025-02-06');
    expect(result.metadata).toMatchObject({ creditsOwedBack: 1 });
    await expectLedgerClean();
  });

  it('names a credit that settled while its note’s funding is still pending', async () => {
    const { investor, note, creditId } = await noteWithFirstCreditDueWithItsFunding({ fundingFails: false });
    await testApp.database.db.execute(
      sql`update ach_payments set status = 'settled', settled_at = '2025-02-02T16:00:00Z' where id = ${creditId}`,
    );
    expect(await ledgerProblems()).toEqual([
      {
        investorId: investor.investorId,
        investmentId: note.investmentId,
        check: 'interest credit sent before its funding settled',
        expected: 'funding settled',
        actual: 'funding pending',
      },
    ]);
  });

  it('is shown on the admin investor detail', async () => {
    const { investor, note, creditId } = await creditSentBeforeFundingFailed();
    const support: SignedInAdmin = await signInTestAdmin(testApp, 'support');
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/investors/${investor.investorId}`,
      headers: support.headers,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json() as AdminInvestorDetailResponse;
    expect(detail.amounts_owed).toEqual([
      {
        id: expect.any(String),
        investment_id: note.investmentId,
        ach_payment_id: creditId,
        direction: 'owed_by_investor',
        amount: '6.58',
        reason:
          'Interest credit sent for a note later cancelled (Funding debit failed: R01 Insufficient funds)',
        status: 'open',
        created_at: expect.any(String),
        resolved_at: null,
      },
    ]);
  });
});
