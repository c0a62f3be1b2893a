/**
 * The transaction page with no investor record behind the session (investor spec 8: "No
 * investor profiles found", or the error message): the page shows the answer's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { insertInvestor } from '../admin-dashboard/test-fixtures';
import { listInvestmentPage, listTransactionPage } from './transaction-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const missingInvestorId = '0b6f3b5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const noProfiles = { code: 'not_found', message: 'No investor profiles found' };

describe('the transaction page without an investor record (issue 24 item 23)', () => {
  it('answers "No investor profiles found" in both views', async () => {
    const db = testApp.database.db;
    await expect(
      listTransactionPage(db, missingInvestorId, { filter: 'all', limit: 10 }),
    ).rejects.toMatchObject(noProfiles);
    await expect(listInvestmentPage(db, missingInvestorId, { type: 'all', limit: 10 })).rejects.toMatchObject(
      noProfiles,
    );
  });

  it('answers an empty page, not an error, to an investor with no entries yet', async () => {
    const db = testApp.database.db;
    const investor = await insertInvestor(db, {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
    });
    await expect(listTransactionPage(db, investor.id, { filter: 'all', limit: 10 })).resolves.toEqual({
      transactions: [],
      next_cursor: null,
    });
    await expect(listInvestmentPage(db, investor.id, { type: 'all', limit: 10 })).resolves.toEqual({
      investments: [],
      total: 0,
      next_cursor: null,
    });
  });
});
