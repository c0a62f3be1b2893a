/**
 * Monthly statements (issue 17 item 3, decision 1720): written once per investor and month on
 * or after the first business day, reconciling to the ledger to the cent for random
 * portfolios, downloadable by their owner only, with a "ready" notice per preferences.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, endOfMonth, type IsoDate } from '../../../shared/dates/calendar-date';
import { addMoney } from '../../../shared/money/decimal-string';
import type { DocumentListResponse } from '../../../shared/portal/document-contracts';
import type { BalanceHistoryResponse } from '../../../shared/portal/portal-contracts';
import { rowsOf } from '../../db/client';
import { notificationPreferences } from '../../db/schema';
import { buyNote, runMoneyDay, type TestEngine } from '../../test-support/money-fixtures';
import { type BankedInvestor, portalEngine, signUpBankedInvestor } from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { insertPendingWithdrawal } from '../money/withdrawal-repository';
import { runLedgerCheck } from '../money/ledger-check';
import { noticeSenderOf } from '../notifications/notice-sender';
import {
  generateMonthlyStatements,
  generateStatementsForMonth,
  statementPeriodDue,
} from './generate-monthly-statements';
import { listStatements, type StatementRow } from './statement-repository';

let testApp: TestApp;
let engine: TestEngine;
const investors: BankedInvestor[] = [];

/** A small deterministic generator, so a failing portfolio can be reproduced. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

const firstMonth = '2024-03-01';
const lastDay = '2026-03-02';

beforeAll(async () => {
  testApp = await createTestApp();
  engine = portalEngine(testApp);
  const random = randomFrom(1720);
  for (const name of ['ann', 'ben', 'cal', 'dee']) {
    const investor = await signUpBankedInvestor(testApp, `${name}@statements.example`);
    investors.push(investor);
  }
  // Each investor but the last (who never invests) buys two to four notes on random days.
  const purchases: { investor: BankedInvestor; day: IsoDate; standard: boolean; principal: string }[] = [];
  for (const investor of investors.slice(0, 3)) {
    const count = 2 + random(3);
    for (let index = 0; index < count; index += 1) {
      const month = random(14);
      const day = 1 + random(28);
      purchases.push({
        investor,
        day: `${addMonths(firstMonth, month).slice(0, 8)}${String(day).padStart(2, '0')}`,
        standard: random(2) === 0,
        principal: `${5000 + random(400) * 125}.${String(random(100)).padStart(2, '0')}`,
      });
    }
  }
  purchases.sort((a, b) => (a.day < b.day ? -1 : 1));
  const withdrawalsRequested = new Set<string>();
  for (let day: IsoDate = firstMonth; day <= lastDay; day = addMonths(day, 1)) {
    const monthEnd = endOfMonth(day);
    for (const purchase of purchases.filter((entry) => entry.day >= day && entry.day <= monthEnd)) {
      await buyNote(engine, {
        investorId: purchase.investor.investorId,
        bankAccountId: purchase.investor.bankAccountId,
        investmentType: purchase.standard ? 'standard' : 'high_yield',
        principal: purchase.principal,
        rate: purchase.standard ? '0.08' : '0.094',
        termYears: purchase.standard ? 1 : 3,
        startDate: purchase.day,
      });
    }
    // A transfer to the bank from each Standard note a year and a month after it started.
    for (const purchase of purchases.filter((entry) => entry.standard)) {
      const key = `${purchase.investor.investorId}-${purchase.day}`;
      if (withdrawalsRequested.has(key) || addMonths(purchase.day, 13) > monthEnd) continue;
      withdrawalsRequested.add(key);
      await insertPendingWithdrawal(testApp.context.db, {
        investorId: purchase.investor.investorId,
        bankAccountId: purchase.investor.bankAccountId,
        amount: '1250.00',
        requestedOn: day,
        now: new Date(`${day}T12:00:00Z`),
      });
    }
    await runMoneyDay(engine, day);
  }
  await runMoneyDay(engine, lastDay);
  expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
}, 300_000);

afterAll(async () => {
  await testApp.close();
});

/** The investor's balance at the start of `day` (entries dated before it), straight from the ledger. */
async function ledgerBalanceBefore(investorId: string, day: IsoDate): Promise<string> {
  const [row] = rowsOf<{ value: string }>(
    await testApp.context.db.execute(sql`
      select coalesce(sum(value_effect), 0)::numeric(14,2)::text as value from investment_transactions
      where investor_id = ${investorId}::uuid and transaction_date < ${day}::date`),
  );
  return row!.value;
}

async function interestPostedFor(investorId: string, period: IsoDate): Promise<string> {
  const [row] = rowsOf<{ value: string }>(
    await testApp.context.db.execute(sql`
      select coalesce(sum(amount), 0)::numeric(14,2)::text as value from investment_transactions
      where investor_id = ${investorId}::uuid and transaction_type = 'interest_payment' and posting_period = ${period}::date`),
  );
  return row!.value;
}

function movementsOf(statement: StatementRow): string {
  return addMoney(
    statement.opening_balance,
    statement.purchases,
    statement.interest_credited,
    `-${statement.transfers_to_bank}`,
    statement.moved_between_notes,
    statement.adjustments,
  );
}

describe('the statement job', () => {
  it('is a registered job function with a seeded schedule (the Jobs page lists it)', async () => {
    expect(testApp.context.jobFunctions.has('generate-monthly-statements')).toBe(true);
    const [job] = rowsOf<{ schedule_cron: string; enabled: boolean }>(
      await testApp.context.db.execute(
        sql`select schedule_cron, enabled from scheduled_jobs where function_name = 'generate-monthly-statements'`,
      ),
    );
    expect(job).toEqual({ schedule_cron: '0 7 1-7 * *', enabled: true });
  });

  it('waits for the first business day of the month, then writes last month once', async () => {
    // March 1, 2026 is a Sunday: the first business day is Monday the 2nd.
    expect(statementPeriodDue('2026-03-01')).toBeNull();
    expect(statementPeriodDue('2026-03-02')).toBe('2026-02-01');
    const run = {
      db: testApp.context.db,
      now: new Date('2026-03-02T12:00:00Z'),
      brandName: 'Steadyline',
      notify: true,
    };
    await testApp.context.db
      .update(notificationPreferences)
      .set({ monthlyStatementEmail: false })
      .where(eq(notificationPreferences.investorId, investors[1]!.investorId));
    const early = await generateMonthlyStatements(run, '2026-03-01');
    expect(early.recordsProcessed).toBe(0);
    const first = await generateMonthlyStatements(run, '2026-03-02');
    // Three investors hold notes; the fourth never invested and gets no statement.
    expect(first.recordsProcessed).toBe(3);
    const again = await generateMonthlyStatements(run, '2026-03-03');
    expect(again.recordsProcessed).toBe(0);
    const queued = rowsOf<{ investor_id: string; kind: string }>(
      await testApp.context.db.execute(
        sql`select investor_id, kind from investor_notice_queue where kind = 'monthly_statement'`,
      ),
    );
    expect(queued.map((row) => row.investor_id).sort()).toEqual(
      investors
        .slice(0, 3)
        .map((investor) => investor.investorId)
        .sort(),
    );
    await noticeSenderOf(testApp.context).drain();
    const mail = rowsOf<{ to: string }>(
      await testApp.context.db.execute(
        sql`select to_address as "to" from outbox_messages where subject = 'Your February 2026 statement is ready'`,
      ),
    ).map((row) => row.to);
    expect(mail).toContain('ann@statements.example');
    expect(mail).toContain('cal@statements.example');
    // Ben turned the statement e-mail off; the bell still has it.
    expect(mail).not.toContain('ben@statements.example');
  });

  it('reconciles every month to the ledger to the cent: opening + movements = closing', async () => {
    const run = {
      db: testApp.context.db,
      now: new Date('2026-03-02T12:00:00Z'),
      brandName: 'Steadyline',
      notify: false,
    };
    for (let period: IsoDate = firstMonth; period < '2026-02-01'; period = addMonths(period, 1)) {
      await generateStatementsForMonth(run, period);
    }
    let checked = 0;
    for (const investor of investors.slice(0, 3)) {
      const statements = (await listStatements(testApp.context.db, investor.investorId)).reverse();
      expect(statements.length).toBeGreaterThan(10);
      let previousClosing: string | null = null;
      for (const statement of statements) {
        expect(statement.opening_balance).toBe(
          await ledgerBalanceBefore(investor.investorId, statement.period),
        );
        expect(statement.closing_balance).toBe(
          await ledgerBalanceBefore(investor.investorId, addMonths(statement.period, 1)),
        );
        expect(movementsOf(statement)).toBe(statement.closing_balance);
        if (previousClosing !== null) expect(statement.opening_balance).toBe(previousClosing);
        // The month's interest is posted on the next month's first day: earned, not yet posted.
        expect(statement.accrued_unposted).toBe(
          await interestPostedFor(investor.investorId, statement.period),
        );
        previousClosing = statement.closing_balance;
        checked += 1;
      }
      // The last closing balance is the portal's balance history on that day.
      const history = await testApp.app.inject({
        method: 'GET',
        url: '/api/portal/balance-history',
        headers: { cookie: investor.cookie },
      });
      const points = history
        .json<BalanceHistoryResponse>()
        .points.filter((point) => point.date <= '2026-02-28');
      expect(points.at(-1)?.balance).toBe(statements.at(-1)?.closing_balance);
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('statements and agreements on the documents page', () => {
  it('lists them and serves the owner the PDF, privately', async () => {
    const [ann] = investors;
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/documents',
      headers: { cookie: ann!.cookie },
    });
    const body = list.json<DocumentListResponse>();
    expect(body.statements[0]?.month).toBe('2026-02');
    expect(body.signed_agreements.length).toBe(body.promissory_notes.length);
    const pdf = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/documents/statements/2026-02',
      headers: { cookie: ann!.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['content-disposition']).toContain('statement-2026-02.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const agreement = await testApp.app.inject({
      method: 'GET',
      url: `/api/portal/documents/agreements/${body.signed_agreements[0]!.investment_id}`,
      headers: { cookie: ann!.cookie },
    });
    expect(agreement.statusCode).toBe(200);
    expect(agreement.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 to another investor and 401 without a session', async () => {
    const [ann, , , dee] = investors;
    const annList = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/portal/documents',
        headers: { cookie: ann!.cookie },
      })
    ).json<DocumentListResponse>();
    const statement = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/documents/statements/2026-02',
      headers: { cookie: dee!.cookie },
    });
    expect(statement.statusCode).toBe(404);
    expect(statement.json()).toEqual({
      error: { code: 'not_found', message: 'There is no statement for that month.' },
    });
    const agreement = await testApp.app.inject({
      method: 'GET',
      url: `/api/portal/documents/agreements/${annList.signed_agreements[0]!.investment_id}`,
      headers: { cookie: dee!.cookie },
    });
    expect(agreement.statusCode).toBe(404);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/documents/statements/2026-02',
    });
    expect(anonymous.statusCode).toBe(401);
    const badMonth = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/documents/statements/2026-13',
      headers: { cookie: ann!.cookie },
    });
    expect(badMonth.statusCode).toBe(400);
  });
});
