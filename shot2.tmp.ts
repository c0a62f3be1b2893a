import { chromium } from 'playwright-core';
import { signInAsDemoInvestor } from './e2e/support/investor-session';
import { signInAsDemoAdmin } from './e2e/support/admin-sign-in';
const base = 'http://localhost:4999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 390]) {
  const visitor = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  const v = await visitor.newPage(); const errors: string[] = [];
  v.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await v.goto('/'); await v.locator('.plan-rate-value').first().waitFor();
  await v.screenshot({ path: `/tmp/shots/fresh-landing-${width}.png` });
  const inv = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  await signInAsDemoInvestor(inv, base);
  const p = await inv.newPage(); p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await p.goto('/account-overview'); await p.locator('.balance-card .balance-value').waitFor();
  await p.screenshot({ path: `/tmp/shots/fresh-overview-${width}.png` });
  const admin = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  const a = await admin.newPage(); a.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await signInAsDemoAdmin(a);
  await a.goto('/admin/tax'); await a.getByRole('heading', { name: 'Tax forms' }).waitFor(); await a.waitForTimeout(2500);
  await a.screenshot({ path: `/tmp/shots/fresh-tax-${width}.png`, fullPage: true });
  console.log(width, 'console errors:', errors);
  await visitor.close(); await inv.close(); await admin.close();
  if (width === 1280) await new Promise((r) => setTimeout(r, 31_000)); // the next admin sign-in needs a new TOTP window
}
await browser.close();
