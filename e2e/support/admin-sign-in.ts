import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import {
  memoryStepRecord,
  nextUnusedCode,
  type StepRecord,
  totpCode,
} from '../../src/server/test-support/totp-steps';

export { totpCode };

/** The demo admin the e2e server seeds (demo mode), a super_admin enrolled in TOTP with the published demo secret. */
export const demoAdmin = { email: 'admin@steadyline.example', password: 'DemoAdmin#2025!' } as const;
export const demoAdminTotpSecret = 'STEADYLINEDEMOADMINTOTP2SECRETAB';

/** Where the demo admin's last used step on the server at `port` is kept (shared by every test worker). */
export function demoAdminStepFile(port: number | string): string {
  return join(tmpdir(), `steadyline-e2e-demo-totp-${port}`);
}

/**
 * A demo admin code the server at `baseUrl` has not accepted yet. The server takes a code once
 * (and one step either side of now), and every browser test signs the same admin in, so the
 * steps used are kept in a file every test worker shares, one per server (a test's own server
 * has a demo admin of its own, whose steps the shared server's sign-ins do not spend: decision
 * 1414); when both usable steps are spent it waits for the next.
 */
export async function freshDemoAdminCode(baseUrl: string): Promise<string> {
  const path = demoAdminStepFile(new URL(baseUrl).port);
  const record: StepRecord = {
    read: () => (existsSync(path) ? Number(readFileSync(path, 'utf8')) || 0 : 0),
    write: (step) => writeFileSync(path, String(step)),
  };
  return nextUnusedCode(demoAdminTotpSecret, record);
}

/** After the password: enters a fresh demo admin code and waits for the dashboard. */
export async function enterDemoAdminCode(page: Page): Promise<void> {
  await page.getByLabel('Authentication code').fill(await freshDemoAdminCode(page.url()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/** Where the demo admin's last session on the server at `port` is kept for the next test (the context's storage state). */
export function demoAdminSessionFile(port: number | string): string {
  return join(tmpdir(), `steadyline-e2e-demo-admin-session-${port}.json`);
}

/**
 * Carries on the demo admin's session from an earlier test, as a staff member's browser keeps
 * them signed in from one task to the next: its cookies, and what the app keeps in the
 * browser's storage (who is signed in, for the top bar). Used only while the server still takes
 * the session, asked without the page, so a session that has ended logs no error in a page the
 * test checks. Ends on the dashboard; false when there is no such session.
 */
async function resumeDemoAdminSession(page: Page): Promise<boolean> {
  const context = page.context();
  const origin = new URL((await context.request.get('/readyz')).url()).origin;
  const file = demoAdminSessionFile(new URL(origin).port);
  if (!existsSync(file)) return false;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Awaited<ReturnType<BrowserContext['storageState']>>;
  await context.addCookies(saved.cookies);
  if ((await context.request.get('/api/admin/session')).status() !== 200) {
    rmSync(file, { force: true });
    await context.clearCookies();
    return false;
  }
  // The browser's storage is written from a page of the origin that runs no app code.
  const stored = saved.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  await page.goto('/offline.html');
  await page.evaluate((entries) => {
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, stored);
  await page.goto('/admin/dashboard');
  await page.locator('header.admin-topbar').waitFor();
  return true;
}

/**
 * The demo admin on the dashboard of the shared server. The first test signs in through
 * /admin/login as a person would (password, then the authenticator code); later tests carry on
 * that session while the server keeps it, and sign in again when it has ended (a test signed
 * out, say). Each sign-in spends one of the authenticator's 30-second steps, which the server
 * takes once: signing in for every test made the browser run wait for fresh steps (decision 1984).
 */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  if (await resumeDemoAdminSession(page)) return;
  await signInDemoAdminThroughTheForm(page);
  const port = new URL(page.url()).port;
  writeFileSync(demoAdminSessionFile(port), JSON.stringify(await page.context().storageState()));
}

/** Signs in through /admin/login as a person would (password, then the authenticator code) and waits for the dashboard. */
async function signInDemoAdminThroughTheForm(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(demoAdmin.email);
  await page.getByLabel('Password').fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await enterDemoAdminCode(page);
}

/** The demo admin signed in through the API (password, then the code): the CSRF token for x-admin-token. */
export async function demoAdminApiToken(request: APIRequestContext, baseUrl: string): Promise<string> {
  const headers = { origin: baseUrl };
  const login = await request.post(`${baseUrl}/functions/v1/admin-login`, { data: demoAdmin, headers });
  if (login.status() !== 200) throw new Error(`admin-login answered ${login.status()}`);
  const { challenge } = (await login.json()) as { challenge: string };
  const verified = await request.post(`${baseUrl}/api/admin/login/verify`, {
    data: { challenge, code: await freshDemoAdminCode(baseUrl) },
    headers,
  });
  if (verified.status() !== 200)
    throw new Error(`second factor answered ${verified.status()}: ${await verified.text()}`);
  return ((await verified.json()) as { token: string }).token;
}

/** The authenticators browser tests enrolled for the admins they created, by e-mail. */
const enrolledAuthenticators = new Map<string, { secret: string; record: StepRecord }>();

/** A fresh code for an admin a browser test enrolled (signInAdminWithTwoFactor or enrolAuthenticator). */
export async function freshCodeFor(email: string): Promise<string> {
  const known = enrolledAuthenticators.get(email);
  if (!known) throw new Error(`No authenticator was enrolled for ${email} in this test file`);
  return nextUnusedCode(known.secret, known.record);
}

/** Remembers the key a test read from an enrolment screen, as an authenticator app would scan it. */
export function enrolAuthenticator(email: string, secret: string): void {
  enrolledAuthenticators.set(email, { secret, record: memoryStepRecord() });
}

/**
 * Signs in an admin a test created (not the demo admin) through /admin/login, as that person
 * would: the password, then two-factor when the role requires it — enrolling it the first time
 * (reading the key the page shows, as an authenticator app would scan it) and entering a fresh
 * code after that. Waits for the dashboard.
 */
export async function signInAdminWithTwoFactor(
  page: Page,
  admin: { email: string; password: string },
): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up two-factor' });
  const verify = page.getByLabel('Authentication code');
  const dashboard = page.locator('header.admin-topbar');
  await enrol.or(verify).or(dashboard).first().waitFor();
  if (await enrol.isVisible()) {
    enrolAuthenticator(admin.email, (await page.getByTestId('totp-secret').innerText()).trim());
    await page.getByLabel('Code from your app').fill(await freshCodeFor(admin.email));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  } else if (await verify.isVisible()) {
    await verify.fill(await freshCodeFor(admin.email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL('**/admin/dashboard');
}
