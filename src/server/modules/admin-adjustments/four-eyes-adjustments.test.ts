/**
 * Four-eyes adjustments (issue 16 item 4): proposed by one admin, applied to the ledger only
 * when a different operations or super_admin approves; the ledger check counts them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { insertInvestor, insertNote } from '../admin-dashboard/test-fixtures';
import { runLedgerCheck } from '../money/ledger-check';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let proposer: SignedInAdmin;
let approver: SignedInAdmin;
let support: SignedInAdmin;
let noteId: string;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  proposer = await signInTestAdmin(testApp, 'operations', 'proposer@staff.example');
  approver = await signInTestAdmin(testApp, 'super_admin', 'approver@staff.example');
  support = await signInTestAdmin(testApp, 'support', 'support@staff.example');
  const investor = await insertInvestor(testApp.database.db, {
    firstName: 'Ada',
    lastName: 'Adjusted',
    email: 'ada.adjusted@example.com',
  });
  const note = await insertNote(testApp.database.db, {
    investorId: investor.id,
    investmentType: 'high_yield',
    principal: '1000.00',
    startDate: '2026-03-10',
  });
  noteId = note.id;
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

function propose(admin: SignedInAdmin, payload: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/admin/adjustments',
    headers: admin.headers,
    payload,
  });
}

function decide(admin: SignedInAdmin, id: string, verb: 'approve' | 'reject', reason?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin/adjustments/${id}/${verb}`,
    headers: admin.headers,
    ...(reason ? { payload: { reason } } : {}),
  });
}

async function noteValue(): Promise<string> {
  const result = await testApp.database.db.execute(
    sql`select coalesce(sum(value_effect), 0)::text as value from investment_transactions where investment_id = ${noteId}::uuid`,
  );
  return rowsOf<{ value: string }>(result)[0]!.value;
}

describe('four-eyes adjustments', () => {
  it('writes nothing to the ledger until a different admin approves; the proposer cannot', async () => {
    const proposed = await propose(proposer, {
      investment_id: noteId,
      direction: 'credit',
      amount: '12.34',
      reason: 'Goodwill for a late transfer',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const adjustment = (proposed.json() as { adjustment: { id: string; status: string } }).adjustment;
    expect(adjustment.status).toBe('pending');
    expect(await noteValue()).toBe('1000.00');

    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/adjustments',
      headers: support.headers,
    });
    expect((list.json() as { total: number }).total).toBe(1);

    const own = await decide(proposer, adjustment.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      error: { message: 'You proposed this adjustment; a different admin must approve it.' },
    });
    expect(await noteValue()).toBe('1000.00');

    const bySupport = await decide(support, adjustment.id, 'approve');
    expect(bySupport.statusCode).toBe(403);

    const approved = await decide(approver, adjustment.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      adjustment: {
        status: 'applied',
        amount: '12.34',
        note_value: '1012.34',
        decided_by: { id: approver.id },
      },
    });
    expect(await noteValue()).toBe('1012.34');

    const again = await decide(approver, adjustment.id, 'approve');
    expect(again.statusCode).toBe(409);

    const audit = rowsOf<{ action: string; actor_admin_id: string }>(
      await testApp.database.db.execute(
        sql`select action, actor_admin_id from admin_audit_log where target_id = ${adjustment.id} order by id`,
      ),
    );
    expect(audit).toEqual([
      { action: 'adjustment.propose', actor_admin_id: proposer.id },
      { action: 'adjustment.approve', actor_admin_id: approver.id },
    ]);

    const report = await runLedgerCheck(testApp.database.db);
    expect(report.problems).toEqual([]);
    expect(report.adjustmentsChecked).toBe(1);
    expect(report.adjustmentsNet).toBe('12.34');
  });

  it('refuses a debit that would take the note below zero, when proposed and when approved', async () => {
    const tooMuch = await propose(proposer, {
      investment_id: noteId,
      direction: 'debit',
      amount: '1012.35',
      reason: 'Reverse a duplicate',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      error: { message: 'This debit would take the note below zero.' },
    });

    const first = await propose(proposer, {
      investment_id: noteId,
      direction: 'debit',
      amount: '1000.00',
      reason: 'First',
    });
    const second = await propose(approver, {
      investment_id: noteId,
      direction: 'debit',
      amount: '100.00',
      reason: 'Second',
    });
    const firstId = (first.json() as { adjustment: { id: string } }).adjustment.id;
    const secondId = (second.json() as { adjustment: { id: string } }).adjustment.id;
    expect((await decide(approver, firstId, 'approve')).statusCode).toBe(200);
    expect(await noteValue()).toBe('12.34');
    const blocked = await decide(proposer, secondId, 'approve');
    expect(blocked.statusCode).toBe(409);
    expect(await noteValue()).toBe('12.34');
    const rejected = await decide(proposer, secondId, 'reject', 'Would overdraw the note');
    expect(rejected.json()).toMatchObject({
      adjustment: { status: 'rejected', decision_reason: 'Would overdraw the note' },
    });
    expect((await runLedgerCheck(testApp.database.db)).problems).toEqual([]);
  });

  it('accepts only exact positive amounts and a reason', async () => {
    for (const amount of ['0', '0.00', '-5', '1.234', '1e3', '10000000', 'abc', '1000000.01']) {
      const response = await propose(proposer, {
        investment_id: noteId,
        direction: 'credit',
        amount,
        reason: 'Test',
      });
      expect(response.statusCode, amount).toBe(400);
    }
    const noReason = await propose(proposer, {
      investment_id: noteId,
      direction: 'credit',
      amount: '1.00',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('the database itself refuses the proposer as the decider', async () => {
    const proposed = await propose(proposer, {
      investment_id: noteId,
      direction: 'credit',
      amount: '1.00',
      reason: 'Check',
    });
    const id = (proposed.json() as { adjustment: { id: string } }).adjustment.id;
    await expect(
      testApp.database.db.execute(
        sql`update ledger_adjustments set status = 'rejected', decided_by = proposed_by, decided_at = now() where id = ${id}::uuid`,
      ),
    ).rejects.toThrow();
  });
});
