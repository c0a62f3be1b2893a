/**
 * The Standard interest line's two arithmetics (decision 1940): int8 when every note fits, and
 * numeric when one does not (PostgreSQL refuses the overflow; the line re-runs). Both give the
 * shared schedule's postings, month by month, to the cent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMonths, type IsoDate } from '../../../shared/dates/calendar-date';
import { interestSchedule } from '../../../shared/ledger/interest-schedule';
import { parseMoneyToCents } from '../../../shared/money/decimal-string';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { insertInvestor, insertNote } from '../admin-dashboard/test-fixtures';
import { standardInterestLine } from './lines/standard-interest';

let database: TestDatabase;
const today: IsoDate = '2026-03-10';
const until: IsoDate = '2026-09-01';

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await truncateAll(database);
});

/** A Standard note posted through February, as the engine leaves it. */
async function note(
  principal: string,
  rate: string,
  start: IsoDate,
): Promise<{ id: string; investorId: string }> {
  const investor = await insertInvestor(database.db, {
    firstName: 'A',
    lastName: 'B',
    email: `${principal}-${start}@example.com`,
  });
  const created = await insertNote(database.db, {
    investorId: investor.id,
    investmentType: 'standard',
    principal,
    startDate: start,
  });
  const posted = interestSchedule({ principal, rate, startDate: start, endDate: '2026-03-01' }).reduce(
    (sum, row) => sum + (parseMoneyToCents(row.posted) ?? 0n),
    0n,
  );
  await database.db.execute(sql`
    update investments set interest_rate_annual = ${rate}::numeric, interest_posted = ${String(posted)}::numeric / 100,
      last_posted_period = case when start_date < '2026-02-01' then '2026-02-01'::date end,
      accrued_through = greatest(start_date, '2026-03-01') where id = ${created.id}::uuid`);
  return { id: created.id, investorId: investor.id };
}

/** A reinvestment choice taking effect for the interest of `period` (a month's first) and after. */
async function choose(
  created: { id: string; investorId: string },
  reinvest: boolean,
  period: IsoDate,
): Promise<void> {
  await database.db.execute(sql`
    insert into interest_reinvestment_changes (investment_id, investor_id, reinvest, effective_period, changed_on, source)
    values (${created.id}::uuid, ${created.investorId}::uuid, ${reinvest}, ${period}::date, '2025-01-01', 'investor')`);
}

function expectedByMonth(
  notes: { principal: string; rate: string; start: IsoDate; isPaid?: (period: IsoDate) => boolean }[],
): Map<IsoDate, bigint> {
  const byMonth = new Map<IsoDate, bigint>();
  for (const entry of notes) {
    for (const row of interestSchedule({
      principal: entry.principal,
      rate: entry.rate,
      startDate: entry.start,
      endDate: until,
    })) {
      if (row.until <= '2026-03-01' || row.until >= until) continue;
      if (entry.isPaid && !entry.isPaid(addMonths(row.until, -1))) continue;
      byMonth.set(row.until, (byMonth.get(row.until) ?? 0n) + (parseMoneyToCents(row.posted) ?? 0n));
    }
  }
  return byMonth;
}

async function lineByMonth(): Promise<Map<IsoDate, bigint>> {
  const amounts = await standardInterestLine.collect(
    database.db,
    { today, until },
    { rolloverRateTenThousandths: 0n },
  );
  return new Map(amounts.map((amount) => [amount.date, amount.cents]));
}

describe('Standard interest in int8 and in numeric', () => {
  it('gives the shared schedule’s postings for ordinary notes (int8)', async () => {
    const notes = [
      { principal: '5000.01', rate: '0.08', start: '2025-01-17' },
      { principal: '123456.78', rate: '0.094', start: '2025-11-30' },
    ];
    for (const entry of notes) await note(entry.principal, entry.rate, entry.start);
    expect(await lineByMonth()).toEqual(expectedByMonth(notes));
  });

  it('falls back to numeric when a note is too large for int8, and still agrees to the cent', async () => {
    const notes = [
      { principal: '999999999999.99', rate: '0.1', start: '2025-06-03' },
      { principal: '7777.77', rate: '0.08', start: '2025-06-04' },
    ];
    for (const entry of notes) await note(entry.principal, entry.rate, entry.start);
    const line = await lineByMonth();
    expect(line).toEqual(expectedByMonth(notes));
    expect(line.get('2026-04-01')! > 9_223_372_036n).toBe(true);
  });

  it('counts a note that started this month from its start, not before', async () => {
    const notes = [
      { principal: '25000.00', rate: '0.08', start: '2026-03-05' },
      { principal: '9100.10', rate: '0.08', start: '2026-03-01' },
      { principal: '5000.00', rate: '0.08', start: '2026-02-28' },
    ];
    for (const entry of notes) await note(entry.principal, entry.rate, entry.start);
    expect(await lineByMonth()).toEqual(expectedByMonth(notes));
  });

  it('pays a month only when the choice in effect for its period is to be paid, whatever the switches', async () => {
    // Reinvests from purchase, is paid from May's interest, reinvests again from July's.
    const switching = { principal: '40000.00', rate: '0.08', start: '2025-01-17' as IsoDate };
    const first = await note(switching.principal, switching.rate, switching.start);
    await choose(first, true, '2025-01-01');
    await choose(first, false, '2026-05-01');
    await choose(first, true, '2026-07-01');
    // Paid until it chose to reinvest from April; two changes for June: the later (paid) wins.
    const later = { principal: '12345.67', rate: '0.08', start: '2025-09-02' as IsoDate };
    const second = await note(later.principal, later.rate, later.start);
    await choose(second, true, '2026-04-01');
    await choose(second, true, '2026-06-01');
    await choose(second, false, '2026-06-01');
    const plain = { principal: '5000.00', rate: '0.08', start: '2025-02-03' as IsoDate };
    await note(plain.principal, plain.rate, plain.start);
    const paidOf = (changes: [IsoDate, boolean][]) => (period: IsoDate) =>
      !(changes.filter(([from]) => from <= period).at(-1)?.[1] ?? false);
    expect(await lineByMonth()).toEqual(
      expectedByMonth([
        {
          ...switching,
          isPaid: paidOf([
            ['2025-01-01', true],
            ['2026-05-01', false],
            ['2026-07-01', true],
          ]),
        },
        {
          ...later,
          isPaid: paidOf([
            ['2026-04-01', true],
            ['2026-06-01', false],
          ]),
        },
        plain,
      ]),
    );
  });
});
