/**
 * Maturity instructions (issue 17 item 1, PRODUCT.md 38): a High-Yield note is paid out on the
 * run that sees its maturity (not at quarter end) or rolled over into a new note of the chosen
 * term at the rate offered then; reminders 30 and 7 days before, once each; a rollover undone
 * within 10 days is paid out with the interest of those days. Every scenario is compared with
 * the reference model to the cent, and passes the ledger check.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors/app-error';
import { formatLongDate } from '../../../shared/format/long-date';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import { compareDatabaseWithModel, compareEngineWithModel } from '../../test-support/money-engine-property';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  recordingNotifier,
  runMoneyDay,
  runMoneyDayInOrder,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { formatLedgerReport, runLedgerCheck } from './ledger-check';
import { undoRollover } from './maturity-instructions';
import { insertPendingWithdrawal } from './withdrawal-repository';
import { DEFAULT_BACKUP_WITHHOLDING_RULE } from '../backup-withholding/withholding-rule';

let database: TestDatabase;
let engine: TestEngine;
let notifier: ReturnType<typeof recordingNotifier>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await truncateAll(database);
  notifier = recordingNotifier();
  engine = createTestEngine(database.db, { notifier });
});

async function query<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await database.db.execute(statement));
}

async function expectLedgerClean(): Promise<void> {
  const report = await runLedgerCheck(database.db);
  expect(report.problems, formatLedgerReport(report)).toEqual([]);
}

/** Offered since before the notes' dates: a rollover reads the offer of its maturity date. */
const OFFERED_SINCE = new Date('2021-01-01T15:00:00Z');

async function offerHighYield(termYears: number, rate: string, since = OFFERED_SINCE): Promise<string> {
  const [product] = await database.db
    .insert(investmentProducts)
    .values({
      displayName: `High-Yield ${termYears}`,
      investmentType: 'high_yield',
      interestRateAnnual: rate,
      termYears,
      minimumPurchaseAmount: '1000.00',
      createdAt: since,
      updatedAt: since,
    })
    .returning({ id: investmentProducts.id });
  return product!.id;
}

async function notes() {
  return query<{
    id: string;
    origin: string;
    status: string;
    principal_amount: string;
    interest_rate_annual: string;
    start_date: string;
    maturity_date: string;
    value: string;
  }>(sql`
    select id, origin, status, principal_amount::text as principal_amount, interest_rate_annual::text as interest_rate_annual,
           to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(maturity_date, 'YYYY-MM-DD') as maturity_date,
           (select coalesce(sum(value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
    from investments i order by start_date, created_at`);
}

describe('at maturity', () => {
  it('pays a note out on the run that sees its maturity, to the bank, by ACH', async () => {
    const investor = await createFundedInvestor(database.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '10000.00',
      rate: '0.09',
      termYears: 2,
      startDate: '2023-02-10',
      maturityInstruction: { kind: 'pay_out' },
    });
    const runDates = ['2023-02-14', '2025-02-01', '2025-02-10', '2025-02-12'];
    for (const date of runDates) await runMoneyDay(engine, date);
    const [note] = await notes();
    expect(note).toMatchObject({ id: investmentId, status: 'withdrawn', value: '0.00' });
    const [payout] = await query<{
      amount: string;
      status: string;
      reason: string;
      scheduled: string;
      credit: string;
    }>(sql`
      select w.amount::text as amount, w.status, w.reason, to_char(w.scheduled_for, 'YYYY-MM-DD') as scheduled,
             a.status as credit
      from withdrawals w join ach_payments a on a.id = w.ach_payment_id`);
    // 10,000 x 9% x 731 days / 365, credited month by month, all paid out on the maturity date.
    expect(payout).toEqual({
      amount: '11802.47',
      status: 'paid',
      reason: 'maturity_payout',
      scheduled: '2025-02-10',
      credit: 'settled',
    });
    expect(notifier.withdrawals).toEqual([`${investor.investorId}:2025-02-10:11802.47`]);
    expect(await compareDatabaseWithModel(database.db, runDates)).toEqual([]);
    await expectLedgerClean();
  });

  it('rolls a note over into the chosen term at the rate offered then, earning from the maturity date', async () => {
    await offerHighYield(1, '0.0875');
    await offerHighYield(1, '0.0800');
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '5000.00',
      rate: '0.1',
      termYears: 2,
      startDate: '2023-03-15',
      maturityInstruction: { kind: 'roll_over', term_years: 1 },
    });
    // The run on the maturity date is missed: the rollover made on the 17th still earns from the 15th.
    const runDates = ['2023-03-20', '2025-03-17', '2025-04-01', '2025-05-01', '2026-03-16'];
    for (const date of runDates) await runMoneyDay(engine, date);
    const [old, rolled] = await notes();
    expect(old).toMatchObject({ status: 'withdrawn', value: '0.00' });
    expect(rolled).toMatchObject({
      origin: 'rollover',
      // 5,000 x 10% x 731 days / 365 (2024 is a leap year).
      principal_amount: '6001.37',
      interest_rate_annual: '0.087500',
      start_date: '2025-03-15',
      maturity_date: '2026-03-15',
    });
    expect(notifier.other.some((line) => line.endsWith(':2025-03-17:Note rolled over: $6,001.37'))).toBe(
      true,
    );
    expect(await compareDatabaseWithModel(database.db, runDates)).toEqual([]);
    await expectLedgerClean();
  });

  it('pays out instead when the chosen term is no longer offered', async () => {
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '2500.00',
      rate: '0.1',
      termYears: 2,
      startDate: '2023-01-05',
      maturityInstruction: { kind: 'roll_over', term_years: 5 },
    });
    const runDates = ['2023-01-09', '2025-01-05', '2025-01-07'];
    for (const date of runDates) await runMoneyDay(engine, date);
    expect(await notes()).toHaveLength(1);
    const [payout] = await query<{ reason: string }>(sql`select reason from withdrawals`);
    expect(payout?.reason).toBe('maturity_payout');
    expect(await compareDatabaseWithModel(database.db, runDates)).toEqual([]);
  });

  it('compares a mixed portfolio with the model over chained rollovers', async () => {
    const differences = await compareEngineWithModel(database.db, {
      notes: [
        {
          investor: 0,
          type: 'high_yield',
          principalCents: 1_000_000,
          rateMillionths: 94_000,
          termYears: 1,
          startOffset: 0,
          instruction: 1,
        },
        {
          investor: 0,
          type: 'high_yield',
          principalCents: 2_000_000,
          rateMillionths: 98_000,
          termYears: 1,
          startOffset: 40,
          instruction: 'pay_out',
        },
        {
          investor: 1,
          type: 'high_yield',
          principalCents: 3_333_333,
          rateMillionths: 102_400,
          termYears: 1,
          startOffset: 75,
          instruction: 3,
        },
        {
          investor: 1,
          type: 'high_yield',
          principalCents: 777_777,
          rateMillionths: 80_000,
          termYears: 1,
          startOffset: 90,
          instruction: 'none',
        },
        {
          investor: 1,
          type: 'standard',
          principalCents: 500_000,
          rateMillionths: 90_000,
          termYears: 1,
          startOffset: 100,
          instruction: 'none',
        },
      ],
      transfers: [{ investor: 1, amountCents: 100_000, requestOffset: 200 }],
      runOffsets: [0, 31, 45, 80, 95, 120, 200, 300, 366, 400, 500, 640],
    });
    expect(differences).toEqual([]);
    const origins = await query<{ origin: string; count: number }>(
      sql`select origin, count(*)::int as count from investments group by origin order by origin`,
    );
    expect(origins).toEqual([
      { origin: 'purchase', count: 5 },
      { origin: 'rollover', count: 2 },
    ]);
  });
});

/** A note's entries as "type amount on date for period", in text order (one run's entries share a time). */
async function entriesOf(investmentId: string): Promise<string[]> {
  const rows = await query<{ line: string }>(sql`
    select transaction_type || ' ' || amount::text || ' on ' || to_char(transaction_date, 'YYYY-MM-DD')
           || coalesce(' for ' || to_char(posting_period, 'YYYY-MM-DD'), '') as line
    from investment_transactions where investment_id = ${investmentId}::uuid order by line`);
  return rows.map((row) => row.line);
}

async function accruedThrough(investmentId: string): Promise<string | undefined> {
  const [row] = await query<{ day: string }>(
    sql`select to_char(accrued_through, 'YYYY-MM-DD') as day from investments where id = ${investmentId}::uuid`,
  );
  return row?.day;
}

// Decision 1730: what the engine and the reference model settled on for late runs.
describe('late runs', () => {
  it('waits for the funding to settle, then pays out or rolls over on the next run', async () => {
    await offerHighYield(1, '0.0875');
    const buy = async (
      maturityInstruction: { kind: 'pay_out' } | { kind: 'roll_over'; term_years: number },
    ) =>
      (
        await buyNote(engine, {
          ...(await createFundedInvestor(database.db)),
          investmentType: 'high_yield',
          principal: '10000.00',
          rate: '0.09',
          termYears: 2,
          startDate: '2023-02-10',
          maturityInstruction,
        })
      ).investmentId;
    const paidId = await buy({ kind: 'pay_out' });
    const rolledFromId = await buy({ kind: 'roll_over', term_years: 1 });
    // No run settled the funding debits before the maturity: the first run matures the notes
    // and settles the funding, after its maturity job; the next run carries the instructions out.
    await runMoneyDay(engine, '2025-02-12');
    expect((await notes()).map((note) => note.status)).toEqual(['matured', 'matured']);
    expect(await query(sql`select id from withdrawals`)).toEqual([]);
    await runMoneyDay(engine, '2025-02-13');
    const all = await notes();
    const byId = (id: string) => all.find((note) => note.id === id);
    expect(byId(paidId)).toMatchObject({ status: 'withdrawn', value: '0.00' });
    expect(await entriesOf(paidId)).toContain('withdrawal 11802.47 on 2025-02-13');
    expect(byId(rolledFromId)).toMatchObject({ status: 'withdrawn', value: '0.00' });
    const rolled = all.find((note) => note.origin === 'rollover');
    // The rollover still earns from the maturity date, and is accrued to the run's date.
    expect(rolled).toMatchObject({
      origin: 'rollover',
      start_date: '2025-02-10',
      principal_amount: '11802.47',
    });
    expect(await accruedThrough(rolled!.id)).toBe('2025-02-13');
    expect(await compareDatabaseWithModel(database.db, ['2025-02-12', '2025-02-13'])).toEqual([]);
    await expectLedgerClean();
  });

  it("posts a late rollover's ended months at once, whether or not a transfer of the investor is paid that run", async () => {
    await offerHighYield(2, '0.1');
    const withTransfer = await createFundedInvestor(database.db);
    const without = await createFundedInvestor(database.db);
    for (const investor of [withTransfer, without]) {
      await buyNote(engine, {
        ...investor,
        investmentType: 'high_yield',
        principal: '36500.00',
        rate: '0.1',
        termYears: 1,
        startDate: '2024-01-04',
        maturityInstruction: { kind: 'roll_over', term_years: 2 },
      });
    }
    await buyNote(engine, {
      ...withTransfer,
      investmentType: 'standard',
      principal: '5000.00',
      rate: '0.08',
      startDate: '2023-06-01',
    });
    await insertPendingWithdrawal(database.db, {
      ...withTransfer,
      amount: '1000.00',
      requestedOn: '2024-12-01',
      now: new Date('2024-12-01T16:00:00Z'),
    });
    // The run of the maturity (4 January 2025) and every run of January are missed.
    const runDates = ['2024-01-08', '2025-02-14'];
    for (const date of runDates) await runMoneyDay(engine, date);
    const rolled = (await notes()).filter((note) => note.origin === 'rollover');
    expect(rolled).toHaveLength(2);
    for (const note of rolled) {
      // 36,500 x 10% x 366 / 365 = 3,660.00 at maturity; then 40,160 x 10% x 28 days / 365 in January.
      expect(note).toMatchObject({
        start_date: '2025-01-04',
        principal_amount: '40160.00',
        value: '40468.08',
      });
      expect(await entriesOf(note.id)).toEqual([
        'interest_payment 308.08 on 2025-02-14 for 2025-01-01',
        'reinvestment 40160.00 on 2025-02-14',
      ]);
      expect(await accruedThrough(note.id)).toBe('2025-02-14');
    }
    const [transfer] = await query<{ status: string }>(
      sql`select status from withdrawals where reason = 'transfer'`,
    );
    expect(transfer?.status).toBe('paid');
    expect(await compareDatabaseWithModel(database.db, runDates)).toEqual([]);
    await expectLedgerClean();
  });

  it('rolls a rollover that has itself matured over again in the same late run', async () => {
    await offerHighYield(1, '0.0875');
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '10000.00',
      rate: '0.09',
      termYears: 2,
      startDate: '2022-01-10',
      maturityInstruction: { kind: 'roll_over', term_years: 1 },
    });
    const runDates = ['2022-01-12', '2025-02-03'];
    for (const date of runDates) await runMoneyDay(engine, date);
    const all = await notes();
    expect(all.map((note) => [note.origin, note.status, note.start_date, note.maturity_date])).toEqual([
      ['purchase', 'withdrawn', '2022-01-10', '2024-01-10'],
      ['rollover', 'withdrawn', '2024-01-10', '2025-01-10'],
      ['rollover', 'active', '2025-01-10', '2026-01-10'],
    ]);
    expect(await accruedThrough(all[2]!.id)).toBe('2025-02-03');
    expect(await compareDatabaseWithModel(database.db, runDates)).toEqual([]);
    await expectLedgerClean();
  });
});

// Issue 24 item 7, PRODUCT.md 47, decision 1810: a late run gives the ledger daily runs would have.
describe('late runs read the maturity date', () => {
  it("takes the maturity date's offer, whatever the catalogue became before the run", async () => {
    const oneYear = await offerHighYield(1, '0.09');
    const twoYears = await offerHighYield(2, '0.1');
    const instructions = [1, 2, 3];
    const sources: string[] = [];
    for (const term of instructions) {
      const { investmentId } = await buyNote(engine, {
        ...(await createFundedInvestor(database.db)),
        investmentType: 'high_yield',
        principal: '10000.00',
        rate: '0.09',
        termYears: 2,
        startDate: '2023-03-15',
        maturityInstruction: { kind: 'roll_over', term_years: term },
      });
      sources.push(investmentId);
    }
    // The 1-year rate rises during the maturity date (after it began), the 2-year term is
    // withdrawn two days later and a 3-year term is offered then; the run comes five days late.
    await database.db.execute(sql`
      update investment_products set interest_rate_annual = 0.095, updated_at = '2025-03-15T15:00:00Z'
      where id = ${oneYear}::uuid`);
    await database.db.execute(sql`
      update investment_products set is_active = false, updated_at = '2025-03-17T15:00:00Z'
      where id = ${twoYears}::uuid`);
    await offerHighYield(3, '0.11', new Date('2025-03-17T15:00:00Z'));
    const runDates = ['2023-03-20', '2025-03-20'];
    for (const date of runDates) await runMoneyDay(engine, date);
    const rolled = await query<{ source: string; rate: string; term: number }>(sql`
      select source_investment_id as source, interest_rate_annual::text as rate, term_years as term
      from investments where origin = 'rollover'`);
    const bySource = (id: string) => rolled.find((row) => row.source === id);
    expect(bySource(sources[0]!)).toMatchObject({ rate: '0.090000', term: 1 });
    expect(bySource(sources[1]!)).toMatchObject({ rate: '0.100000', term: 2 });
    expect(bySource(sources[2]!)).toBeUndefined();
    const [payout] = await query<{ reason: string; amount: string }>(
      sql`select reason, amount::text as amount from withdrawals`,
    );
    // 10,000 x 9% x 731 days / 365, paid out: no 3-year term was offered on 15 March 2025.
    expect(payout).toEqual({ reason: 'maturity_payout', amount: '11802.47' });
    expect(await compareDatabaseWithModel(database.db, runDates)).toEqual([]);
    await expectLedgerClean();
  });

  it("posts the investor's ended months before a pay-out, also on a day the interest run did not run", async () => {
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '10000.00',
      rate: '0.09',
      termYears: 2,
      startDate: '2023-03-15',
      maturityInstruction: { kind: 'pay_out' },
    });
    const { investmentId: standardId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '36500.00',
      rate: '0.08',
      startDate: '2025-01-01',
    });
    for (const date of ['2023-03-20', '2025-02-03']) await runMoneyDay(engine, date);
    // The maturity is seen on 2 April, a day the interest run failed: February and March of the
    // Standard note are posted with the pay-out, dated that day, as a rollover or a transfer does.
    await runMoneyDayInOrder(engine, '2025-04-02', 'interest-missed');
    expect(await entriesOf(standardId)).toEqual([
      'interest_payment 224.00 on 2025-04-02 for 2025-02-01',
      'interest_payment 248.00 on 2025-02-03 for 2025-01-01',
      'interest_payment 248.00 on 2025-04-02 for 2025-03-01',
      'purchase 36500.00 on 2025-01-01',
    ]);
    expect(await accruedThrough(standardId)).toBe('2025-04-02');
    expect(notifier.withdrawals).toEqual([`${investor.investorId}:2025-04-02:11802.47`]);
    expect(
      await compareDatabaseWithModel(
        database.db,
        ['2023-03-20', '2025-02-03', '2025-04-02'],
        [],
        ['2025-04-02'],
      ),
    ).toEqual([]);
    await expectLedgerClean();
  });

  it('gives 10 days to undo from the run that made the rollover, however late', async () => {
    await offerHighYield(2, '0.1');
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '36500.00',
      rate: '0.1',
      termYears: 1,
      startDate: '2024-05-28',
      maturityInstruction: { kind: 'roll_over', term_years: 2 },
    });
    // Matured on 28 May; the run that rolls it over, and tells the investor, comes 12 days late.
    for (const date of ['2024-06-03', '2025-06-09']) await runMoneyDay(engine, date);
    const rolled = (await notes()).find((note) => note.origin === 'rollover')!;
    expect(rolled.start_date).toBe('2025-05-28');
    const [notice] = await query<{ body: string }>(
      sql`select notice->>'body' as body from investor_notice_queue where notice->>'title' like 'Note rolled over%'`,
    );
    expect(notice?.body).toContain(`Undo it by ${formatLongDate('2025-06-18')}`);
    const attempt = (executionDate: string) =>
      database.db.transaction((tx) =>
        undoRollover(tx, {
          investorId: investor.investorId,
          investmentId: rolled.id,
          executionDate,
          now: new Date(`${executionDate}T15:00:00Z`),
          achEffectiveDate: executionDate,
          backupWithholding: DEFAULT_BACKUP_WITHHOLDING_RULE,
          brandName: 'Steadyline',
        }),
      );
    await expect(attempt('2025-06-19')).rejects.toBeInstanceOf(AppError);
    const undone = await attempt('2025-06-18');
    // 40,150 x 10% / 365 = 11.00 a day, from 28 May through 18 June (22 days).
    expect(undone.payout.amount).toBe('40392.00');
    await expectLedgerClean();
  });
});

describe('reminders', () => {
  it('reminds 30 and 7 days before maturity, once each, even when a run is missed', async () => {
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '1000.00',
      rate: '0.1',
      termYears: 2,
      startDate: '2023-06-30',
      maturityInstruction: { kind: 'pay_out' },
    });
    for (const date of ['2025-05-30', '2025-06-01', '2025-06-02', '2025-06-24', '2025-06-25']) {
      await runMoneyDay(engine, date);
    }
    const reminders = notifier.other.filter((line) => line.includes('matures in'));
    expect(reminders).toEqual([
      `${investor.investorId}:2025-06-01:Note ${(await notes())[0]!.id.slice(0, 8).toUpperCase()} matures in 30 days`,
      `${investor.investorId}:2025-06-24:Note ${(await notes())[0]!.id.slice(0, 8).toUpperCase()} matures in 7 days`,
    ]);
    const queued = await query<{ count: number }>(
      sql`select count(*)::int as count from investor_notice_queue where notice->>'title' like '%matures in%'`,
    );
    expect(queued[0]?.count).toBe(2);
  });
});

describe('undoing a rollover', () => {
  async function rolledOver() {
    await offerHighYield(2, '0.1');
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '36500.00',
      rate: '0.1',
      termYears: 1,
      startDate: '2024-05-28',
      maturityInstruction: { kind: 'roll_over', term_years: 2 },
    });
    for (const date of ['2024-06-03', '2025-05-28']) await runMoneyDay(engine, date);
    const rolled = (await notes()).find((note) => note.origin === 'rollover')!;
    return { investor, rolled };
  }

  it('pays the new note out with the interest of the days it earned', async () => {
    const { investor, rolled } = await rolledOver();
    expect(rolled.principal_amount).toBe('40150.00');
    await runMoneyDay(engine, '2025-06-01');
    engine.setDate('2025-06-06');
    const result = await database.db.transaction((tx) =>
      undoRollover(tx, {
        investorId: investor.investorId,
        investmentId: rolled.id,
        executionDate: '2025-06-06',
        now: engine.clock.now(),
        achEffectiveDate: '2025-06-09',
        backupWithholding: DEFAULT_BACKUP_WITHHOLDING_RULE,
        brandName: 'Steadyline',
      }),
    );
    // 40,150 x 10% / 365 = 11.00 a day: 4 days of May (credited on 1 June) and 6 days of June through the 6th.
    expect(result.payout.amount).toBe('40260.00');
    const [row] = await query<{ status: string; value: string; instruction: string }>(sql`
      select status, maturity_instruction as instruction,
             (select coalesce(sum(value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
      from investments i where id = ${rolled.id}`);
    expect(row).toEqual({ status: 'withdrawn', value: '0.00', instruction: 'pay_out' });
    await runMoneyDay(engine, '2025-06-10');
    await expectLedgerClean();
  });

  it('refuses after 10 days, and for another investor', async () => {
    const { investor, rolled } = await rolledOver();
    const stranger = await createFundedInvestor(database.db);
    const attempt = (investorId: string, executionDate: string) =>
      database.db.transaction((tx) =>
        undoRollover(tx, {
          investorId,
          investmentId: rolled.id,
          executionDate,
          now: new Date(`${executionDate}T15:00:00Z`),
          achEffectiveDate: executionDate,
          backupWithholding: DEFAULT_BACKUP_WITHHOLDING_RULE,
          brandName: 'Steadyline',
        }),
      );
    await expect(attempt(stranger.investorId, '2025-05-30')).rejects.toMatchObject({ code: 'not_found' });
    await expect(attempt(investor.investorId, '2025-06-07')).rejects.toBeInstanceOf(AppError);
    expect((await notes()).find((note) => note.id === rolled.id)?.status).toBe('active');
  });
});
