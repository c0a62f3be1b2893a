/**
 * Four-eyes adjustments end to end (issue 16 item 4): an operations admin proposes a credit to
 * the demo investor's note from the investor detail; the proposal changes nothing and its
 * proposer cannot approve it; a second admin approves it on /admin/approvals and it is applied.
 * Runs its own server: admin:create writes to the embedded database before the server owns it.
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

const proposer = { email: 'pat.proposer@staff.example', password: 'Proposer#Pass2026', role: 'operations' };
const approver = {
  email: 'avery.approver@staff.example',
  password: 'Approver#Pass2026',
  role: 'super_admin',
};

let dataDir: string;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'steadyline-four-eyes-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  for (const [index, admin] of [proposer, approver].entries()) {
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
        index === 0 ? 'Pat' : 'Avery',
        '--last-name',
        index === 0 ? 'Proposer' : 'Approver',
      ],
      { env, encoding: 'utf8', timeout: 400_000 },
    );
    expect(created.status, created.stderr).toBe(0);
  }
  server = await startAppServer({
    port: Number(process.env.E2E_FOUR_EYES_PORT ?? 3993),
    env: { DATA_DIR: dataDir },
  });
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('four-eyes adjustments', () => {
  it('one admin proposes, the proposer cannot approve, a second admin approves', async () => {
    const first = await openPage(browser, server.baseUrl);
    await signInAdminWithTwoFactor(first.page, proposer);
    await first.page.getByPlaceholder('Search by id, name, email or phone').fill('demo@steady');
    await first.page.getByRole('button', { name: 'Search' }).click();
    await first.page.locator('.result-row').filter({ hasText: 'demo@steadyline.example' }).click();
    const detail = first.page.getByRole('dialog');
    const form = detail.getByRole('form', { name: 'Propose an adjustment' });
    await form.waitFor();
    await form.getByLabel('Amount (USD)').fill('12.34');
    await form.getByLabel('Reason').fill('Goodwill credit for a delayed transfer');
    await form.getByRole('button', { name: 'Propose adjustment' }).click();
    await form.getByText("Proposed. It now waits for a second admin's approval.").waitFor();
    expect(await seriousAccessibilityViolations(first.page)).toEqual([]);
    await detail.getByRole('button', { name: 'Close' }).last().click();

    await first.page.getByRole('link', { name: 'Approvals', exact: true }).click();
    await first.page.waitForURL('**/admin/approvals');
    const ownRow = first.page
      .locator('tr, .data-table-row')
      .filter({ hasText: 'Goodwill credit for a delayed transfer' })
      .first();
    await ownRow.getByText('Your proposal: another admin approves').waitFor();
    await expect(ownRow.getByRole('button', { name: /^Approve/ }).count()).resolves.toBe(0);
    expect(await seriousAccessibilityViolations(first.page)).toEqual([]);
    expect(first.errors).toEqual([]);
    await first.context.close();

    const second = await openPage(browser, server.baseUrl);
    await signInAdminWithTwoFactor(second.page, approver);
    await second.page.goto('/admin/approvals');
    const row = second.page
      .locator('tr, .data-table-row')
      .filter({ hasText: 'Goodwill credit for a delayed transfer' })
      .first();
    await row.getByText('Pat Proposer', { exact: false }).waitFor();
    await row.getByRole('button', { name: /^Approve/ }).click();
    const confirm = second.page.getByRole('dialog', { name: 'Approve this credit?' });
    await expect(confirm.innerText()).resolves.toMatch(
      /Writes a credit of \$12\.34 to .+ note: its value goes from/,
    );
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await second.page.getByText('Nothing waits for approval').waitFor();

    await second.page.getByRole('tab', { name: 'Applied' }).click();
    const applied = second.page
      .locator('tr, .data-table-row')
      .filter({ hasText: 'Goodwill credit for a delayed transfer' })
      .first();
    await applied.getByText('Avery Approver', { exact: false }).waitFor();
    await expect(applied.textContent()).resolves.toContain('+$12.34');
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});
