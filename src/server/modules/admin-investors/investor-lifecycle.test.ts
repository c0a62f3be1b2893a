/**
 * The investor lifecycle for staff (issue 16 item 3): suspend ends every session and refuses
 * sign-in with the investor-facing message; reinstate restores it; close only when nothing is
 * invested; pending transfers cancelled with a reason; each write audited in its transaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { insertInvestor, insertNote } from '../admin-dashboard/test-fixtures';
import { insertPendingWithdrawal } from '../money/withdrawal-repository';
import { callFunction, type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let operations: SignedInAdmin;
let support: SignedInAdmin;
let investor: SignedInInvestor;
const password = 'Correct-Horse-42!';

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
  investor = await signUpInvestor(testApp, { email: 'lifecycle@example.com', password });
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

function act(
  admin: SignedInAdmin,
  investorId: string,
  action: string,
  reason = 'Fraud review requested by the bank',
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin/investors/${investorId}/${action}`,
    headers: admin.headers,
    payload: { reason },
  });
}

async function auditActions(targetId: string): Promise<string[]> {
  const result = await testApp.database.db.execute(
    sql`select action from admin_audit_log where target_id = ${targetId} order by id`,
  );
  return rowsOf<{ action: string }>(result).map((row) => row.action);
}

describe('investor lifecycle', () => {
  it('suspend: sessions end at once, sign-in is refused with the message, support cannot', async () => {
    expect((await act(support, investor.investorId, 'suspend')).statusCode).toBe(403);
    const before = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/overview',
      headers: { cookie: investor.cookie },
    });
    expect(before.statusCode).toBe(200);

    const suspended = await act(operations, investor.investorId, 'suspend');
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ status: 'suspended' });
    expect((suspended.json() as { sessions_revoked: number }).sessions_revoked).toBeGreaterThanOrEqual(1);

    const after = await testApp.app.inject({
      method: 'GET',
      url: '/api/portal/overview',
      headers: { cookie: investor.cookie },
    });
    expect(after.statusCode).toBe(401);
    const signIn = await callFunction(testApp, 'auth-password-login', {
      email: 'lifecycle@example.com',
      password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.body).toContain('This account is suspended. Please contact support.');
    expect((await act(operations, investor.investorId, 'suspend')).statusCode).toBe(409);

    const account = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/investors/${investor.investorId}/account`,
      headers: support.headers,
    });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({
      status: 'suspended',
      status_reason: 'Fraud review requested by the bank',
      live_session_count: 0,
      status_history: [{ from_status: 'active', to_status: 'suspended' }],
    });
    expect((account.json() as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
  });

  it('reinstate: the investor can sign in again', async () => {
    const reinstated = await act(operations, investor.investorId, 'reinstate', 'Review cleared');
    expect(reinstated.json()).toMatchObject({ status: 'active' });
    testApp.clock.advance(61_000);
    const signIn = await callFunction(testApp, 'auth-password-login', {
      email: 'lifecycle@example.com',
      password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(await auditActions(investor.investorId)).toEqual(['investor.suspend', 'investor.reinstate']);
  });

  it('close: refused while a note holds money; allowed with nothing invested; then sign-in says closed', async () => {
    const db = testApp.database.db;
    const holder = await insertInvestor(db, {
      firstName: 'Hold',
      lastName: 'Er',
      email: 'holder@example.com',
    });
    await insertNote(db, {
      investorId: holder.id,
      investmentType: 'standard',
      principal: '500.00',
      startDate: '2026-01-05',
    });
    const blocked = await act(operations, holder.id, 'close', 'Asked to close');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({
      error: { message: 'The account still holds money or has money in flight; transfer it out first.' },
    });

    const closed = await act(operations, investor.investorId, 'close', 'Asked to close by e-mail');
    expect(closed.statusCode, closed.body).toBe(200);
    testApp.clock.advance(61_000);
    const signIn = await callFunction(testApp, 'auth-password-login', {
      email: 'lifecycle@example.com',
      password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.body).toContain('This account is closed.');
    expect((await act(operations, investor.investorId, 'reinstate')).statusCode).toBe(409);
  });

  it('cancels a pending transfer with a reason; the money stays in the note', async () => {
    const db = testApp.database.db;
    const saver = await insertInvestor(db, { firstName: 'Sa', lastName: 'Ver', email: 'saver@example.com' });
    const note = await insertNote(db, {
      investorId: saver.id,
      investmentType: 'standard',
      principal: '800.00',
      startDate: '2025-01-05',
    });
    const [bank] = await db
      .insert(bankAccounts)
      .values({
        investorId: saver.id,
        provider: 'manual',
        institutionName: 'Test Bank',
        accountType: 'checking',
        accountLastFour: '1234',
        isPrimary: true,
        verificationStatus: 'verified',
      })
      .returning();
    const withdrawalId = await insertPendingWithdrawal(db, {
      investorId: saver.id,
      bankAccountId: bank!.id,
      amount: '100.00',
      requestedOn: testApp.clock.today(),
      now: testApp.clock.now(),
    });
    const cancel = (admin: SignedInAdmin) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${withdrawalId}/cancel`,
        headers: admin.headers,
        payload: { reason: 'Investor phoned to cancel' },
      });
    expect((await cancel(support)).statusCode).toBe(403);
    expect((await cancel(operations)).statusCode).toBe(200);
    expect((await cancel(operations)).statusCode).toBe(409);
    const row = rowsOf<{ status: string; cancellation_reason: string; value: string }>(
      await db.execute(sql`
        select w.status, w.cancellation_reason,
               (select sum(value_effect)::text from investment_transactions where investment_id = ${note.id}::uuid) as value
        from withdrawals w where w.id = ${withdrawalId}::uuid`),
    )[0];
    expect(row).toEqual({
      status: 'cancelled',
      cancellation_reason: 'Investor phoned to cancel',
      value: '800.00',
    });
    expect(await auditActions(withdrawalId)).toEqual(['withdrawal.cancel']);
  });
});
