import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankMessages } from '../../../shared/banking/messages';
import { loadConfig } from '../../config';
import { bankAccounts } from '../../db/schema';
import {
  approveIdentity,
  currentAccounts,
  linkSandboxAccount,
  manualAccount,
  request,
} from '../../test-support/bank-link';
import { type SignedInInvestor, signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { toBankAccountView } from './bank-account-view';

let testApp: TestApp;
let investor: SignedInInvestor;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  investor = await signUpInvestor(testApp, { email: 'ann@example.com' });
  await approveIdentity(testApp, investor);
});

async function sentDeposits(bankAccountId: string): Promise<[string, string]> {
  const [row] = await testApp.context.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.id, bankAccountId));
  return [row!.microDeposit1!, row!.microDeposit2!];
}

function wrongAmount(amount: string): string {
  return amount === '0.99' ? '0.98' : `0.${String(Number(amount.slice(2)) + 1).padStart(2, '0')}`;
}

function submit(bankAccountId: string, amounts: [string, string], who: SignedInInvestor = investor) {
  return request(testApp, who, 'POST', `/api/banking/accounts/${bankAccountId}/micro-deposits`, {
    amount_1: amounts[0],
    amount_2: amounts[1],
  });
}

describe('micro-deposit verification', () => {
  it('verifies the account with the two amounts that were sent, in either order', async () => {
    const account = await linkSandboxAccount(testApp, investor, manualAccount());
    const [first, second] = await sentDeposits(account.id);
    const response = await submit(account.id, [`$${second}`, first.slice(1)]);
    expect(response.statusCode).toBe(200);
    expect(response.json().bank_account).toMatchObject({
      verification_status: 'verified',
      micro_deposit_attempts_left: null,
      sandbox_statement: null,
    });
    expect(response.json().bank_account.verified_at).not.toBeNull();
  });

  it('counts wrong tries and marks the account failed on the third', async () => {
    const account = await linkSandboxAccount(testApp, investor, manualAccount());
    const [first, second] = await sentDeposits(account.id);
    const wrong: [string, string] = [first, wrongAmount(second)];

    const one = await submit(account.id, wrong);
    expect(one.statusCode).toBe(422);
    expect(one.json()).toMatchObject({
      ok: false,
      error: bankMessages.microDepositsMismatch(2),
      error_code: 'amounts_mismatch',
      bank_account: { verification_status: 'micro_deposits_pending', micro_deposit_attempts_left: 2 },
    });
    const two = await submit(account.id, wrong);
    expect(two.json().error).toBe('Those amounts do not match the deposits we sent. 1 attempt left.');
    const three = await submit(account.id, wrong);
    expect(three.statusCode).toBe(422);
    expect(three.json()).toMatchObject({
      error: bankMessages.microDepositsFailed,
      error_code: 'verification_failed',
      bank_account: { verification_status: 'failed', micro_deposit_attempts_left: null },
    });

    const afterwards = await submit(account.id, [first, second]);
    expect(afterwards.statusCode).toBe(409);
    expect(afterwards.json().error).toBe(bankMessages.notAwaitingMicroDeposits);
    expect((await currentAccounts(testApp, investor))[0]?.verification_status).toBe('failed');
  });

  it('offers a different account after a failure: linking one replaces the failed account', async () => {
    const failed = await linkSandboxAccount(testApp, investor, manualAccount());
    await testApp.context.db
      .update(bankAccounts)
      .set({ verificationStatus: 'failed' })
      .where(eq(bankAccounts.id, failed.id));
    const next = await linkSandboxAccount(testApp, investor, manualAccount('222233334444'));
    expect(next).toMatchObject({ is_primary: true, verification_status: 'micro_deposits_pending' });
    expect((await currentAccounts(testApp, investor)).map((account) => account.id)).toEqual([next.id]);
  });

  it('refuses amounts that are not cents without spending a try', async () => {
    const account = await linkSandboxAccount(testApp, investor, manualAccount());
    const response = await submit(account.id, ['32', '0.10']);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(bankMessages.microDepositAmount);
    expect((await currentAccounts(testApp, investor))[0]?.micro_deposit_attempts_left).toBe(3);
  });

  it('answers 404 for another investor’s account and leaves it untouched', async () => {
    const account = await linkSandboxAccount(testApp, investor, manualAccount());
    const deposits = await sentDeposits(account.id);
    const mallory = await signUpInvestor(testApp, { email: 'mallory@example.com' });
    const response = await submit(account.id, deposits, mallory);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(bankMessages.accountNotFound);
    const refresh = await request(testApp, mallory, 'POST', `/api/banking/accounts/${account.id}/refresh`);
    expect(refresh.statusCode).toBe(404);
    const remove = await request(testApp, mallory, 'DELETE', `/api/banking/accounts/${account.id}`);
    expect(remove.statusCode).toBe(404);
    expect((await currentAccounts(testApp, investor))[0]).toMatchObject({
      verification_status: 'micro_deposits_pending',
      micro_deposit_attempts_left: 3,
    });
  });

  it('never shows the sandbox statement in production', async () => {
    const account = await linkSandboxAccount(testApp, investor, manualAccount());
    const [row] = await testApp.context.db.select().from(bankAccounts).where(eq(bankAccounts.id, account.id));
    const production = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://app.example.com',
      FIELD_ENCRYPTION_KEY: 'a'.repeat(64),
    });
    expect(toBankAccountView(row!, { isProduction: production.isProduction }).sandbox_statement).toBeNull();
    expect(toBankAccountView(row!, { isProduction: false }).sandbox_statement).toHaveLength(2);
  });
});
