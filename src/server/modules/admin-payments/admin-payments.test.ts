/**
 * The admin Payments page's API (decision 1521): the list with its filters and paging, the
 * CSV, the owed credits and Resend, and who may do what (support reads, operations acts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_PAGE_SIZE, paymentCsvColumns } from '../../../shared/admin/payment-contracts';
import { rowsOf } from '../../db/client';
import { buyNote, createTestEngine } from '../../test-support/money-fixtures';
import { addBankAccount } from '../../test-support/portal-fixtures';
import { signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let testApp: TestApp;
let support: SignedInAdmin;
let operations: SignedInAdmin;
let ann: { investorId: string; bankAccountId: string; investmentId: string };
let ben: { investorId: string; bankAccountId: string; investmentId: string };
let returnedCreditId: string;
let owedId: string;

async function insertPayment(values: {
  investorId: string;
  bankAccountId: string;
  investmentId: string | null;
  type: 'funding' | 'interest' | 'withdrawal';
  amount: string;
  status: string;
  createdAt: string;
  returnCode?: string | null;
  failureReason?: string | null;
  postingPeriod?: string | null;
}): Promise<string> {
  const direction = values.type === 'funding' ? 'debit' : 'credit';
  const result = await testApp.context.db.execute(sql`
    insert into ach_payments (investor_id, bank_account_id, investment_id, payment_type, direction, amount, status,
      effective_date, return_code, failure_reason, posting_period, settled_at, returned_at, created_at, updated_at)
    values (${values.investorId}::uuid, ${values.bankAccountId}::uuid, ${values.investmentId}::uuid, ${values.type},
      ${direction}, ${values.amount}::numeric, ${values.status}, (${values.createdAt}::timestamptz)::date,
      ${values.returnCode ?? null}, ${values.failureReason ?? null}, ${values.postingPeriod ?? null}::date,
      ${values.status === 'settled' ? values.createdAt : null}::timestamptz,
      ${values.status === 'returned' ? values.createdAt : null}::timestamptz,
      ${values.createdAt}::timestamptz, ${values.createdAt}::timestamptz)
    returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

async function bankedInvestor(email: string, firstName: string) {
  const investor = await signUpInvestor(testApp, { email });
  await testApp.context.db.execute(
    sql`update investors set first_name = ${firstName}, last_name = 'Tester' where id = ${investor.investorId}::uuid`,
  );
  const bankAccountId = await addBankAccount(testApp.context.db, investor.investorId);
  const { investmentId } = await buyNote(createTestEngine(testApp.context.db), {
    investorId: investor.investorId,
    bankAccountId,
    investmentType: 'standard',
    principal: '10000.00',
    rate: '0.08',
    startDate: '2026-01-05',
  });
  return { investorId: investor.investorId, bankAccountId, investmentId };
}

const get = (admin: SignedInAdmin, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: admin.headers });

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  support = await signInTestAdmin(testApp, 'support');
  operations = await signInTestAdmin(testApp, 'operations');
  ann = await bankedInvestor('ann.payments@example.com', 'Ann');
  ben = await bankedInvestor('ben.payments@example.com', 'Ben');
  returnedCreditId = await insertPayment({
    ...ann,
    type: 'interest',
    amount: '66.67',
    status: 'returned',
    createdAt: '2026-02-02T15:00:00Z',
    returnCode: 'R01',
    failureReason: 'R01 Insufficient funds',
    postingPeriod: '2026-01-31',
  });
  const owed = await testApp.context.db.execute(sql`
    insert into amounts_owed (investor_id, investment_id, ach_payment_id, direction, amount, reason, status, created_at)
    values (${ann.investorId}::uuid, ${ann.investmentId}::uuid, ${returnedCreditId}::uuid, 'owed_to_investor',
      66.67, 'Interest credit returned by the bank (R01 Insufficient funds)', 'open', '2026-02-03T15:00:00Z')
    returning id`);
  owedId = rowsOf<{ id: string }>(owed)[0]!.id;
  await insertPayment({
    ...ben,
    type: 'withdrawal',
    amount: '1200.00',
    status: 'failed',
    createdAt: '2026-02-20T15:00:00Z',
    failureReason: '=HYPERLINK("x") refused by the bank',
  });
  for (let day = 1; day <= PAYMENTS_PAGE_SIZE; day += 1) {
    await insertPayment({
      ...ben,
      type: 'interest',
      amount: '10.00',
      status: 'settled',
      createdAt: `2025-12-${String(day).padStart(2, '0')}T15:00:00Z`,
      postingPeriod: `${2000 + day}-01-31`,
    });
  }
}, 180_000);
afterAll(async () => {
  await testApp.close();
});

describe('GET /api/admin/payments', () => {
  it('lists every payment newest first with investor, note, amount, state, return code and reason', async () => {
    const response = await get(support, '/api/admin/payments');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body).toMatchObject({ page: 1, page_size: PAYMENTS_PAGE_SIZE, total: 2 + 2 + PAYMENTS_PAGE_SIZE });
    expect(body.payments).toHaveLength(PAYMENTS_PAGE_SIZE);
    const returned = body.payments.find((payment: { id: string }) => payment.id === returnedCreditId);
    expect(returned).toMatchObject({
      investor_id: ann.investorId,
      investor_name: 'Ann Tester',
      investor_email: 'ann.payments@example.com',
      investment_id: ann.investmentId,
      note_label: expect.stringContaining('1 yr'),
      payment_type: 'interest',
      amount: '66.67',
      status: 'returned',
      return_code: 'R01',
      reason: 'R01 Insufficient funds',
    });
    const times = body.payments.map((payment: { created_at: string }) => payment.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const second = await get(support, '/api/admin/payments?page=2');
    expect(second.json().payments).toHaveLength(4);
  });

  it('filters by status, date range and investor (name, e-mail or id)', async () => {
    const returned = await get(support, '/api/admin/payments?status=returned');
    expect(returned.json().payments.map((payment: { id: string }) => payment.id)).toEqual([returnedCreditId]);
    const february = await get(support, '/api/admin/payments?from=2026-02-01&to=2026-02-28');
    expect(february.json().total).toBe(2);
    const byName = await get(support, '/api/admin/payments?q=ann%20tes');
    expect(byName.json().total).toBe(2);
    const byId = await get(support, `/api/admin/payments?q=${ben.investorId}`);
    expect(byId.json().total).toBe(2 + PAYMENTS_PAGE_SIZE);
    const wildcard = await get(support, '/api/admin/payments?q=%25%25%25');
    expect(wildcard.json().total).toBe(0);
  });

  it('refuses bad filters with 400 and no 500', async () => {
    for (const query of [
      'status=completed',
      'from=2026-02-30',
      'from=2300-01-01',
      'from=2026-03-01&to=2026-02-01',
      'page=0',
      `q=${'x'.repeat(101)}`,
    ]) {
      const response = await get(support, `/api/admin/payments?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/admin/payments/export.csv', () => {
  it('streams the filtered payments as CSV with formulas neutralised', async () => {
    const response = await get(support, '/api/admin/payments/export.csv?from=2026-02-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="payments-2026-03-10.csv"');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(paymentCsvColumns.join(','));
    expect(lines).toHaveLength(3);
    expect(response.body).toContain('R01');
    expect(response.body).toContain(`"'=HYPERLINK(""x"") refused by the bank"`);
  });
});

describe('owed credits', () => {
  it('lists open credits owed to investors with their return code', async () => {
    const response = await get(support, '/api/admin/payments/owed-credits');
    expect(response.statusCode).toBe(200);
    expect(response.json().owed_credits).toEqual([
      expect.objectContaining({
        id: owedId,
        investor_name: 'Ann Tester',
        amount: '66.67',
        payment_type: 'interest',
        return_code: 'R01',
        is_in_flight: false,
      }),
    ]);
  });

  it('lets operations resend (support may not), then shows the re-payment on its way', async () => {
    const url = `/api/admin/payments/owed-credits/${owedId}/resend`;
    const refused = await testApp.app.inject({ method: 'POST', url, headers: support.headers });
    expect(refused.statusCode).toBe(403);
    const resent = await testApp.app.inject({ method: 'POST', url, headers: operations.headers });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ amount_owed_id: owedId, amount: '66.67', status: 'pending' });
    const listed = await get(support, '/api/admin/payments/owed-credits');
    expect(listed.json().owed_credits[0]).toMatchObject({ id: owedId, is_in_flight: true });
    const again = await testApp.app.inject({ method: 'POST', url, headers: operations.headers });
    expect(again.statusCode).toBe(409);
  });
});
