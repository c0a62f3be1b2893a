import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in pages', () => {
  for (const path of ['/signup', '/login', '/signup?error=expired']) {
    it(`${path} has no console error and no serious accessibility violation`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl);
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the login tabs switch between Password, Magic Link and SMS, and Magic Link shows Check your email', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await page.getByLabel('Email', { exact: true }).fill(`tabs.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.getByRole('tab', { name: 'SMS' }).click();
    await page.getByLabel('Mobile phone number').fill('12');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await context.close();
  });

  it('the demo shortcut shows the demo admin sign-in, then opens the demo account', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo account' }).click();
    await page.getByText('admin@steadyline.example').waitFor();
    await page.getByText('DemoAdmin#2025!').waitFor();
    await page.waitForURL('**/account-overview', { timeout: 20_000 });
    await context.close();
  });

  it('the e-mail field shrinks its font as the address grows', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/signup');
    const input = page.getByLabel('Email address');
    await input.fill('short@x.io');
    expect(await input.evaluate((element) => getComputedStyle(element).fontSize)).toBe('14px');
    await input.fill('a.really.quite.long.address@example.com');
    expect(await input.evaluate((element) => getComputedStyle(element).fontSize)).toBe('10px');
    await context.close();
  });
});
