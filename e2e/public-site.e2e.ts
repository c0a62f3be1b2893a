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

const publicRoutes = [
  { path: '/', heading: 'Earn up to 10.24% per year, steadily.' },
  { path: '/investments', heading: 'Fixed-rate notes, two ways to earn' },
  { path: '/how-it-works', heading: 'Fund your account, choose terms, collect income' },
  { path: '/about', heading: 'Steadyline makes passive income simple' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/terms', heading: 'Terms of use' },
  { path: '/abouttemp', heading: 'About' },
  { path: '/custom-page-1', heading: 'Start earning today' },
  { path: '/custom-page-2', heading: 'Plans' },
] as const;

describe('public site', () => {
  for (const route of publicRoutes) {
    it(`${route.path} renders with no console error and no serious accessibility violation`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole('heading', { level: 1, name: route.heading, exact: true });
      await heading.waitFor({ state: 'attached' });
      await expect(heading.count()).resolves.toBe(1);
      await page.waitForLoadState('networkidle');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the landing page has the nav, hero, why, how it works, plans from the catalogue, sign-up and footer', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['INVESTMENTS', 'HOW IT WORKS', 'ABOUT', 'FAQ', 'LOGIN']) {
      await expect(nav.getByRole('link', { name: label, exact: true }).count()).resolves.toBe(1);
    }
    await expect(page.getByText('No maintenance. No complicated steps.').count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'GET STARTED' }).getAttribute('href')).resolves.toBe(
      '/signup',
    );
    await expect(page.getByRole('link', { name: 'LEARN MORE' }).count()).resolves.toBe(1);
    await expect(page.locator('.reason-card').count()).resolves.toBe(4);
    await expect(page.locator('.step-list .step').count()).resolves.toBe(3);
    await page.getByText('More returns').waitFor();
    await expect(page.getByText('More flexible').count()).resolves.toBe(1);
    // Rates and total returns come from the catalogue and the one shared total-return rule (PRODUCT.md 14).
    const terms = page.locator('.plan-terms tbody tr');
    await expect(terms.count()).resolves.toBe(4);
    await expect(terms.nth(3).innerText()).resolves.toMatch(/5 years\s+10\.24%\s+51\.2%/);
    await expect(terms.nth(0).innerText()).resolves.toMatch(/2 years\s+9\.00%\s+18\.0%/);
    await expect(page.getByRole('heading', { name: 'START EARNING TODAY' }).count()).resolves.toBe(1);
    const footer = page.locator('footer');
    await expect(footer.getByText(/not FDIC insured/).count()).resolves.toBe(1);
    // The copyright year is the reader's current year, never a year in the copy (PRODUCT.md 33).
    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(footer.getByText(`© ${year} `).count()).resolves.toBe(1);
    await context.close();
  });

  it('footer quick links are in-page anchors and social links open in a new tab', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/');
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quickLinks.getByRole('link', { name: 'PLANS' }).getAttribute('href')).resolves.toBe(
      '/#plans',
    );
    await expect(quickLinks.getByRole('link', { name: 'TERMS' }).getAttribute('href')).resolves.toBe(
      '#terms',
    );
    await quickLinks.getByRole('link', { name: 'PLANS' }).click();
    await page.waitForFunction(() => window.location.hash === '#plans');
    const social = page.getByRole('navigation', { name: 'Social media' }).getByRole('link');
    await expect(social.count()).resolves.toBe(5);
    for (let index = 0; index < 5; index += 1) {
      await expect(social.nth(index).getAttribute('target')).resolves.toBe('_blank');
      await expect(social.nth(index).getAttribute('rel')).resolves.toContain('noopener');
    }
    await page.getByRole('link', { name: 'full terms' }).click();
    await page.waitForURL('**/terms');
    await context.close();
  });

  it('the landing e-mail form refuses an address without @ and sends no request', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/');
    let authStartCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/functions/v1/auth-start')) authStartCalls += 1;
    });
    const form = page.locator('.section-cta form');
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByRole('button', { name: 'GET STARTED' }).click();
    await expect(form.getByRole('alert').innerText()).resolves.toBe('Please enter a valid email address');
    expect(authStartCalls).toBe(0);
    await context.close();
  });

  it('the FAQ has six items, the first open, each toggling on its own', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/faq');
    const toggles = page.locator('.faq-question button');
    await toggles.first().waitFor();
    await expect(toggles.count()).resolves.toBe(6);
    const expanded = async () =>
      Promise.all([0, 1, 2, 3, 4, 5].map((index) => toggles.nth(index).getAttribute('aria-expanded')));
    expect(await expanded()).toEqual(['true', 'false', 'false', 'false', 'false', 'false']);
    await toggles.nth(2).click();
    expect(await expanded()).toEqual(['true', 'false', 'true', 'false', 'false', 'false']);
    await toggles.nth(0).click();
    expect(await expanded()).toEqual(['false', 'false', 'true', 'false', 'false', 'false']);
    await expect(page.getByRole('heading', { name: 'Questions?' }).count()).resolves.toBe(1);
    await expect(page.locator('a[href^="mailto:"]').first().getAttribute('href')).resolves.toMatch(
      /^mailto:.+@.+/,
    );
    await context.close();
  });

  it('unknown paths show the home screen, under /admin/ too', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    for (const path of ['/no-such-page/at-all', '/admin/no-such-page']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Earn up to 10.24% per year, steadily.' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      // The HTML names the public site's code, so the page draws without waiting for it.
      const html = await (await page.request.get(path)).text();
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/public-[\w-]+\.js">/);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('artwork pages carry their hotspots from the database as links, without visible handles', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/custom-page-2');
    const hotspots = page.locator('.artwork-frame a.hotspot');
    await hotspots.first().waitFor();
    await expect(hotspots.count()).resolves.toBe(2);
    await expect(hotspots.first().getAttribute('aria-label')).resolves.toBe('Standard income plan');
    await hotspots.first().click();
    await page.waitForURL('**/investments#standard');
    await context.close();
  });

  it('the header menu collapses on a phone and opens from the menu button', async () => {
    const { page, context } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.isVisible()).resolves.toBe(true);
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL('**/faq');
    await context.close();
  });
});
