/**
 * Draws the installable app's PNG icons (decision 1971) from the logo mark with headless
 * Chromium and writes them to src/web/public/icons/ (committed; run again after a logo change:
 * `npx tsx scripts/generate-icons.ts`). The "any" icons are the rounded mark; the maskable one
 * fills the square with the brand colour and keeps the line inside the central 80% safe zone,
 * as launchers crop maskable icons to their own shape.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/support/browser';

const brand = '#0b5f54';
const line = (scale: number, offset: number) =>
  `<path d="M${7 * scale + offset} ${21 * scale + offset}c${4 * scale} 0 ${5 * scale}-${10 * scale} ${9 * scale}-${10 * scale}s${5 * scale} ${6 * scale} ${9 * scale} ${6 * scale}" fill="none" stroke="#fff" stroke-width="${3 * scale}" stroke-linecap="round"/>`;

const icons = [
  {
    file: 'icon-192.png',
    size: 192,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${brand}"/>${line(1, 0)}</svg>`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${brand}"/>${line(1, 0)}</svg>`,
  },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    // The mark at 70% of the square, centred: inside the 80% circle every launcher keeps.
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/>${line(0.7, 4.8)}</svg>`,
  },
];

const browser = await launchBrowser();
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(join('src', 'web', 'public', 'icons', icon.file), png);
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`wrote ${icons.map((icon) => icon.file).join(', ')}`);
