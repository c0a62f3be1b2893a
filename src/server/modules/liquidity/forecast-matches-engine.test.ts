/**
 * The forecast is the engine's own future (issue 27 tests): seed notes, make the forecast, run
 * the money engine forward over the next year, and compare every month's Standard interest paid
 * out and every High-Yield maturity (paid out, rolled over, or waiting) with the forecast, to
 * the cent. The shared interest schedule (src/shared) agrees note by note.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, type IsoDate } from '../../../shared/dates/calendar-date';
import { interestSchedule } from '../../../shared/ledger/interest-schedule';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { runMoneyDays } from '../money/run-money-days';
import type { DatedAmount } from './forecast-line-source';
import { collectLines, forecastTable, monthBuckets } from './forecast';

let database: TestDatabase;
let engine: TestEngine;

const SEEDED_FROM: IsoDate = '2024-01-05';
const TODAY: IsoDate = '2025-03-10';
const YEAR_LATER: IsoDate = '2026-03-10';

/** A small deterministic generator: the same odd principals every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Seeded {
  standard: { id: string; principal: string; rate: string; start: IsoDate }[];
  highYield: { id: string; instruction: 'pay_out' | 'roll_over' | null }[];
}

let seeded: Seeded;
let lines: Awaited<ReturnType<typeof collectLines>>;

function amountsByDate(key: string): Map<IsoDate, bigint> {
  const line = lines.find((candidate) => candidate.source.key === key);
  const byDate = new Map<IsoDate, bigint>();
  for (const amount of (line?.amounts ?? []) as DatedAmount[])
    byDate.set(amount.date, (byDate.get(amount.date) ?? 0n) + amount.cents);
  return byDate;
}

beforeAll(async () => {
  database = await createTestDatabase();
  engine = createTestEngine(database.db);
  await database.db.insert(investmentProducts).values(
    [1, 2, 3].map((termYears) => ({
      displayName: `High-Yield ${termYears}`,
      investmentType: 'high_yield',
      interestRateAnnual: '0.110000',
      termYears,
      minimumPurchaseAmount: '5000.00',
      isActive: true,
    })),
  );
  await database.db.execute(sql`update investment_product_history set valid_from = '-infinity'`);
  const random = generator(27);
  seeded = { standard: [], highYield: [] };
  const investors = await Promise.all([0, 1, 2, 3].map(() => createFundedInvestor(database.db)));
  const purchases: { day: IsoDate; run: () => Promise<void> }[] = [];
  for (let index = 0; index < 24; index += 1) {
    const investor = investors[index % investors.length]!;
    const start = addMonths(SEEDED_FROM, Math.floor(random() * 13));
    const day = `${start.slice(0, 8)}${String(1 + Math.floor(random() * 27)).padStart(2, '0')}` as IsoDate;
    const principal = centsToMoney(500_000n + BigInt(Math.floor(random() * 9_000_000)));
    const rate = ['0.094000', '0.087500', '0.101234'][index % 3] as string;
    purchases.push({
      day,
      run: async () => {
        const note = await buyNote(engine, {
          ...investor,
          investmentType: 'standard',
          principal,
          rate,
          startDate: day,
          reinvestInterest: index === 5,
        });
        if (index !== 5) seeded.standard.push({ id: note.investmentId, principal, rate, start: day });
      },
    });
  }
  const instructions = ['pay_out', 'roll_over', null, 'pay_out', 'roll_over', null] as const;
  instructions.forEach((instruction, index) => {
    const investor = investors[index % investors.length]!;
    const day = `2024-0${3 + index}-2${index}` as IsoDate;
    purchases.push({
      day,
      run: async () => {
        const note = await buyNote(engine, {
          ...investor,
          investmentType: 'high_yield',
          principal: centsToMoney(1_000_000n + BigInt(index) * 123_457n),
          rate: '0.110000',
          termYears: 1,
          startDate: day,
          maturityInstruction:
            instruction === null
              ? null
              : instruction === 'pay_out'
                ? { kind: 'pay_out' }
                : { kind: 'roll_over', term_years: 1 },
        });
        seeded.highYield.push({ id: note.investmentId, instruction });
      },
    });
  });
  purchases.sort((left, right) => left.day.localeCompare(right.day));
  await runMoneyDays(engine, {
    from: SEEDED_FROM,
    through: TODAY,
    eventDays: purchases.map((purchase) => purchase.day),
    beforeDay: async (day) => {
      for (const purchase of purchases.filter((candidate) => candidate.day === day)) await purchase.run();
    },
  });
  lines = await collectLines(
    database.db,
    { today: TODAY, until: addMonths('2025-03-01', 24) },
    { rolloverRateTenThousandths: 5_000n },
  );
  await runMoneyDays(engine, { from: addDays(TODAY, 1), through: YEAR_LATER });
}, 240_000);

afterAll(async () => {
  await database.close();
});

describe('the forecast against the engine run forward a year', () => {
  it('Standard interest paid out: each month the forecast dates to its first equals the entries the month-end run posts, to the cent', async () => {
    const forecast = amountsByDate('standard_interest');
    const posted = rowsOf<{ day: string; cents: string }>(
      await database.db.execute(sql`
        select to_char(t.transaction_date, 'YYYY-MM-DD') as day, (sum(t.amount) * 100)::bigint::text as cents
        from investment_transactions t join investments i on i.id = t.investment_id
        where t.transaction_type = 'interest_payment' and i.investment_type = 'standard' and t.ach_payment_id is not null
          and t.transaction_date > ${TODAY}::date and t.transaction_date <= ${YEAR_LATER}::date
        group by t.transaction_date order by 1`),
    );
    expect(posted.length).toBe(12);
    for (const row of posted) {
      expect({ day: row.day, cents: forecast.get(row.day) ?? 0n }).toEqual({
        day: row.day,
        cents: BigInt(row.cents),
      });
    }
  });

  it('the shared interest schedule gives the same month by month for every note', () => {
    const forecast = amountsByDate('standard_interest');
    const fromSchedule = new Map<IsoDate, bigint>();
    for (const note of seeded.standard) {
      for (const row of interestSchedule({
        principal: note.principal,
        rate: note.rate,
        startDate: note.start,
        endDate: '2026-04-01',
      })) {
        if (row.until <= TODAY || row.until > YEAR_LATER) continue;
        fromSchedule.set(
          row.until,
          (fromSchedule.get(row.until) ?? 0n) + (parseMoneyToCents(row.posted) ?? 0n),
        );
      }
    }
    for (const [day, cents] of fromSchedule)
      expect({ day, cents: forecast.get(day) }).toEqual({ day, cents });
  });

  it('High-Yield maturing: the value the forecast expects on each maturity date is the value the engine matured, and the rollover line is what rolled over', async () => {
    const maturing = amountsByDate('high_yield_maturing');
    const rollovers = amountsByDate('expected_rollover');
    const matured = rowsOf<{ day: string; instruction: string | null; cents: string; rolled: string | null }>(
      await database.db.execute(sql`
        select to_char(i.maturity_date, 'YYYY-MM-DD') as day, i.maturity_instruction as instruction,
               ((i.principal_amount + i.interest_posted) * 100)::bigint::text as cents,
               (select (r.principal_amount * 100)::bigint::text from investments r where r.source_investment_id = i.id and r.origin = 'rollover') as rolled
        from investments i
        where i.investment_type = 'high_yield' and i.origin = 'purchase' and i.maturity_date > ${TODAY}::date`),
    );
    expect(matured.length).toBe(seeded.highYield.length);
    const byDay = new Map<string, bigint>();
    for (const row of matured) byDay.set(row.day, (byDay.get(row.day) ?? 0n) + BigInt(row.cents));
    for (const [day, cents] of byDay) expect({ day, cents: maturing.get(day) }).toEqual({ day, cents });
    for (const row of matured.filter((candidate) => candidate.instruction === 'roll_over')) {
      expect(row.rolled).toBe(row.cents);
      expect(rollovers.get(row.day)).toBe(BigInt(row.cents));
    }
    for (const row of matured.filter((candidate) => candidate.instruction === null)) {
      expect(rollovers.get(row.day)).toBe((BigInt(row.cents) * 5_000n * 2n + 10_000n) / 20_000n);
    }
  });

  it('the monthly table adds the lines up and carries cash and coverage from period to period', () => {
    const table = forecastTable(lines, monthBuckets(TODAY), 10_000_000n);
    expect(table.periods).toHaveLength(24);
    const first = table.lines.map((line) => parseMoneyToCents(line.amounts[1] ?? '0') ?? 0n);
    const owed = table.lines.reduce(
      (sum, line, index) =>
        sum + (line.kind === 'obligation' ? first[index]! : line.kind === 'offset' ? -first[index]! : 0n),
      0n,
    );
    expect(table.obligations[1]).toBe(centsToMoney(owed));
    const owedTwo = (parseMoneyToCents(table.obligations[0]!) ?? 0n) + owed;
    const inTwo = (parseMoneyToCents(table.inflows[0]!) ?? 0n) + (parseMoneyToCents(table.inflows[1]!) ?? 0n);
    expect(table.cash_after[1]).toBe(centsToMoney(10_000_000n + inTwo - owedTwo));
  });
});
