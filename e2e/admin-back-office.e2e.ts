/**
 * The back office end to end: an operator account made with `npm run admin:create` signs in,
 * finds the demo investor by part of the e-mail, opens the detail, creates a product,
 * deactivates it after confirming, reads its audit log, and the product leaves the public
 * catalogue. Runs its own server: admin:create writes to the embedded database before the
 * server owns it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAdminWithTwoFactor } from './support/admin-sign-in';
import { type AppServer, startAppServer } from './support/app-server';
import { launchBrowser, openPage } from './support/browser';

const operator = {
  email: 'quinn.harper@staff.example',
  password: 'Operator#Pass2026',
  firstName: 'Quinn',
  lastName: 'Harper',
};
const productName = `E2E Growth Note ${Date.now()}`;

let dataDir: string;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'steadyline-admin-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  const weak = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'admin:create',
      '--',
      '--email',
      'weak@staff.example',
      '--password',
      'short',
      '--role',
      'support',
      '--first-name',
      'W',
      '--last-name',
      'K',
    ],
    { env, encoding: 'utf8', timeout: 120_000 },
  );
  expect(weak.status).toBe(1);
  expect(weak.stderr).toContain('Password must be at least 12 characters long');
  const created = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'admin:create',
      '--',
      '--email',
      operator.email,
      '--password',
      operator.password,
      '--role',
      'operations',
      '--first-name',
      operator.firstName,
      '--last-name',
      operator.lastName,
    ],
    { env, encoding: 'utf8', timeout: 120_000 },
  );
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
  server = await startAppServer({
    port: Number(process.env.E2E_ADMIN_PORT ?? 3992),
    env: { DATA_DIR: dataDir },
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function publicProductNames(): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/api/products`);
  const body = (await response.json()) as { products: Array<{ display_name: string }> };
  return body.products.map((product) => product.display_name);
}

describe('the admin back office', () => {
  it('sends a visitor without a session to the Admin Portal sign-in', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await page.goto('/admin/products');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operator signs in, finds an investor, runs a product and reads its audit log', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await signInAdminWithTwoFactor(page, operator);

    const topBar = page.locator('header.admin-topbar');
    await topBar.waitFor();
    for (const link of ['Dashboard', 'Products', 'Jobs', 'Notifications']) {
      await expect(topBar.getByRole('link', { name: link, exact: true }).count()).resolves.toBe(1);
    }
    await expect(topBar.getByText('Quinn Harper').count()).resolves.toBe(1);
    await expect(topBar.getByText('operations', { exact: true }).count()).resolves.toBe(1);
    await expect(topBar.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(1);

    // The cards come from the maintained summary; the demo investor has active notes.
    const investorsCard = page.locator('.metric-card').filter({ hasText: 'Investors' });
    await investorsCard.getByText('1 active').waitFor();
    await expect(
      page.locator('.metric-card').filter({ hasText: 'Assets under management' }).textContent(),
    ).resolves.toMatch(/\$[\d,]{2,}/);

    await page.getByPlaceholder('Search by id, name, email or phone').fill('demo@steady');
    await page.getByRole('button', { name: 'Search' }).click();
    const result = page.locator('.result-row').filter({ hasText: 'demo@steadyline.example' });
    await result.waitFor();
    await result.click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('heading', { name: 'Recent transactions' }).waitFor();
    await expect(detail.getByText('demo@steadyline.example').count()).resolves.toBe(1);
    await expect(detail.locator('table').last().locator('tbody tr').count()).resolves.toBe(5);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await detail.getByRole('button', { name: 'Close' }).last().click();

    await topBar.getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL('**/admin/products');
    await page.locator('.product-table').waitFor();
    await page.getByRole('button', { name: 'Create Product' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Display name').fill(productName);
    await form.getByLabel('Type').selectOption('high_yield');
    await form.getByLabel('Annual rate (%)').fill('9.75');
    await form.getByLabel('Term (years)').fill('6');
    await form.getByLabel('Minimum investment (USD)').fill('2500');
    await form.getByRole('button', { name: 'Create Product' }).click();
    await form.waitFor({ state: 'detached' });

    const row = page.locator('.product-table tbody tr').filter({ hasText: productName });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/9\.75%[\s\S]*6 years[\s\S]*\$2,500/);
    expect(await publicProductNames()).toContain(productName);

    await row.getByRole('switch', { name: `${productName} active` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate product?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Inactive').waitFor();
    await expect(row.getByRole('switch').getAttribute('aria-checked')).resolves.toBe('false');
    expect(await publicProductNames()).not.toContain(productName);

    await row.getByRole('button', { name: 'Audit log' }).click();
    const audit = page.getByRole('dialog', { name: `Audit log: ${productName}` });
    const entries = audit.locator('.audit-entry');
    await entries.first().waitFor();
    await expect(entries.count()).resolves.toBe(2);
    await expect(entries.nth(0).textContent()).resolves.toMatch(
      /Deactivated[\s\S]*Quinn Harper[\s\S]*Active\s*Yes\s*No/,
    );
    await expect(entries.nth(1).textContent()).resolves.toMatch(
      /Created[\s\S]*Quinn Harper[\s\S]*Annual rate\s*—\s*9\.75%/,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await audit.getByRole('button', { name: 'Close' }).last().click();

    await topBar.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operator drags a hotspot on /abouttemp and saves it; a visitor never sees the editor', async () => {
    const before = (await (await fetch(`${server.baseUrl}/api/pages/abouttemp/hotspots`)).json()) as {
      hotspots: Array<{ id: string; label: string; left: number; top: number }>;
    };
    const first = before.hotspots[0]!;

    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await signInAdminWithTwoFactor(page, operator);
    await page.goto('/abouttemp');
    await page.getByRole('button', { name: 'Edit hotspots' }).click();
    const handle = page.locator('.hotspot-handle').first();
    const box = await handle.boundingBox();
    if (!box) throw new Error('the hotspot handle is not visible');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 6 });
    await page.mouse.up();
    // The drag ended on top of the page's link: it must not have navigated.
    expect(new URL(page.url()).pathname).toBe('/abouttemp');
    await page.getByRole('button', { name: 'Save positions' }).click();
    await page.getByText('Hotspot positions saved').waitFor();

    const after = (await (
      await fetch(`${server.baseUrl}/api/pages/abouttemp/hotspots`)
    ).json()) as typeof before;
    const moved = after.hotspots.find((spot) => spot.id === first.id)!;
    expect(moved.left).toBeGreaterThan(first.left);
    expect(moved.top).toBeGreaterThan(first.top);
    expect(errors).toEqual([]);
    await context.close();

    const visitor = await openPage(browser, server.baseUrl);
    await visitor.page.goto('/abouttemp');
    await visitor.page.getByRole('link', { name: first.label }).waitFor({ state: 'attached' });
    await visitor.page.waitForLoadState('networkidle');
    await expect(visitor.page.getByRole('button', { name: 'Edit hotspots' }).count()).resolves.toBe(0);
    await expect(visitor.page.locator('.hotspot-handle').count()).resolves.toBe(0);
    await visitor.context.close();
  });
});
