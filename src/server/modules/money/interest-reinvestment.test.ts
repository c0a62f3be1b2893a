/**
 * Interest reinvestment for Standard notes (issue 17 item 2, decision 1740): a reinvesting
 * note's monthly interest is credited to it and earns from the next month (compounding, to the
 * cent); a switch governs the month after the one it is made in; a transfer of the whole note
 * takes the compounded value; only the note's owner can switch it, and only a Standard note.
 *
 * Figures worked by hand (Actual/365, half-up at posting, sub-cent carried):
 * $10,000 at 8% from 2024-01-01, reinvesting from the start:
 *   January   10,000.00 x 0.08 x 31/365                      = 67.945 -> 67.95
 *   February  cumulative 10,000 x 60 days + 67.95 x 29 days  -> 131.94 - 67.95 = 63.99
 *   (paid out instead, February would be 63.56: 0.43 less)
 *   March 68.84, April 67.07, May 69.77, June 67.97; value on 2024-07-01 = 10,405.59.
 * $25,000 at 8% from 2024-01-10, switched on 2024-03-15 and off 2024-05-10:
 *   January 120.55, February 158.90, March 169.87 paid; April 164.38, May 170.98 credited;
 *   June 166.59 (on 25,335.36), July 172.14 paid.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMonths, type IsoDate, startOfMonth } from '../../../shared/dates/calendar-date';
import { addMoney } from '../../../shared/money/decimal-string';
import type { NoteDetailResponse } from '../../../shared/investments/note-detail-contracts';
import type { OverviewResponse } from '../../../shared/portal/portal-contracts';
import { interestSchedule } from '../../../shared/ledger/interest-schedule';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import { testOrigin } from '../../test-support/investor-auth';
import { pdfTextLines } from '../../test-support/pdf-text';
import { compareDatabaseWithModel } from '../../test-support/money-engine-property';
import {
  buyNote,
  createFundedInvestor,
  runMoneyDay,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { type BankedInvestor, portalEngine, signUpBankedInvestor } from '../../test-support/portal-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { getOverview } from '../portal/overview-service';
import { generateStatementsForMonth } from '../statements/generate-monthly-statements';
import { buildNoteBreakdown, readBreakdownNote } from './interest-breakdown';
import { runLedgerCheck } from './ledger-check';
import { recordReinvestmentChoice } from './reinvestment-repository';
import { insertPendingWithdrawal } from './withdrawal-repository';

let testApp: TestApp;
let engine: TestEngine;

beforeAll(async () => {
  testApp = await createTestApp();
  engine = portalEngine(testApp);
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

interface Posting {
  period: string;
  amount: string;
  credited: boolean;
  ach: string | null;
}

async function postingsOf(investmentId: string): Promise<Posting[]> {
  return rowsOf<Posting>(
    await testApp.context.db.execute(sql`
      select to_char(t.posting_period, 'YYYY-MM-DD') as period, t.amount::text as amount,
             t.value_effect > 0 as credited, a.amount::text as ach
      from investment_transactions t
      left join ach_payments a on a.id = t.ach_payment_id
      where t.investment_id = ${investmentId}::uuid and t.transaction_type = 'interest_payment'
      order by t.posting_period`),
  );
}

async function noteFigures(investmentId: string) {
  return rowsOf<{ value: string; interest_reinvested: string; status: string }>(
    await testApp.context.db.execute(sql`
      select (select sum(value_effect) from investment_transactions where investment_id = i.id)::text as value,
             i.interest_reinvested::text as interest_reinvested, i.status
      from investments i where i.id = ${investmentId}::uuid`),
  )[0]!;
}

async function runFirstOfMonths(dates: IsoDate[]): Promise<void> {
  for (const date of dates) await runMoneyDay(engine, date);
}

describe('the engine', () => {
  beforeEach(async () => {
    await testApp.context.db.execute(sql`delete from rate_limit_counters`);
  });

  it('credits a reinvesting note every month and compounds it, to the cent', async () => {
    const investor = await createFundedInvestor(testApp.context.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '10000.00',
      rate: '0.08',
      startDate: '2024-01-01',
      reinvestInterest: true,
    });
    const runs: IsoDate[] = [
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
      '2024-05-01',
      '2024-06-01',
      '2024-07-01',
    ];
    await runFirstOfMonths(runs);
    const postings = await postingsOf(investmentId);
    expect(postings.map((row) => row.amount)).toEqual(['67.95', '63.99', '68.84', '67.07', '69.77', '67.97']);
    expect(postings.every((row) => row.credited && row.ach === null)).toBe(true);
    expect(await noteFigures(investmentId)).toEqual({
      value: '10405.59',
      interest_reinvested: '405.59',
      status: 'active',
    });
    // The shared schedule and the note page's math say the same, and show the grown principal.
    const note = await readBreakdownNote(testApp.context.db, investmentId);
    const breakdown = await buildNoteBreakdown(testApp.context.db, note!);
    expect(breakdown.rows.map((row) => [row.posted, row.ledgerAmount, row.reinvested])).toEqual(
      postings.map((row) => [row.amount, row.amount, true]),
    );
    expect(breakdown.rows[1]!.principal).toBe('10067.95');
    expect(breakdown.rows[5]!.principal).toBe('10337.62');
    // The projection compounds on from the value now.
    expect(breakdown.projection[0]!.principal).toBe('10405.59');
    const paidOut = interestSchedule({
      principal: '10000.00',
      rate: '0.08',
      startDate: '2024-01-01',
      endDate: '2024-07-01',
    });
    expect(paidOut.map((row) => row.posted)).toEqual(['67.95', '63.56', '67.94', '65.76', '67.94', '65.75']);
    expect(await compareDatabaseWithModel(testApp.context.db, runs)).toEqual([]);
  });

  it('switches from the month after the one the choice is made in, both ways', async () => {
    await testApp.context.db.execute(
      sql`truncate investments, investment_transactions, ach_payments cascade`,
    );
    const investor = await createFundedInvestor(testApp.context.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '25000.00',
      rate: '0.08',
      startDate: '2024-01-10',
    });
    await runFirstOfMonths(['2024-02-01', '2024-03-01']);
    const on = await recordReinvestmentChoice(testApp.context.db, {
      investmentId,
      investorId: investor.investorId,
      reinvest: true,
      changedOn: '2024-03-15',
      source: 'investor',
      now: new Date('2024-03-15T15:00:00Z'),
    });
    expect(on.effectivePeriod).toBe('2024-04-01');
    await runFirstOfMonths(['2024-04-01', '2024-05-01']);
    // The overview's last Standard month: April's interest went to the note, none to the bank.
    const overview = await getOverview(testApp.context.db, investor.investorId, '2024-05-02');
    expect(overview.standard_monthly_interest).toEqual({
      period: '2024-04-01',
      paid_to_bank: '0.00',
      reinvested: '164.38',
    });
    expect(overview.notes[0]).toMatchObject({ reinvests_interest: true, reinvestment_changes_from: null });
    const off = await recordReinvestmentChoice(testApp.context.db, {
      investmentId,
      investorId: investor.investorId,
      reinvest: false,
      changedOn: '2024-05-10',
      source: 'investor',
      now: new Date('2024-05-10T15:00:00Z'),
    });
    expect(off.effectivePeriod).toBe('2024-06-01');
    const runs: IsoDate[] = ['2024-06-01', '2024-07-01', '2024-08-01'];
    await runFirstOfMonths(runs);
    expect(await postingsOf(investmentId)).toEqual([
      { period: '2024-01-01', amount: '120.55', credited: false, ach: '120.55' },
      { period: '2024-02-01', amount: '158.90', credited: false, ach: '158.90' },
      { period: '2024-03-01', amount: '169.87', credited: false, ach: '169.87' },
      { period: '2024-04-01', amount: '164.38', credited: true, ach: null },
      { period: '2024-05-01', amount: '170.98', credited: true, ach: null },
      { period: '2024-06-01', amount: '166.59', credited: false, ach: '166.59' },
      { period: '2024-07-01', amount: '172.14', credited: false, ach: '172.14' },
    ]);
    expect((await noteFigures(investmentId)).value).toBe('25335.36');
    expect(
      await compareDatabaseWithModel(testApp.context.db, [
        '2024-02-01',
        '2024-03-01',
        '2024-04-01',
        '2024-05-01',
        ...runs,
      ]),
    ).toEqual([]);
    // The statements: April's posting (entered May 1) is credited, March's (April 1) paid.
    await generateStatementsForMonth(
      {
        db: testApp.context.db,
        now: new Date('2024-08-02T12:00:00Z'),
        brandName: 'Steadyline',
        notify: false,
      },
      '2024-04-01',
    );
    await generateStatementsForMonth(
      {
        db: testApp.context.db,
        now: new Date('2024-08-02T12:00:00Z'),
        brandName: 'Steadyline',
        notify: false,
      },
      '2024-05-01',
    );
    const statements = rowsOf<{ period: string; interest_credited: string; interest_paid: string }>(
      await testApp.context.db.execute(sql`
        select to_char(period, 'YYYY-MM-DD') as period, interest_credited::text as interest_credited,
               interest_paid::text as interest_paid
        from investor_statements where investor_id = ${investor.investorId}::uuid order by period`),
    );
    expect(statements).toEqual([
      { period: '2024-04-01', interest_credited: '0.00', interest_paid: '169.87' },
      { period: '2024-05-01', interest_credited: '164.38', interest_paid: '0.00' },
    ]);
  });

  it('transfers the compounded value, and pays the last interest of the emptied note to the bank', async () => {
    await testApp.context.db.execute(
      sql`truncate investments, investment_transactions, ach_payments cascade`,
    );
    const investor = await createFundedInvestor(testApp.context.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '10000.00',
      rate: '0.08',
      startDate: '2024-01-01',
      reinvestInterest: true,
    });
    const runs: IsoDate[] = [];
    for (let month = 2; month <= 15; month += 1) {
      const year = 2024 + Math.floor((month - 1) / 12);
      runs.push(`${year}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-01` as IsoDate);
    }
    await runFirstOfMonths(runs);
    const value = (await noteFigures(investmentId)).value;
    const credited = (await postingsOf(investmentId)).map((row) => row.amount);
    expect(credited).toHaveLength(14);
    expect(value).toBe(addMoney('10000.00', ...credited));
    await insertPendingWithdrawal(testApp.context.db, {
      investorId: investor.investorId,
      bankAccountId: investor.bankAccountId,
      amount: value,
      requestedOn: '2025-03-05',
      now: new Date('2025-03-05T15:00:00Z'),
    });
    await runFirstOfMonths(['2025-03-31', '2025-04-01']);
    const withdrawal = rowsOf<{ amount: string; status: string }>(
      await testApp.context.db.execute(sql`
        select t.amount::text as amount, w.status from withdrawals w
        join investment_transactions t on t.withdrawal_id = w.id and t.transaction_type = 'withdrawal'
        where w.investor_id = ${investor.investorId}::uuid`),
    );
    expect(withdrawal).toEqual([{ amount: value, status: 'paid' }]);
    const figures = await noteFigures(investmentId);
    expect(figures.status).toBe('withdrawn');
    expect(figures.value).toBe('0.00');
    const last = (await postingsOf(investmentId)).at(-1)!;
    expect(last).toMatchObject({ period: '2025-03-01', credited: false });
    expect(last.ach).toBe(last.amount);
    expect(await compareDatabaseWithModel(testApp.context.db, [...runs, '2025-03-31', '2025-04-01'])).toEqual(
      [],
    );
    expect((await runLedgerCheck(testApp.context.db)).problems).toEqual([]);
  });
});

describe('the API', () => {
  let ann: BankedInvestor;
  let bob: BankedInvestor;
  let standardId: string;
  let highYieldId: string;

  beforeAll(async () => {
    ann = await signUpBankedInvestor(testApp, 'ann.reinvest@example.com');
    bob = await signUpBankedInvestor(testApp, 'bob.reinvest@example.com');
    const today = testApp.clock.today();
    standardId = (
      await buyNote(engine, {
        investorId: ann.investorId,
        bankAccountId: ann.bankAccountId,
        investmentType: 'standard',
        principal: '12000.00',
        rate: '0.08',
        startDate: today,
      })
    ).investmentId;
    highYieldId = (
      await buyNote(engine, {
        investorId: ann.investorId,
        bankAccountId: ann.bankAccountId,
        investmentType: 'high_yield',
        principal: '12000.00',
        rate: '0.094',
        termYears: 3,
        startDate: today,
      })
    ).investmentId;
  }, 60_000);

  function put(investmentId: string, payload: unknown, cookie: string | null = ann.cookie) {
    return testApp.app.inject({
      method: 'PUT',
      url: `/api/portal/notes/${investmentId}/interest-reinvestment`,
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });
  }

  async function choices(investmentId: string) {
    return rowsOf<{ reinvest: boolean; effective_period: string }>(
      await testApp.context.db.execute(sql`
        select reinvest, to_char(effective_period, 'YYYY-MM-DD') as effective_period
        from interest_reinvestment_changes where investment_id = ${investmentId}::uuid order by id`),
    );
  }

  it('lets the owner switch it on from next month, and records nothing twice', async () => {
    const today = testApp.clock.today();
    const nextMonth = addMonths(startOfMonth(today), 1);
    const before: NoteDetailResponse = (
      await testApp.app.inject({
        method: 'GET',
        url: `/api/portal/notes/${standardId}`,
        headers: { cookie: ann.cookie },
      })
    ).json();
    expect(before.interest_reinvestment).toEqual({
      reinvests_this_month: false,
      chosen: false,
      changes_from: null,
      next_switch_from: nextMonth,
    });
    expect(before.can_change_reinvestment).toBe(true);
    const response = await put(standardId, { reinvest: true });
    expect(response.statusCode).toBe(200);
    const after: NoteDetailResponse = response.json();
    expect(after.interest_reinvestment).toMatchObject({
      reinvests_this_month: false,
      chosen: true,
      changes_from: nextMonth,
    });
    expect((await put(standardId, { reinvest: true })).statusCode).toBe(200);
    expect(await choices(standardId)).toEqual([{ reinvest: true, effective_period: nextMonth }]);
    // The overview says which note reinvests, and from when.
    const overview = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/portal/overview',
        headers: { cookie: ann.cookie },
      })
    ).json<OverviewResponse>();
    expect(overview.notes.find((note) => note.id === standardId)).toMatchObject({
      reinvests_interest: false,
      reinvestment_changes_from: nextMonth,
    });
    expect(overview.notes.find((note) => note.id === highYieldId)).toMatchObject({
      reinvests_interest: null,
      reinvestment_changes_from: null,
    });
    expect(overview.standard_monthly_interest).toBeNull();
    const backOff: NoteDetailResponse = (await put(standardId, { reinvest: false })).json();
    expect(backOff.interest_reinvestment).toMatchObject({ chosen: false, changes_from: null });
  });

  it('refuses another investor, anonymous callers, High-Yield notes and malformed bodies', async () => {
    const before = await choices(standardId);
    expect((await put(standardId, { reinvest: true }, bob.cookie)).statusCode).toBe(404);
    expect((await put(standardId, { reinvest: true }, null)).statusCode).toBe(401);
    const highYield = await put(highYieldId, { reinvest: true });
    expect(highYield.statusCode).toBe(409);
    expect(highYield.json().error.message).toBe('Only Standard notes can reinvest their interest.');
    expect((await put(standardId, { reinvest: 'yes' })).statusCode).toBe(400);
    expect((await put(standardId, { reinvest: true, investor_id: bob.investorId })).statusCode).toBe(400);
    expect((await put('not-a-uuid', { reinvest: true })).statusCode).toBe(400);
    expect(await choices(standardId)).toEqual(before);
    expect(await choices(highYieldId)).toEqual([]);
  });

  it('takes the choice at purchase for a Standard note and refuses it for High-Yield', async () => {
    const products = await testApp.context.db.select().from(investmentProducts);
    const standard = products.find((row) => row.investmentType === 'standard')!;
    const highYield = products.find((row) => row.investmentType === 'high_yield')!;
    const buy = (product: typeof standard, key: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { origin: testOrigin, cookie: bob.cookie, 'idempotency-key': key },
        payload: {
          product_id: product.id,
          term_years: product.termYears,
          amount: '10000',
          interest_rate_annual: product.interestRateAnnual.replace(/0+$/, ''),
          funding_account_id: bob.bankAccountId,
          agreement_version: AGREEMENT_VERSION,
          consent: true,
          reinvest_interest: true,
        },
      });
    const refused = await buy(highYield, 'reinvest-purchase-key-hy-0001');
    expect(refused.statusCode).toBe(400);
    const bought = await buy(standard, 'reinvest-purchase-key-std-001');
    expect(bought.statusCode).toBe(201);
    const { investment } = bought.json();
    expect(investment.reinvests_interest).toBe(true);
    expect(await choices(investment.id)).toEqual([
      { reinvest: true, effective_period: `${testApp.clock.today().slice(0, 7)}-01` },
    ]);
  });
});

describe('what reinvested interest is called (issue 24 item 13)', () => {
  let cara: BankedInvestor;
  let reinvestingId: string;
  let paidOutId: string;

  beforeAll(async () => {
    await testApp.context.db.execute(sql`delete from rate_limit_counters`);
    cara = await signUpBankedInvestor(testApp, 'cara.reinvest@example.com');
    const note = { investorId: cara.investorId, bankAccountId: cara.bankAccountId, rate: '0.08' } as const;
    reinvestingId = (
      await buyNote(engine, {
        ...note,
        investmentType: 'standard',
        principal: '15000.00',
        startDate: '2025-11-03',
        reinvestInterest: true,
      })
    ).investmentId;
    paidOutId = (
      await buyNote(engine, {
        ...note,
        investmentType: 'standard',
        principal: '9000.00',
        startDate: '2025-11-03',
      })
    ).investmentId;
    await runFirstOfMonths(['2025-12-01', '2026-01-02', '2026-02-02', '2026-03-02']);
    await generateStatementsForMonth(
      {
        db: testApp.context.db,
        now: new Date('2026-03-05T12:00:00Z'),
        brandName: 'Steadyline',
        notify: false,
      },
      '2026-02-01',
    );
  }, 60_000);

  it('reads "Interest added to note" in the CSV when it went to the note, and "paid to bank" when it did not', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/transactions/export.csv?view=list&filter=interest',
      headers: { cookie: cara.cookie },
    });
    const records = response.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    const labelsOf = (investmentId: string) => [
      ...new Set(records.filter((record) => record[8] === investmentId).map((record) => record[2])),
    ];
    expect(labelsOf(reinvestingId)).toEqual(['Interest added to note']);
    expect(labelsOf(paidOutId)).toEqual(['Interest paid to bank']);
  });

  it('reads the same in the monthly statement, where the summary counts it as added to notes', async () => {
    const pdf = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/documents/statements/2026-02',
      headers: { cookie: cara.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const lines = pdfTextLines(pdf.rawPayload);
    const [credited] = (await postingsOf(reinvestingId)).filter((row) => row.period === '2026-01-01');
    const [paid] = (await postingsOf(paidOutId)).filter((row) => row.period === '2026-01-01');
    expect(lines).toContain('Interest added to notes');
    expect(lines).toContain(`$${credited!.amount}`);
    expect(lines.filter((line) => line === 'Interest added to note (January 2026)')).toHaveLength(1);
    expect(lines.filter((line) => line === 'Interest paid to bank (January 2026)')).toHaveLength(1);
    expect(lines).toContain(`+$${credited!.amount}`);
    expect(lines).toContain(`$${paid!.amount} to bank`);
  });
});
