/**
 * Issue 13 items 13, 16 and 17 in a real browser: headline figures follow the catalogue,
 * form controls keep a readable size, and the artwork and logo are set in the self-hosted
 * typeface at a size a phone can read.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAdmin, demoAdminApiToken, enterDemoAdminCode } from './support/admin-sign-in';
import { type AppServer, startAppServer } from './support/app-server';
import { launchBrowser, openPage } from './support/browser';
import { signInAsDemoInvestor, signUpInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** The visible text of the main content, whitespace folded. */
async function mainText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

describe('headline figures come from the catalogue (issue 13 item 13)', () => {
  let server: AppServer;
  beforeAll(async () => {
    // Its own server: the product added here must not change what other browser tests see.
    server = await startAppServer({ port: Number(process.env.E2E_CATALOGUE_PORT ?? 4321) });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function addProduct(context: BrowserContext) {
    const headers = { origin: server.baseUrl };
    const token = await demoAdminApiToken(context.request, server.baseUrl);
    const created = await context.request.post(`${server.baseUrl}/api/admin/products`, {
      data: {
        display_name: 'High-Yield 6 years',
        investment_type: 'high_yield',
        interest_rate_percent: '10.75',
        term_years: 6,
        minimum_purchase_amount: '2500',
      },
      headers: { ...headers, 'x-admin-token': token },
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()).product as { id: string; is_active: boolean; updated_at: string };
    if (!product.is_active) {
      const toggled = await context.request.put(`${server.baseUrl}/functions/v1/admin-products`, {
        data: { id: product.id, is_active: true, updated_at: product.updated_at },
        headers: { ...headers, 'x-admin-token': token },
      });
      expect(toggled.status()).toBe(200);
    }
  }

  it('a 10.75% product an admin activates shows on every page that states a rate', async () => {
    const admin = await browser.newContext({ baseURL: server.baseUrl });
    await addProduct(admin);
    await admin.close();

    const { page, context } = await openPage(browser, server.baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Earn up to 10.75% per year, steadily.' }).waitFor();
    await page.getByText('Fixed rates from 8.00% to 10.75% a year', { exact: false }).waitFor();
    const landing = await mainText(page);
    expect(landing).toContain('Fixed rates from 8.00% to 10.75% a year');
    expect(landing).toContain('Earn 8.00%–10.75% per year');
    expect(landing).toContain('start from $2,500');
    expect(landing).toContain('growth with a 2 to 6 year High-Yield note');
    expect(landing).not.toContain('10.24% per year');

    await page.goto('/how-it-works');
    await page.getByText('Earn 8.00%–10.75% per year', { exact: false }).waitFor();
    const howItWorks = await mainText(page);
    expect(howItWorks).toContain('Earn 8.00%–10.75% per year');
    expect(howItWorks).toContain('a 2 to 6 year High-Yield note');

    await page.goto('/investments');
    await page.getByText('9.00% to 10.75%, by term').waitFor();

    await page.goto('/custom-page-1');
    const poster = page.getByRole('img', { name: /Up to 10\.75% a year/ });
    await poster.waitFor();
    await expect(page.locator('.artwork-image text').allTextContents()).resolves.toContain('Up to 10.75%');

    await page.goto('/custom-page-2');
    await page.getByRole('img', { name: /High-Yield growth at 9\.00% to 10\.75% a year/ }).waitFor();

    await signUpInvestor(context, server.baseUrl, { email: `rates-${Date.now()}@example.com` });
    await page.goto('/get-started');
    await page.getByText('Earn up to 10.75% per year.').waitFor();
    await context.close();
  }, 180_000);
});

/** Every visible text field, select and text area on the page whose font is smaller than `minimum` px. */
async function smallControls(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((least) => {
    const controls = [...document.querySelectorAll<HTMLElement>('input, select, textarea')].filter(
      (element) => {
        const type = element.getAttribute('type') ?? '';
        if (['checkbox', 'radio', 'hidden', 'range', 'color', 'file'].includes(type)) return false;
        return element.getClientRects().length > 0;
      },
    );
    return controls
      .map((element) => ({
        name: `${element.tagName.toLowerCase()}#${element.id || element.getAttribute('name') || element.className}`,
        size: Number.parseFloat(getComputedStyle(element).fontSize),
      }))
      .filter((control) => control.size < least)
      .map((control) => `${control.name}: ${control.size}px`);
  }, minimum);
}

describe('form controls stay readable (issue 13 item 16, PRODUCT.md 33)', () => {
  const longEmail = 'a.very.long.address.for.testing@example-company-domain.com';

  for (const viewport of [phone, desktop]) {
    const least = viewport.width <= 480 ? 16 : 14;
    it(`the e-mail field on /login and /signup keeps ${least} px or more at ${viewport.width} px with a long address`, async () => {
      const { page, context } = await openPage(browser, baseUrl, viewport);
      for (const path of ['/login', '/signup', '/']) {
        await page.goto(path);
        const email = page.locator('input[type="email"]').first();
        await email.fill(longEmail);
        const size = await email.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
        expect(size, path).toBeGreaterThanOrEqual(least);
      }
      await context.close();
    });

    it(`every form control of the public and portal pages keeps ${least} px or more at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(browser, baseUrl, viewport);
      const found: string[] = [];
      const check = async (where: string) => {
        for (const small of await smallControls(page, least)) found.push(`${where} ${small}`);
      };
      for (const path of ['/', '/faq', '/signup', '/login']) {
        await page.goto(path);
        await page.locator('input[type="email"]').first().waitFor();
        await check(path);
      }
      await page.getByRole('tab', { name: 'SMS' }).click();
      await check('/login (SMS)');

      await signInAsDemoInvestor(context, baseUrl);
      await page.goto('/transaction-summary');
      await page.getByRole('tab', { name: 'All' }).waitFor();
      await check('/transaction-summary');
      await page.getByText('By Investment', { exact: true }).first().click();
      await page.getByRole('combobox').first().waitFor();
      await check('/transaction-summary (by investment)');
      await page.goto('/buy-investments');
      await page.getByRole('button', { name: 'BUY INVESTMENT' }).first().click();
      await page.getByRole('dialog').getByLabel('Amount (USD)').waitFor();
      await check('/buy-investments (purchase form)');
      expect(found).toEqual([]);
      await context.close();
    }, 120_000);

    it(`every form control of the back office keeps ${least} px or more at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(browser, baseUrl, viewport);
      const found: string[] = [];
      const check = async (where: string) => {
        for (const small of await smallControls(page, least)) found.push(`${where} ${small}`);
      };
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(demoAdmin.email);
      await check('/admin/login');
      await page.getByLabel('Password').fill(demoAdmin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await enterDemoAdminCode(page);
      await check('/admin/dashboard');
      await page.goto('/admin/jobs');
      await page.getByRole('button', { name: 'Create Job' }).click();
      await page.getByRole('dialog').waitFor();
      await check('/admin/jobs (job editor)');
      await page.goto('/admin/notifications');
      await page.getByRole('button', { name: 'Create Campaign' }).click();
      await page.getByRole('dialog').getByLabel('Campaign Name').waitFor();
      await check('/admin/notifications (campaign)');
      expect(found).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

/**
 * The fonts Chromium actually drew the nodes' text with (not just what CSS asked for), as
 * "family (web font)" or "family (system font)". The self-hosted Inter is a web font named Inter.
 */
async function fontsDrawnFor(page: Page, selector: string): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  const { root } = await session.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await session.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const families = new Set<string>();
  for (const nodeId of nodeIds) {
    const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
    for (const font of fonts)
      families.add(`${font.familyName} (${font.isCustomFont ? 'web' : 'system'} font)`);
  }
  await session.detach();
  return [...families];
}

describe('artwork pages and the logo use the self-hosted typeface and read on a phone (issue 13 item 17)', () => {
  const artworkPaths = ['/abouttemp', '/custom-page-1', '/custom-page-2'];

  it('the logo wordmark is drawn in Inter, loaded from this site', async () => {
    const { page, context } = await openPage(browser, baseUrl, desktop);
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url());
    });
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsDrawnFor(page, '.site-header .logo-wordmark')).toEqual(['Inter (web font)']);
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(baseUrl).origin);
    await context.close();
  });

  for (const path of artworkPaths) {
    it(`${path}: every artwork text is drawn in Inter and is at least 12 px at 390 px, with no sideways scroll`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl, phone);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      const texts = page.locator('.artwork-image text');
      await texts.first().waitFor();
      expect(await texts.count()).toBeGreaterThan(3);
      expect(await fontsDrawnFor(page, '.artwork-image text')).toEqual(['Inter (web font)']);
      const smallest = await page.evaluate(() => {
        const sizes = [...document.querySelectorAll<SVGTextElement>('.artwork-image text')].map((text) => {
          const svg = text.ownerSVGElement;
          if (!svg) return 0;
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          return Number.parseFloat(getComputedStyle(text).fontSize) * scale;
        });
        return Math.min(...sizes);
      });
      expect(smallest).toBeGreaterThanOrEqual(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.locator('a.hotspot').first().waitFor({ state: 'attached' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the get-started screen shows real state (issue 13 item 17)', () => {
  it('a new investor is not called VERIFIED before any identity check; the demo member is', async () => {
    const { page, context } = await openPage(browser, baseUrl, desktop);
    await signUpInvestor(context, baseUrl, { email: `fresh-${Date.now()}@example.com` });
    await page.goto('/get-started');
    const card = page.locator('.member-card');
    await card.getByText(/^NOT YET VERIFIED \| MEMBER SINCE \d{4}$/).waitFor();
    await expect(card.getByText(/^VERIFIED/).count()).resolves.toBe(0);
    await context.close();

    const demo = await openPage(browser, baseUrl, desktop);
    await signInAsDemoInvestor(demo.context, baseUrl);
    await demo.page.goto('/account-overview');
    await demo.page
      .locator('.profile-meta')
      .getByText(/^VERIFIED \| MEMBER SINCE \d{4}$/)
      .waitFor();
    await demo.context.close();
  });

  it('a returning member is welcomed back', async () => {
    const demo = await openPage(browser, baseUrl, desktop);
    // The demo member has signed in before (seeded as a two-year member): a return.
    await signInAsDemoInvestor(demo.context, baseUrl);
    await demo.page.goto('/account-overview');
    await demo.page.getByRole('heading', { level: 1, name: /^Welcome back, / }).waitFor();
    await demo.context.close();
  });
});
