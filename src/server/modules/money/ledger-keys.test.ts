/**
 * Issue 14.4 (decision 1400): the ledger's keys, kept while it writes less. An entry's investor
 * is its note's investor (one composite key instead of two separate ones), so an entry that
 * names another investor is refused by the database itself.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buyNote, createFundedInvestor, createTestEngine } from '../../test-support/money-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});

async function errorOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return (error as { code?: string }).code ?? cause?.code ?? String(error);
  }
}

describe('the ledger keys', () => {
  it("refuses an entry whose investor is not its note's investor, and one for a note that does not exist", async () => {
    const db = testApp.database.db;
    const engine = createTestEngine(db);
    const ann = await createFundedInvestor(db);
    const ben = await createFundedInvestor(db);
    const { investmentId } = await buyNote(engine, {
      investorId: ann.investorId,
      bankAccountId: ann.bankAccountId,
      investmentType: 'high_yield',
      principal: '5000.00',
      rate: '0.094',
      startDate: '2026-03-02',
    });
    const insertEntry = (noteId: string, investorId: string) =>
      db.execute(sql`
        insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date)
        values (${noteId}::uuid, ${investorId}::uuid, 'interest_payment', 1.00, 1.00, '2026-04-01')`);

    expect(await errorOf(insertEntry(investmentId, ben.investorId))).toBe('23503');
    expect(await errorOf(insertEntry('00000000-0000-4000-8000-000000000000', ann.investorId))).toBe('23503');
    const entries = rowsOf<{ count: number }>(
      await db.execute(
        sql`select count(*)::int as count from investment_transactions where investment_id = ${investmentId}::uuid`,
      ),
    );
    expect(entries[0]!.count).toBe(1);
    expect(await errorOf(insertEntry(investmentId, ann.investorId))).toBe('accepted');
  });
});
