/**
 * Security headers, cookie flags and what error answers and log lines may contain (issue 10.6).
 * A production app answers with CSP, HSTS, nosniff and frame denial and sets Secure __Host-
 * cookies; a development app runs a whole investor and admin journey (sign-up, SSN, bank
 * account, sign-in, bad input) with every log line kept, and neither the log nor any error
 * answer may contain the SSN, a password, a token, a code, a stack trace or SQL.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { signInTestAdmin, testAdminPassword } from './modules/admin-auth/admin-test-helpers';
import { ADMIN_SESSION_COOKIE } from './modules/admin-auth/session-cookie';
import { hashPassword } from './security/passwords';
import {
  approveIdentity,
  createLinkToken,
  linkSandboxAccount,
  manualAccount,
  request,
  stepUp,
  validIdentity,
} from './test-support/bank-link';
import {
  callFunction,
  latestMagicLink,
  latestSmsCode,
  signUpInvestor,
  testOrigin,
} from './test-support/investor-auth';
import { createFundedInvestor } from './test-support/money-fixtures';
import { createTestApp, type TestApp } from './test-support/test-app';

const productionEnv = {
  NODE_ENV: 'production',
  APP_URL: 'https://invest.steadyline.example',
  FIELD_ENCRYPTION_KEY: 'a'.repeat(64),
  SCHEDULER_ENABLED: 'false',
};

function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'security-web-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Steadyline</title><div id="root"></div>');
  return root;
}

/** No stack frame, SQL or driver message in an answer. */
function leaksInternals(body: string): string | null {
  const patterns = [
    /\bat [\w.<>]+ \(/,
    /\.(ts|js):\d+:\d+/,
    /\b(select|insert into|update \w+ set|delete from)\b/i,
    /violates|duplicate key|syntax error|relation "/i,
    /node_modules/,
  ];
  const found = patterns.find((pattern) => pattern.test(body));
  return found ? String(found) : null;
}

describe('in production', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: productionEnv, build: { webRoot: webRoot() } });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('sends the page policy, HSTS, nosniff, frame denial and a referrer policy on pages', async () => {
    for (const url of ['/', '/account-overview', '/no/such/page']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toContain('text/html');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends API answers, errors included, a policy that loads and frames nothing, and no document-only headers', async () => {
    for (const url of ['/api/products', '/api/no-such-thing', '/api/session']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of ['cross-origin-opener-policy', 'x-xss-protection', 'origin-agent-cluster'])
        expect(response.headers[documentOnly]).toBeUndefined();
    }
  });

  it('has no dev outbox', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });

  it('sets session cookies http-only, Secure, SameSite and host-only', async () => {
    const investor = await createFundedInvestor(testApp.context.db, { phone: '+16175550199' });
    await testApp.context.db
      .update(users)
      .set({ passwordHash: await hashPassword('Production-Horse-42!') })
      .where(eq(users.email, investor.email));
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/auth-password-login',
      payload: { email: investor.email, password: 'Production-Horse-42!' },
    });
    const investorCookie = signIn.cookies.find((cookie) => cookie.name === '__Host-sl_session');
    expect(investorCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(investorCookie?.domain).toBeUndefined();

    const linkRequest = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/auth-start',
      payload: { email: 'link.browser@example.com' },
      headers: { origin: productionEnv.APP_URL },
    });
    expect(linkRequest.statusCode).toBe(200);
    const linkCookie = linkRequest.cookies.find((cookie) => cookie.name === '__Host-sl_link_browser');
    expect(linkCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(linkCookie?.domain).toBeUndefined();

    const admin = await signInTestAdmin(testApp, 'support');
    expect(admin.cookie.startsWith(`__Host-${ADMIN_SESSION_COOKIE}=`)).toBe(true);
    const adminLogin = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/admin-login',
      payload: { email: 'support@staff.example', password: testAdminPassword },
    });
    const adminCookie = adminLogin.cookies.find((cookie) => cookie.name === `__Host-${ADMIN_SESSION_COOKIE}`);
    expect(adminCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(adminCookie?.domain).toBeUndefined();
    // The prefixed cookie is the one the server reads: the session works, the bare name does not.
    const sessionAnswer = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: admin.cookie },
    });
    expect(sessionAnswer.statusCode).toBe(200);
    const bareName = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `${ADMIN_SESSION_COOKIE}=${adminCookie?.value}` },
    });
    expect(bareName.statusCode).toBe(401);
  });
});

describe('outside production', () => {
  const logLines: string[] = [];
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      build: { logger: true, logDestination: { write: (line: string) => void logLines.push(line) } },
    });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('sends no HSTS (plain http on localhost) but the other headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('never logs or answers with the SSN, passwords, tokens or codes, nor a stack trace or SQL', async () => {
    const secrets: string[] = [validIdentity.ssn, validIdentity.ssn.replaceAll('-', ''), testAdminPassword];
    const answers: LightMyRequestResponse[] = [];
    const keep = (response: LightMyRequestResponse) => {
      answers.push(response);
      return response;
    };

    // Sign-up: the magic link's token, the SMS code and the password all pass through the server.
    const investor = await signUpInvestor(testApp, {
      email: 'secret.keeper@example.com',
      password: 'Secret-Horse-42!x',
    });
    secrets.push(investor.password, investor.cookie.split('=')[1]!);
    const link = await latestMagicLink(testApp, investor.email);
    secrets.push(link.searchParams.get('token_hash')!);
    secrets.push(await latestSmsCode(testApp, investor.phone));

    // The identity form with the SSN, a manually entered account number, a bank-link token.
    await approveIdentity(testApp, investor);
    await stepUp(testApp, investor);
    secrets.push(await latestSmsCode(testApp, investor.phone));
    const accountNumber = '000987654321';
    secrets.push(accountNumber);
    await linkSandboxAccount(testApp, investor, manualAccount(accountNumber));
    const token = keep(await createLinkToken(testApp, investor));
    const linkToken = (token.json() as { link_token: string }).link_token;
    secrets.push(linkToken);
    keep(
      await request(
        testApp,
        investor,
        'GET',
        `/api/sandbox/bank-link/session?link_token=${encodeURIComponent(linkToken)}`,
      ),
    );

    // An admin signs in; the CSRF token and session are secrets too.
    const admin = await signInTestAdmin(testApp, 'super_admin');
    secrets.push(admin.token, admin.cookie.split('=')[1]!);

    // Wrong and malformed input carrying the secrets: refused, never echoed.
    keep(
      await callFunction(testApp, 'auth-password-login', {
        email: investor.email,
        password: `${investor.password}x`,
      }),
    );
    keep(
      await testApp.app.inject({
        method: 'POST',
        url: '/functions/v1/admin-login',
        payload: { email: 'super_admin@staff.example', password: `${testAdminPassword}x` },
      }),
    );
    keep(
      await request(testApp, investor, 'POST', '/api/banking/identity', {
        ...validIdentity,
        dateOfBirth: 'soon',
      }),
    );
    keep(
      await request(testApp, investor, 'POST', '/api/banking/identity', {
        ssn: { nested: validIdentity.ssn },
      }),
    );
    keep(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/confirm',
        payload: `{"token_hash":"${link.searchParams.get('token_hash')}", "type":`,
        headers: { origin: testOrigin, 'content-type': 'application/json' },
      }),
    );
    keep(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/step-up/verify',
        payload: { code: 12 },
        headers: { origin: testOrigin, cookie: investor.cookie },
      }),
    );
    keep(await request(testApp, investor, 'GET', '/api/portal/investments/not-a-uuid/transactions'));
    keep(await request(testApp, null, 'GET', `/api/portal/overview?ssn=${validIdentity.ssn}`));

    const logText = logLines.join('');
    expect(logLines.length).toBeGreaterThan(20);
    const inLogs = secrets.filter((secret) => logText.includes(secret));
    expect(inLogs).toEqual([]);

    const errorAnswers = answers.filter((response) => response.statusCode >= 400);
    expect(errorAnswers.length).toBeGreaterThanOrEqual(8);
    for (const response of errorAnswers) {
      expect(secrets.filter((secret) => response.body.includes(secret))).toEqual([]);
      expect(leaksInternals(response.body)).toBeNull();
    }
  });
});
