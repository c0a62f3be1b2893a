import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '../src/shared/dates/calendar-date';
import { businessDateOf } from '../src/shared/dates/business-time';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function jobRow(page: Page, name: string) {
  return page.locator('.job-table tbody tr').filter({ has: page.getByText(name, { exact: true }) });
}

describe('/admin/jobs', () => {
  it('an admin creates a job with the builder, sees its words and next runs, runs it and reads its history', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInAsDemoAdmin(page);
    await page.goto('/admin/jobs');
    await page.getByRole('heading', { level: 1, name: 'Scheduled jobs' }).waitFor();
    await jobRow(page, 'Daily interest').waitFor();
    await expect(jobRow(page, 'Daily interest').innerText()).resolves.toMatch(/At 01:00 AM\s+0 1 \* \* \*/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const name = `Twice-weekly cleanup ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Create Job' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Job' });
    await dialog.waitFor();
    await dialog.getByLabel('Job Name').fill(name);
    await dialog.getByLabel('Description').fill('Clears used sign-in links twice a week.');
    await dialog.getByLabel('Edge Function Name').fill('cleanup-expired-auth');

    await dialog.getByRole('tab', { name: 'Builder' }).click();
    await dialog.getByLabel('Repeat').selectOption('weekly');
    await dialog.getByLabel('At', { exact: true }).fill('09:30');
    await dialog.getByLabel('Thu').check();
    const preview = dialog.locator('.schedule-preview');
    await expect(preview.locator('.schedule-words-text').innerText()).resolves.toBe(
      'At 09:30 AM, only on Monday and Thursday',
    );
    await expect(preview.locator('.schedule-cron').innerText()).resolves.toBe('30 9 * * 1,4');
    const nextRuns = await preview.locator('.schedule-next-list li').allInnerTexts();
    expect(nextRuns).toHaveLength(5);
    for (const run of nextRuns) expect(run).toMatch(/^(Mon|Thu), .* 9:30 AM E[SD]T$/);
    await expect(preview.getByText('Next 5 runs (America/New_York)').count()).resolves.toBe(1);

    // Bad configuration JSON is refused and nothing is saved.
    await dialog.getByLabel('Configuration').fill('{batchSize: 100');
    await dialog.getByRole('button', { name: 'Create Job' }).click();
    await expect(dialog.getByRole('alert').innerText()).resolves.toBe('Invalid JSON in configuration field');
    await dialog.getByLabel('Configuration').fill('{"batchSize": 100}');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Job' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`${name} created.`).waitFor();

    const row = jobRow(page, name);
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(
      /cleanup-expired-auth[\s\S]*At 09:30 AM, only on Monday and Thursday/,
    );
    await expect(row.getByText('Never run').count()).resolves.toBe(1);

    await row.getByRole('button', { name: `Run ${name} now` }).click();
    const confirm = page.getByRole('dialog', { name: `Run ${name} now?` });
    await expect(confirm.innerText()).resolves.toContain('Runs cleanup-expired-auth once, now, for');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Run now' }).click();
    await page.getByText(new RegExp(`^${name} finished: \\d+ records? processed\\.$`)).waitFor();
    await row.getByText('COMPLETED').waitFor();

    await row.getByRole('button', { name: `History of ${name}` }).click();
    const history = page.getByRole('dialog', { name: 'Job Execution History' });
    await history.waitFor();
    const entry = history.locator('.job-run').first();
    await entry.waitFor();
    await expect(history.locator('.job-run').count()).resolves.toBe(1);
    await expect(entry.locator('.badge').innerText()).resolves.toBe('COMPLETED');
    await expect(entry.innerText()).resolves.toMatch(/\d+ records processed/);
    await expect(entry.innerText()).resolves.toMatch(/Run now by Morgan Reyes/);
    await expect(entry.innerText()).resolves.toMatch(/Duration\s+\d+s/);
    const details = entry.locator('.job-run-details');
    // Stored as jsonb, whose key order is its own: each field is checked on its own.
    const fields = await details.innerText();
    expect(fields).toMatch(/Trigger\s+manual/);
    expect(fields).toMatch(/Triggered by\s+[\s\S]*Name\s+Morgan Reyes/);
    expect(fields).toMatch(/Result\s/);
    await expect(details.locator('pre').count()).resolves.toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await history.getByRole('button', { name: 'Close', exact: true }).last().click();
    await history.waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it("Run sends no date: the job runs for the server's business date whatever the browser's clock says", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const serverToday = businessDateOf(new Date(), 'America/New_York');
    // The browser's clock runs three days ahead of the server's.
    await context.clock.setSystemTime(new Date(Date.now() + 3 * 86_400_000));
    await signInAsDemoAdmin(page);
    await page.goto('/admin/jobs');
    const row = jobRow(page, 'Auth cleanup');
    await row.waitFor();
    const shownDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${serverToday}T12:00:00Z`),
    );
    await expect(page.locator('.jobs-zone').innerText()).resolves.toContain(`Run uses today, ${shownDate}`);

    const sent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().endsWith('/functions/v1/cleanup-expired-auth'),
    );
    await row.getByRole('button', { name: 'Run Auth cleanup now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Run Auth cleanup now?' });
    await expect(confirm.innerText()).resolves.toContain(`for ${shownDate}`);
    await confirm.getByRole('button', { name: 'Run now' }).click();
    expect((await sent).postDataJSON()).toEqual({ jobId: expect.any(String) });
    await page.getByText(/^Auth cleanup finished: \d+ records? processed\.$/).waitFor();

    await row.getByRole('button', { name: 'History of Auth cleanup' }).click();
    const history = page.getByRole('dialog', { name: 'Job Execution History' });
    const details = await history.locator('.job-run').first().locator('.job-run-details').innerText();
    expect(details).toMatch(/Trigger\s+manual/);
    expect(details).toMatch(new RegExp(`Execution date\\s+${serverToday}`));
    expect(details).not.toContain(addDays(serverToday, 3));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before disabling a job, and a disabled job shows no next run', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInAsDemoAdmin(page);
    await page.goto('/admin/jobs');
    const row = jobRow(page, 'Maturities');
    await row.waitFor();
    await row.getByRole('switch', { name: 'Maturities enabled' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable job?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Disabled', { exact: true }).first().waitFor();
    await expect(row.getByRole('switch').getAttribute('aria-checked')).resolves.toBe('false');

    await row.getByRole('switch', { name: 'Maturities enabled' }).click();
    const enable = page.getByRole('dialog', { name: 'Enable job?' });
    await enable.getByRole('button', { name: 'Enable' }).click();
    await enable.waitFor({ state: 'detached' });
    await expect(row.getByRole('switch').getAttribute('aria-checked')).resolves.toBe('true');
    await row.getByText(/^in \d+ (minutes?|hours?|days)$/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
