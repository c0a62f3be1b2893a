/**
 * "Your security" end to end (decision 1630): support turns two-factor on from the page, signs
 * out, and the next sign-in asks for a code; an operations admin replaces the recovery codes and
 * signs in with one of the new ones. At phone width the admin nav is a Menu button that opens
 * the whole list. With E2E_SHOTS_DIR set, each state is also saved at 1280 and 390 px.
 * Runs its own server: admin:create writes to the embedded database before the server owns it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { enrolAuthenticator, freshCodeFor, signInAdminWithTwoFactor } from './support/admin-sign-in';
import { type AppServer, startAppServer } from './support/app-server';
import { launchBrowser, openPage } from './support/browser';

const support = { email: 'sam.support@staff.example', password: 'Support#Pass2026', role: 'support' };
const operations = { email: 'olu.ops@staff.example', password: 'Operations#Pass2026', role: 'operations' };

let dataDir: string;
let server: AppServer;
let browser: Browser;
const shotsDir = process.env.E2E_SHOTS_DIR;

/** Saves the page at 1280 and 390 px wide when E2E_SHOTS_DIR is set; the page ends at 1280. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** No sideways scroll: the page is no wider than the window. */
async function hasNoSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function signInWithPassword(page: Page, admin: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/admin/login');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'steadyline-security-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  for (const admin of [support, operations]) {
    const [firstName, lastName] = admin === support ? ['Sam', 'Support'] : ['Olu', 'Ops'];
    const created = spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'admin:create',
        '--',
        '--email',
        admin.email,
        '--password',
        admin.password,
        '--role',
        admin.role,
        '--first-name',
        firstName ?? '',
        '--last-name',
        lastName ?? '',
      ],
      { env, encoding: 'utf8', timeout: 400_000 },
    );
    expect(created.status, created.stderr).toBe(0);
  }
  server = await startAppServer({
    port: Number(process.env.E2E_SECURITY_PORT ?? 3994),
    env: { DATA_DIR: dataDir },
  });
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('your security', () => {
  it('support turns two-factor on, and the next sign-in asks for a code', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    // Support without two-factor: the password alone signs in.
    await signInWithPassword(page, support);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('link', { name: 'Your security' }).click();
    await page.waitForURL('**/admin/security');
    await page.getByText('Optional', { exact: true }).waitFor();
    await expect(page.getByText('Off', { exact: true }).count()).resolves.toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shoot(page, 'security-support-off');

    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    enrolAuthenticator(support.email, (await page.getByTestId('totp-secret').innerText()).trim());
    // A wrong code is refused and changes nothing.
    await page.getByLabel('Code from your app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByText('That code is not right').waitFor();
    await shoot(page, 'security-support-enrol');
    await page.getByLabel('Code from your app').fill(await freshCodeFor(support.email));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    await expect(codes.getByRole('listitem').count()).resolves.toBe(10);
    await shoot(page, 'security-codes-shown');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByTestId('recovery-codes-left').getByText('10').waitFor();
    await page.getByText('On', { exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shoot(page, 'security-support-on');

    await signOut(page);
    await signInWithPassword(page, support);
    await page.getByLabel('Authentication code').fill(await freshCodeFor(support.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('an admin replaces the recovery codes and signs in with one of the new ones', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await signInAdminWithTwoFactor(page, operations);
    await page.goto('/admin/security');
    await page.getByText('Required', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Turn off two-factor' }).count()).resolves.toBe(0);
    await shoot(page, 'security-operations-on');

    await page.getByLabel('Code from your app').fill(await freshCodeFor(operations.email));
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const newCodes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(newCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByTestId('recovery-codes-left').getByText('10').waitFor();

    await signOut(page);
    await signInWithPassword(page, operations);
    await page.getByLabel('Authentication code').fill(newCodes[4] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/security');
    await page.getByTestId('recovery-codes-left').getByText('9').waitFor();

    // The investor detail shows the identity check once (the identity panel), the tax record once.
    await page.goto('/admin/dashboard');
    await page.getByPlaceholder('Search by id, name, email or phone').fill('demo@steady');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.result-row').filter({ hasText: 'demo@steadyline.example' }).click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('heading', { name: 'Tax record' }).waitFor();
    await expect(detail.getByRole('heading', { name: 'Identity and screening' }).count()).resolves.toBe(1);
    await expect(detail.getByText('Identity check', { exact: true }).count()).resolves.toBe(0);
    if (shotsDir) {
      // The detail scrolls inside its dialog: show the identity panel and the tax record together.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await detail.getByRole('heading', { name: 'Identity and screening' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shotsDir, `investor-detail-${width}.png`) });
        await detail
          .getByRole('heading', { name: 'Tax record' })
          .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: join(shotsDir, `investor-detail-tax-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px the nav is a Menu button that opens every page, with no sideways scroll', async () => {
    const { page, context } = await openPage(browser, server.baseUrl, { width: 390, height: 844 });
    await signInAdminWithTwoFactor(page, operations);
    const menu = page.getByRole('button', { name: /^Menu/ });
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('link', { name: 'Tax forms' }).isVisible()).resolves.toBe(false);
    if (shotsDir) await page.screenshot({ path: join(shotsDir, 'nav-closed-390.png') });
    await menu.click();
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    for (const label of [
      'Dashboard',
      'Products',
      'Payments',
      'Jobs',
      'Notifications',
      'Audit',
      'Approvals',
      'Tax forms',
    ]) {
      await expect(page.getByRole('link', { name: label, exact: true }).isVisible(), label).resolves.toBe(
        true,
      );
    }
    if (shotsDir) await page.screenshot({ path: join(shotsDir, 'nav-open-390.png') });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Escape closes it and gives focus back to the button; choosing a page closes it too.
    await page.keyboard.press('Escape');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menu.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Tax forms', exact: true }).click();
    await page.waitForURL('**/admin/tax');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

    for (const path of [
      'dashboard',
      'products',
      'payments',
      'jobs',
      'notifications',
      'audit',
      'approvals',
      'tax',
      'security',
    ]) {
      await page.goto(`/admin/${path}`);
      await page.locator('main h1').first().waitFor();
      await expect(hasNoSidewaysScroll(page), path).resolves.toBe(true);
    }
    await context.close();
  });
});
