import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankMessages } from '../../../shared/banking/messages';
import { bankAccounts, investorNotifications } from '../../db/schema';
import {
  approveIdentity,
  createLinkToken,
  currentAccounts,
  exchange,
  firstSandboxAccount,
  linkSandboxAccount,
  manualAccount,
  request,
  sandboxPublicToken,
  secondSandboxAccount,
  stepUp,
} from '../../test-support/bank-link';
import { signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

async function newInvestor(email = 'ann@example.com') {
  const investor = await signUpInvestor(testApp, { email });
  await approveIdentity(testApp, investor);
  return investor;
}

describe('bank-connection link token', () => {
  it('needs a signed-in investor', async () => {
    const response = await request(testApp, null, 'POST', '/functions/v1/bank-connection-link-token', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ link_token: null, error_code: 'unauthenticated' });
  });

  it('needs a verified identity first', async () => {
    const investor = await signUpInvestor(testApp, { email: 'new@example.com' });
    const response = await createLinkToken(testApp, investor);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ link_token: null, error: bankMessages.identityRequired });
  });

  it('refuses a user_id that is not the caller’s', async () => {
    const investor = await newInvestor();
    const other = await signUpInvestor(testApp, { email: 'bob@example.com' });
    const response = await request(testApp, investor, 'POST', '/functions/v1/bank-connection-link-token', {
      user_id: other.userId,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().link_token).toBeNull();
  });

  it('hands out a sealed token and the sandbox Link page to open', async () => {
    const investor = await newInvestor();
    const response = await createLinkToken(testApp, investor);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      provider: 'sandbox',
      provider_name: 'Sandbox',
      is_bank_change: false,
      error: null,
    });
    expect(body.link_url).toBe(`/sandbox/bank-link?link_token=${encodeURIComponent(body.link_token)}`);
    expect(body.link_token).not.toContain('link-sandbox-');
    expect(new Date(body.expiration).getTime() - testApp.clock.now().getTime()).toBe(30 * 60_000);

    const session = await request(
      testApp,
      investor,
      'GET',
      `/api/sandbox/bank-link/session?link_token=${encodeURIComponent(body.link_token)}`,
    );
    expect(session.statusCode).toBe(200);
    expect(session.json().institutions.length).toBeGreaterThan(2);
  });
});

describe('linking through the sandbox', () => {
  it('makes the first institution account the verified primary and tells the investor', async () => {
    const investor = await newInvestor();
    const account = await linkSandboxAccount(testApp, investor, firstSandboxAccount);
    expect(account).toMatchObject({
      institution_name: 'First Harbor Bank',
      account_type: 'checking',
      is_primary: true,
      verification_status: 'verified',
      micro_deposit_attempts_left: null,
      sandbox_statement: null,
    });
    expect(account.account_last_four).toMatch(/^\d{4}$/);
    const session = await request(testApp, investor, 'GET', '/api/session');
    expect(session.json().investor.has_verified_bank_account).toBe(true);
    const notices = await testApp.context.db
      .select()
      .from(investorNotifications)
      .where(eq(investorNotifications.investorId, investor.investorId));
    expect(notices.map((notice) => notice.title)).toContain('Bank account verified');
  });

  it('starts a manually entered account on micro-deposits, with the sandbox statement outside production', async () => {
    const investor = await newInvestor();
    const account = await linkSandboxAccount(testApp, investor, manualAccount('000987654321'));
    expect(account).toMatchObject({
      institution_name: 'First Harbor Bank',
      account_last_four: '4321',
      is_primary: true,
      verification_status: 'micro_deposits_pending',
      micro_deposit_attempts_left: 3,
    });
    expect(account.sandbox_statement).toHaveLength(2);
    for (const amount of account.sandbox_statement ?? []) expect(amount).toMatch(/^0\.\d{2}$/);
  });

  it('does not store the same account twice when an exchange is repeated', async () => {
    const investor = await newInvestor();
    const token = (await createLinkToken(testApp, investor)).json().link_token as string;
    const picked = await sandboxPublicToken(testApp, investor, token, firstSandboxAccount);
    const payload = { link_token: token, public_token: picked.public_token, account_id: picked.account_id };
    const first = await exchange(testApp, investor, payload);
    const second = await exchange(testApp, investor, payload);
    expect(second.json().bank_account.id).toBe(first.json().bank_account.id);
    expect(await currentAccounts(testApp, investor)).toHaveLength(1);
  });

  it('refuses another investor’s link token and public token', async () => {
    const ann = await newInvestor('ann@example.com');
    const bob = await newInvestor('bob@example.com');
    const annToken = (await createLinkToken(testApp, ann)).json().link_token as string;
    const picked = await sandboxPublicToken(testApp, ann, annToken, firstSandboxAccount);

    const stolen = await exchange(testApp, bob, { link_token: annToken, public_token: picked.public_token });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().ok).toBe(false);

    const bobToken = (await createLinkToken(testApp, bob)).json().link_token as string;
    const mixed = await exchange(testApp, bob, { link_token: bobToken, public_token: picked.public_token });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ ok: false, error: bankMessages.failedToLink });

    const page = await request(testApp, bob, 'POST', '/api/sandbox/bank-link/public-token', {
      link_token: annToken,
      selection: firstSandboxAccount,
    });
    expect(page.statusCode).toBe(403);
    expect(await currentAccounts(testApp, bob)).toHaveLength(0);
    expect(await currentAccounts(testApp, ann)).toHaveLength(0);
  });

  it('refuses a tampered or expired link token', async () => {
    const investor = await newInvestor();
    const token = (await createLinkToken(testApp, investor)).json().link_token as string;
    const picked = await sandboxPublicToken(testApp, investor, token, firstSandboxAccount);
    const tampered = `${token.slice(0, -4)}AAAA`;
    const bad = await exchange(testApp, investor, {
      link_token: tampered,
      public_token: picked.public_token,
    });
    expect(bad.json()).toMatchObject({ ok: false, error: bankMessages.failedToLink });

    // Keep the sign-in session alive (idle limit 30 min) while the link token runs out.
    testApp.clock.advance(16 * 60_000);
    await request(testApp, investor, 'GET', '/api/session');
    testApp.clock.advance(15 * 60_000);
    const late = await exchange(testApp, investor, { link_token: token, public_token: picked.public_token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ ok: false, error: bankMessages.linkSessionExpired });
  });

  it('refuses a manual entry with a bad routing number on the sandbox page', async () => {
    const investor = await newInvestor();
    const token = (await createLinkToken(testApp, investor)).json().link_token as string;
    const response = await request(testApp, investor, 'POST', '/api/sandbox/bank-link/public-token', {
      link_token: token,
      selection: {
        kind: 'manual',
        routing_number: '011000016',
        account_number: '1234567',
        account_type: 'checking',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Enter a valid 9-digit routing number');
  });
});

describe('bank change', () => {
  it('needs a fresh SMS code before a verified account can be replaced', async () => {
    const investor = await newInvestor();
    await linkSandboxAccount(testApp, investor, firstSandboxAccount);
    testApp.clock.advance(10 * 60_000);
    const refused = await createLinkToken(testApp, investor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ link_token: null, error_code: 'step_up_required' });

    await stepUp(testApp, investor);
    const allowed = await createLinkToken(testApp, investor);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().is_bank_change).toBe(true);
  });

  it('keeps the old account primary until the new one is verified, then retires it (soft delete)', async () => {
    const investor = await newInvestor();
    const old = await linkSandboxAccount(testApp, investor, firstSandboxAccount);
    await stepUp(testApp, investor);
    const replacement = await linkSandboxAccount(testApp, investor, manualAccount('5555000011112222'));
    expect(replacement).toMatchObject({
      is_primary: false,
      verification_status: 'micro_deposits_pending',
      replaces_bank_account_id: old.id,
    });
    let accounts = await currentAccounts(testApp, investor);
    expect(accounts.map((account) => [account.id, account.is_primary])).toEqual([
      [old.id, true],
      [replacement.id, false],
    ]);

    const [first, second] = replacement.sandbox_statement ?? [];
    const verified = await request(
      testApp,
      investor,
      'POST',
      `/api/banking/accounts/${replacement.id}/micro-deposits`,
      {
        amount_1: second,
        amount_2: first,
      },
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().bank_account).toMatchObject({ is_primary: true, verification_status: 'verified' });

    accounts = await currentAccounts(testApp, investor);
    expect(accounts.map((account) => account.id)).toEqual([replacement.id]);
    const [retired] = await testApp.context.db.select().from(bankAccounts).where(eq(bankAccounts.id, old.id));
    expect(retired?.deletedAt).not.toBeNull();
    expect(retired?.isPrimary).toBe(false);
  });

  it('switches at once when the new account verifies instantly', async () => {
    const investor = await newInvestor();
    const old = await linkSandboxAccount(testApp, investor, firstSandboxAccount);
    await stepUp(testApp, investor);
    const replacement = await linkSandboxAccount(testApp, investor, secondSandboxAccount);
    expect(replacement).toMatchObject({
      is_primary: true,
      verification_status: 'verified',
      replaces_bank_account_id: old.id,
    });
    const live = await testApp.context.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.investorId, investor.investorId), eq(bankAccounts.isPrimary, true)));
    expect(live.map((row) => row.id)).toEqual([replacement.id]);
  });

  it('refuses an exchange that would replace a verified account without the step-up of its session', async () => {
    const investor = await newInvestor();
    const token = (await createLinkToken(testApp, investor)).json().link_token as string;
    // Another tab links and verifies an account meanwhile: this older session is not a change.
    await linkSandboxAccount(testApp, investor, firstSandboxAccount);
    const picked = await sandboxPublicToken(testApp, investor, token, secondSandboxAccount);
    const response = await exchange(testApp, investor, {
      link_token: token,
      public_token: picked.public_token,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('step_up_required');
    expect((await currentAccounts(testApp, investor)).map((account) => account.institution_name)).toEqual([
      'First Harbor Bank',
    ]);
  });

  it('replaces an account that never got verified without a step-up', async () => {
    const investor = await newInvestor();
    const pending = await linkSandboxAccount(testApp, investor, manualAccount());
    testApp.clock.advance(10 * 60_000);
    const replacement = await linkSandboxAccount(testApp, investor, firstSandboxAccount);
    expect(replacement.is_primary).toBe(true);
    expect((await currentAccounts(testApp, investor)).map((account) => account.id)).toEqual([replacement.id]);
    const [retired] = await testApp.context.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, pending.id));
    expect(retired?.deletedAt).not.toBeNull();
  });

  it('lets the investor cancel a pending replacement but not remove the primary', async () => {
    const investor = await newInvestor();
    const old = await linkSandboxAccount(testApp, investor, firstSandboxAccount);
    await stepUp(testApp, investor);
    const replacement = await linkSandboxAccount(testApp, investor, manualAccount());
    const primary = await request(testApp, investor, 'DELETE', `/api/banking/accounts/${old.id}`);
    expect(primary.statusCode).toBe(409);
    expect(primary.json().error.message).toBe(bankMessages.cannotRemovePrimary);
    const cancel = await request(testApp, investor, 'DELETE', `/api/banking/accounts/${replacement.id}`);
    expect(cancel.statusCode).toBe(200);
    expect((await currentAccounts(testApp, investor)).map((account) => account.id)).toEqual([old.id]);
  });
});
