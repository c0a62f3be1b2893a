import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage } from './support/browser';
import { waitForOutboxMessage } from './support/outbox';

const baseUrl = inject('baseUrl');
const demoInvestorEmail = 'demo@steadyline.example';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function card(page: Page, name: string) {
  return page.locator('.notification-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function statValue(page: Page, name: string, label: string): Promise<string> {
  return card(page, name).locator('.campaign-stats div').filter({ hasText: label }).locator('dd').innerText();
}

describe('/admin/notifications', () => {
  it('an admin creates a template and a filtered campaign, previews, sends now and sees the counts', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const startedAt = new Date().toISOString();
    const suffix = Date.now().toString(36);
    const templateName = `Spring letter ${suffix}`;
    const campaignName = `Spring campaign ${suffix}`;
    const subject = `Spring news ${suffix}`;

    await signInAsDemoAdmin(page);
    await page.goto('/admin/notifications');
    await page.getByRole('heading', { level: 1, name: 'Investor Notifications' }).waitFor();
    await expect(page.getByRole('tab', { name: 'Campaigns' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Create Campaign' }).waitFor();

    // Template: bad JSON and unknown variables are refused with the spec's and the rule's words.
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Create Template' }).click();
    const templateDialog = page.getByRole('dialog', { name: 'Create New Template' });
    await templateDialog.getByLabel('Template Name').fill(templateName);
    await templateDialog.getByLabel('Subject').fill(`${subject}, {{first_name}}`);
    await templateDialog.getByLabel('Body').fill('Hi {{first_name}}, your account {{account_number}} grew.');
    await templateDialog.getByLabel('Variables (JSON)').fill('{first_name: string');
    await templateDialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(templateDialog.getByRole('alert').innerText()).resolves.toBe(
      'Invalid JSON in variables field',
    );
    await templateDialog
      .getByLabel('Variables (JSON)')
      .fill('{"first_name": "string", "total_balance": "string"}');
    await templateDialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(templateDialog.getByRole('alert').innerText()).resolves.toContain('{{account_number}}');
    await templateDialog
      .getByLabel('Body')
      .fill('Hi {{first_name}},\n\nYour balance is {{total_balance}}.\n\nThe {{brand_name}} team');
    // The live preview renders with the demo investor's values.
    const preview = templateDialog.locator('.email-preview-card');
    await expect(preview.innerText()).resolves.toContain('Hi Avery,');
    await expect(templateDialog.locator('.email-preview-subject').innerText()).resolves.toBe(
      `${subject}, Avery`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await templateDialog.getByRole('button', { name: 'Create Template' }).click();
    await templateDialog.waitFor({ state: 'detached' });
    const templateCard = card(page, templateName);
    await templateCard.waitFor();
    await expect(templateCard.innerText()).resolves.toMatch(/Active[\s\S]*EMAIL[\s\S]*\{\{first_name\}\}/);

    // Campaign with a filter: an unknown key is refused, then the preview counts the audience.
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    const campaignDialog = page.getByRole('dialog', { name: 'Create New Campaign' });
    await campaignDialog.getByLabel('Campaign Name').fill(campaignName);
    await campaignDialog.getByLabel('Template').selectOption({ label: `${templateName} (EMAIL)` });
    await campaignDialog.getByLabel('Target Filters (JSON)').fill('{"stat": "active"}');
    await campaignDialog.getByRole('button', { name: 'Preview Recipients' }).click();
    await expect(campaignDialog.getByRole('alert').innerText()).resolves.toContain('"stat"');
    await campaignDialog.getByLabel('Target Filters (JSON)').fill('{"status": "active"}');
    await campaignDialog.getByRole('button', { name: 'Preview Recipients' }).click();
    const willSend = await campaignDialog.locator('.recipient-count').innerText();
    const match = /^Will send to (\d+) recipients?$/.exec(willSend);
    expect(match).not.toBeNull();
    const recipients = Number(match![1]);
    expect(recipients).toBeGreaterThanOrEqual(1);
    await campaignDialog.getByRole('button', { name: 'Create Campaign' }).click();
    await campaignDialog.waitFor({ state: 'detached' });

    const campaignCard = card(page, campaignName);
    await campaignCard.waitFor();
    await expect(campaignCard.locator('.badge').innerText()).resolves.toMatch(/draft/i);
    await expect(statValue(page, campaignName, 'Recipients')).resolves.toBe(String(recipients));
    await expect(campaignCard.innerText()).resolves.toContain('"status": "active"');

    // Send now, then watch the counts arrive.
    await campaignCard.getByRole('button', { name: 'Send now' }).click();
    const sendDialog = page.getByRole('dialog', { name: 'Send campaign now' });
    await sendDialog.getByText(`Will send to ${recipients} recipient`).waitFor();
    await sendDialog.getByRole('button', { name: 'Send now' }).click();
    await sendDialog.waitFor({ state: 'detached' });
    await campaignCard.locator('.badge', { hasText: /^sent$/i }).waitFor({ timeout: 30_000 });
    await expect(statValue(page, campaignName, 'Sent')).resolves.toBe(String(recipients));
    await expect(statValue(page, campaignName, 'Failed')).resolves.toBe('0');
    await expect(statValue(page, campaignName, 'Success Rate')).resolves.toBe('100%');
    await expect(campaignCard.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);

    // The message is in the outbox, personalised, with its one-click unsubscribe link.
    const message = await waitForOutboxMessage(baseUrl, demoInvestorEmail, {
      channel: 'email',
      after: startedAt,
    });
    expect(message.subject).toBe(`${subject}, Avery`);
    expect(message.text).toMatch(/^Hi Avery,/);
    expect(message.text).toMatch(
      /Unsubscribe with one click: http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=/,
    );

    // The one refused request is the preview with the unknown filter key, which the browser logs.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await context.close();
  });
});
