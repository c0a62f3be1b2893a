/**
 * Takes full-page screenshots of app pages at 1280 px and 390 px with Debian's Chromium.
 * Usage: npx tsx scripts/screenshots.ts --base http://127.0.0.1:3000 [--out screenshots] /path /other
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/support/browser';

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = args[index + 1] ?? fallback;
  args.splice(index, 2);
  return value;
}
const base = option('base', 'http://127.0.0.1:3000');
const out = option('out', 'screenshots');
const cookie = option('cookie', '');
const paths = args.length > 0 ? args : ['/'];
mkdirSync(out, { recursive: true });

const browser = await launchBrowser();
for (const width of [1280, 390]) {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    baseURL: base,
  });
  if (cookie) {
    const [name, ...rest] = cookie.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: base }]);
  }
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const file = join(out, `${path.replace(/^\//, '').replace(/[/?#=&]+/g, '_') || 'home'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
