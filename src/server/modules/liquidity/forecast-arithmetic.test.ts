/**
 * The Standard interest line's two arithmetics (decision 1940): int8 when every note fits, and
 * numeric when one does not (PostgreSQL refuses the overflow; the line re-runs). Both give the
 * shared schedule's postings, month by month, to the cent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../shared/dates/calendar-date';
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
async function note(principal: string, rate: string, start: IsoDate): Promise<void> {
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
      last_posted_period = '2026-02-01', accrued_through = '2026-03-01' where id = ${created.id}::uuid`);
}

function expectedByMonth(notes: { principal: string; rate: string; start: IsoDate }[]): Map<IsoDate, bigint> {
  const byMonth = new Map<IsoDate, bigint>();
  for (const entry of notes) {
    for (const row of interestSchedule({
      principal: entry.principal,
      rate: entry.rate,
      startDate: entry.start,
      endDate: until,
    })) {
      if (row.until <= '2026-03-01' || row.until >= until) continue;
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
});
