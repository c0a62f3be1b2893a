/**
 * Test helpers for bank linking: the identity step, a step-up code, and a whole sandbox Link
 * session (link token, the sandbox page's public token, the exchange), all through the API.
 *
 *   const investor = await signUpInvestor(testApp, { email: 'ann@example.com' });
 *   await approveIdentity(testApp, investor);
 *   const account = await linkSandboxAccount(testApp, investor, firstSandboxAccount);
 */
import type { LightMyRequestResponse } from 'fastify';
import type { BankAccountView, SandboxSelection } from '../../shared/banking/contracts';
import { callFunction, latestSmsCode, type SignedInInvestor, testOrigin } from './investor-auth';
import type { TestApp } from './test-app';

export const validIdentity = {
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '1985-04-12',
  ssn: '123-45-6789',
  address1: '1 Main Street',
  address2: 'Apt 4',
  city: 'Boston',
  state: 'MA',
  postalCode: '02110',
};

export const firstSandboxAccount: SandboxSelection = {
  kind: 'institution',
  institution_id: 'ins_sandbox_first_harbor',
  account_id: 'everyday_checking',
};

export const secondSandboxAccount: SandboxSelection = {
  kind: 'institution',
  institution_id: 'ins_sandbox_pacific_coast',
  account_id: 'high_yield_savings',
};

export function manualAccount(accountNumber = '000123456789'): SandboxSelection {
  return {
    kind: 'manual',
    routing_number: '011000015',
    account_number: accountNumber,
    account_type: 'checking',
  };
}

export async function request(
  testApp: TestApp,
  investor: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { origin: testOrigin, ...(investor ? { cookie: investor.cookie } : {}) },
  });
}

export async function approveIdentity(
  testApp: TestApp,
  investor: SignedInInvestor,
  identity: Record<string, string> = validIdentity,
): Promise<void> {
  const response = await request(testApp, investor, 'POST', '/api/banking/identity', identity);
  if (response.statusCode !== 200) throw new Error(`identity failed: ${response.body}`);
}

/** A fresh SMS code proves it is the investor (for a bank, e-mail or phone change). */
export async function stepUp(testApp: TestApp, investor: SignedInInvestor): Promise<void> {
  testApp.clock.advance(61_000);
  const start = await request(testApp, investor, 'POST', '/api/auth/step-up/start');
  if (start.statusCode !== 200) throw new Error(`step-up start failed: ${start.body}`);
  const code = await latestSmsCode(testApp, investor.phone);
  const verify = await request(testApp, investor, 'POST', '/api/auth/step-up/verify', { code });
  if (verify.statusCode !== 200) throw new Error(`step-up verify failed: ${verify.body}`);
}

export async function createLinkToken(
  testApp: TestApp,
  investor: SignedInInvestor,
): Promise<LightMyRequestResponse> {
  return callFunction(testApp, 'bank-connection-link-token', { user_id: investor.userId }, investor.cookie);
}

/** The sandbox Link page's part: pick (or enter) an account, get its public token. */
export async function sandboxPublicToken(
  testApp: TestApp,
  investor: SignedInInvestor,
  linkToken: string,
  selection: SandboxSelection,
): Promise<{ public_token: string; account_id: string; metadata: Record<string, unknown> }> {
  const response = await request(testApp, investor, 'POST', '/api/sandbox/bank-link/public-token', {
    link_token: linkToken,
    selection,
  });
  if (response.statusCode !== 200) throw new Error(`sandbox public token failed: ${response.body}`);
  return response.json();
}

export async function exchange(
  testApp: TestApp,
  investor: SignedInInvestor,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return callFunction(testApp, 'bank-connection-exchange', payload, investor.cookie);
}

/** A whole sandbox Link session; returns the stored account as the API shows it. */
export async function linkSandboxAccount(
  testApp: TestApp,
  investor: SignedInInvestor,
  selection: SandboxSelection,
): Promise<BankAccountView> {
  const token = await createLinkToken(testApp, investor);
  if (token.statusCode !== 200) throw new Error(`link token failed: ${token.body}`);
  const linkToken = (token.json() as { link_token: string }).link_token;
  const picked = await sandboxPublicToken(testApp, investor, linkToken, selection);
  const response = await exchange(testApp, investor, {
    link_token: linkToken,
    public_token: picked.public_token,
    account_id: picked.account_id,
    investor_id: investor.investorId,
    metadata: picked.metadata,
  });
  if (response.statusCode !== 200) throw new Error(`exchange failed: ${response.body}`);
  return (response.json() as { bank_account: BankAccountView }).bank_account;
}

export async function currentAccounts(
  testApp: TestApp,
  investor: SignedInInvestor,
): Promise<BankAccountView[]> {
  const response = await request(testApp, investor, 'GET', '/api/banking/accounts');
  if (response.statusCode !== 200) throw new Error(`accounts failed: ${response.body}`);
  return (response.json() as { bank_accounts: BankAccountView[] }).bank_accounts;
}
