import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../db/schema';
import { decryptField } from '../security/field-encryption';
import { approveIdentity, exchange, request } from '../test-support/bank-link';
import {
  type FakePlaid,
  type FakePlaidInstitution,
  fakeInstitution,
  startFakePlaid,
} from '../test-support/fake-plaid-server';
import { callFunction, signUpInvestor } from '../test-support/investor-auth';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { BankConnectionError } from './bank-connection';
import { plaidBankConnectionProvider } from './plaid-bank-connection';

let fake: FakePlaid;

beforeAll(async () => {
  fake = await startFakePlaid();
});
afterAll(async () => {
  await fake.close();
});

function adapter(secret = fake.secret) {
  return plaidBankConnectionProvider({
    clientId: fake.clientId,
    secret,
    environment: 'sandbox',
    basePath: fake.baseUrl,
  });
}

const session = {
  clientUserId: 'user-1',
  clientName: 'Steadyline',
  redirectUri: 'https://invest.example.com/settings',
  completionRedirectUri: 'https://invest.example.com/bank-link/return',
};

describe('Plaid adapter (against a fake of Plaid’s HTTP API)', () => {
  it('creates a Hosted Link token for Auth and Transfer, with the user, the /settings return page and checking or savings only', async () => {
    const start = await adapter().createLinkSession(session);
    expect(start.providerLinkToken).toMatch(/^link-sandbox-/);
    expect(start.hostedLinkUrl).toBe(`https://hosted.plaid.com/link/${start.providerLinkToken}`);
    expect(start.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    const sent = fake.requests.findLast((entry) => entry.path === '/link/token/create')?.body;
    // The whole body: Plaid's Transfer guide asks for `transfer` in `products` (decision 1800).
    expect(sent).toEqual({
      user: { client_user_id: 'user-1' },
      client_name: 'Steadyline',
      products: ['auth', 'transfer'],
      country_codes: ['US'],
      language: 'en',
      redirect_uri: 'https://invest.example.com/settings',
      account_filters: { depository: { account_subtypes: ['checking', 'savings'] } },
      hosted_link: { completion_redirect_uri: 'https://invest.example.com/bank-link/return' },
    });
  });

  it('exchanges a public token and reads the chosen account’s ACH numbers and the institution', async () => {
    const provider = adapter();
    const start = await provider.createLinkSession(session);
    const publicToken = fake.issuePublicToken(fakeInstitution);
    const linked = await provider.completeLink({
      providerLinkToken: start.providerLinkToken,
      clientUserId: 'user-1',
      publicToken,
      accountId: 'acc_savings_1111',
    });
    expect(linked).toMatchObject({
      providerAccountId: 'acc_savings_1111',
      institutionName: 'First Platypus Bank',
      accountName: 'Plaid Silver Standard 0.1% Interest Saving',
      accountType: 'savings',
      accountLastFour: '1111',
      accountNumber: '1111222233331111',
      routingNumber: '011401533',
      verification: { status: 'verified' },
    });
    expect(linked.institutionLogo).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(linked.accessToken).toMatch(/^access-sandbox-/);
    // A public token is good once.
    await expect(
      provider.completeLink({
        providerLinkToken: start.providerLinkToken,
        clientUserId: 'user-1',
        publicToken,
        accountId: null,
      }),
    ).rejects.toMatchObject({
      reason: 'invalid_token',
      message: 'Plaid item/public_token/exchange failed: INVALID_PUBLIC_TOKEN',
    });
  });

  it('reads the result of a Hosted Link session when no public token is given', async () => {
    const provider = adapter();
    const start = await provider.createLinkSession(session);
    await expect(
      provider.completeLink({
        providerLinkToken: start.providerLinkToken,
        clientUserId: 'user-1',
        publicToken: null,
        accountId: null,
      }),
    ).rejects.toBeInstanceOf(BankConnectionError);
    fake.completeHostedSession(start.providerLinkToken, fakeInstitution);
    const linked = await provider.completeLink({
      providerLinkToken: start.providerLinkToken,
      clientUserId: 'user-1',
      publicToken: null,
      accountId: null,
    });
    expect(linked).toMatchObject({
      providerAccountId: 'acc_checking_0000',
      accountType: 'checking',
      accountLastFour: '0000',
    });
  });

  it('reports a pending verification and picks it up once Plaid has verified the account', async () => {
    const institution: FakePlaidInstitution = {
      ...fakeInstitution,
      accounts: [
        {
          ...fakeInstitution.accounts[0]!,
          account_id: 'acc_pending',
          verification_status: 'pending_automatic_verification',
        },
      ],
    };
    const provider = adapter();
    const start = await provider.createLinkSession(session);
    const linked = await provider.completeLink({
      providerLinkToken: start.providerLinkToken,
      clientUserId: 'user-1',
      publicToken: fake.issuePublicToken(institution),
      accountId: 'acc_pending',
    });
    expect(linked.verification).toEqual({ status: 'pending' });
    const input = { accessToken: linked.accessToken, providerAccountId: 'acc_pending' };
    expect(await provider.refreshVerification(input)).toBe('pending');
    fake.setVerificationStatus('acc_pending', 'automatically_verified');
    expect(await provider.refreshVerification(input)).toBe('verified');
    fake.setVerificationStatus('acc_pending', 'verification_failed');
    expect(await provider.refreshVerification(input)).toBe('failed');
  });

  it('refuses accounts that cannot take ACH payments, and turns Plaid errors into provider errors', async () => {
    const institution: FakePlaidInstitution = {
      ...fakeInstitution,
      accounts: [{ ...fakeInstitution.accounts[0]!, account_id: 'acc_cd', subtype: 'cd' }],
    };
    const provider = adapter();
    const start = await provider.createLinkSession(session);
    await expect(
      provider.completeLink({
        providerLinkToken: start.providerLinkToken,
        clientUserId: 'user-1',
        publicToken: fake.issuePublicToken(institution),
        accountId: null,
      }),
    ).rejects.toMatchObject({ reason: 'unsupported_account' });
    await expect(adapter('wrong-secret').createLinkSession(session)).rejects.toMatchObject({
      reason: 'provider_error',
      message: 'Plaid link/token/create failed: INVALID_API_KEYS',
    });
  });
});

describe('the app with Plaid as the bank-connection provider', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ build: { providers: { bankConnection: adapter() } } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('links through Hosted Link: link token, the investor finishes in Plaid, exchange by link token', async () => {
    const investor = await signUpInvestor(testApp, { email: 'ann@example.com' });
    await approveIdentity(testApp, investor);
    const token = await callFunction(
      testApp,
      'bank-connection-link-token',
      { redirect_uri: '/settings' },
      investor.cookie,
    );
    expect(token.statusCode).toBe(200);
    const body = token.json();
    expect(body).toMatchObject({ provider: 'plaid', provider_name: 'Plaid', error: null });
    const plaidLinkToken = String(body.link_url).replace('https://hosted.plaid.com/link/', '');
    expect(fake.requests.findLast((entry) => entry.path === '/link/token/create')?.body).toMatchObject({
      redirect_uri: 'http://localhost:3000/settings',
      hosted_link: { completion_redirect_uri: 'http://localhost:3000/bank-link/return' },
    });
    expect(body.link_token).not.toContain(plaidLinkToken);

    fake.completeHostedSession(plaidLinkToken, fakeInstitution);
    const exchanged = await exchange(testApp, investor, {
      link_token: body.link_token,
      oauth_state_id: 'state-1',
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().bank_account).toMatchObject({
      institution_name: 'First Platypus Bank',
      account_last_four: '0000',
      is_primary: true,
      verification_status: 'verified',
      sandbox_statement: null,
    });
    const [row] = await testApp.context.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.investorId, investor.investorId));
    expect(row?.provider).toBe('plaid');
    expect(row?.accessTokenEncrypted).not.toContain('access-sandbox');
    expect(decryptField(testApp.config.fieldEncryptionKey, row!.accessTokenEncrypted!)).toMatch(
      /^access-sandbox-/,
    );
    expect(decryptField(testApp.config.fieldEncryptionKey, row!.accountNumberEncrypted!)).toBe(
      '1111222233330000',
    );

    const sandboxPage = await request(
      testApp,
      investor,
      'GET',
      '/api/sandbox/bank-link/session?link_token=x',
    );
    expect(sandboxPage.statusCode).toBe(404);
  });
});
