/**
 * Which pages the server renders and what it sends (decision 1985), through the real server,
 * sessions and API, with a small renderer written here in place of the web app's bundle (the
 * browser tests run the real one: e2e/server-rendered-pages.e2e.ts). The renderer reads the
 * session as the app does and writes the investor's e-mail and a figure with a dollar sign.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInvestor } from '../test-support/investor-auth';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { renderedHtml } from './web-app';

const directory = mkdtempSync(join(tmpdir(), 'rendered-pages-'));
const webRoot = join(directory, 'web');
const rendererFile = join(directory, 'page-renderer.js');

/** Reads the session like the app; a signed-in page shows whose it is. An answer may end a script element. */
const rendererSource = `
globalThis.renderPage = async (url) => {
  const path = url.split('?')[0];
  if (path === '/') {
    const products = await fetch('/api/products');
    return '<link rel="preload" as="image" href="/logo-mark.svg"/><h1>Plans: ' + (await products.json()).products.length + ' at $5,000 and up ($\\' $& $1)</h1>';
  }
  const session = await (await fetch(path.startsWith('/admin') ? '/api/admin/session' : '/api/session')).json();
  return '<main>' + (session.investor ? session.investor.email : 'nobody') + ' has $1,000.00</main>';
};`;

let testApp: TestApp;

beforeAll(async () => {
  mkdirSync(join(webRoot, '.vite'), { recursive: true });
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="app-config" content="__APP_CONFIG__"><title>Steadyline</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>',
  );
  writeFileSync(join(webRoot, '.vite', 'manifest.json'), '{}');
  writeFileSync(rendererFile, rendererSource);
  testApp = await createTestApp({ build: { webRoot, pageRendererFile: rendererFile } });
});

afterAll(async () => {
  await testApp?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function page(url: string, cookie?: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  return {
    variant: response.headers['x-page-variant'],
    cacheControl: response.headers['cache-control'],
    html: response.body,
  };
}

describe('pages rendered on the server', () => {
  it('renders the landing page for everyone, with the answers it read, and keeps it cacheable', async () => {
    const landing = await page('/');
    expect(landing.variant).toBe('rendered');
    expect(landing.cacheControl).toBe('no-cache');
    // A dollar sign in the page is text, never a replacement pattern.
    expect(landing.html).toContain(
      `<div id="root" inert data-rendered><h1>Plans: 5 at $5,000 and up ($' $& $1)</h1></div>`,
    );
    // React's resource hints go to the head; the answers follow the root as JSON data.
    expect(landing.html).toContain('<link rel="preload" as="image" href="/logo-mark.svg"/></head>');
    expect(landing.html).toMatch(
      /<script type="application\/json" id="first-answers">\[\{"url":"\/api\/products","status":200,"body":"\{\\"products\\":/,
    );
  });

  it("renders a signed-in page with the visitor's own data and never lets it be stored", async () => {
    const first = await signUpInvestor(testApp, { email: 'rendered-first@example.com' });
    const second = await signUpInvestor(testApp, { email: 'rendered-second@example.com' });
    const [mine, theirs] = await Promise.all([
      page('/account-overview', first.cookie),
      page('/account-overview', second.cookie),
    ]);
    expect(mine.variant).toBe('rendered');
    expect(mine.cacheControl).toBe('no-store');
    expect(mine.html).toContain('<main>rendered-first@example.com has $1,000.00</main>');
    expect(mine.html).not.toContain('rendered-second@example.com');
    expect(theirs.html).toContain('<main>rendered-second@example.com has $1,000.00</main>');
    expect(theirs.html).not.toContain('rendered-first@example.com');
  });

  it('does not render a signed-in page without a session, for a session that has ended, or another page', async () => {
    const withoutCookie = await page('/account-overview');
    expect(withoutCookie.variant).toBe('signed-out');
    expect(withoutCookie.html).toContain('<div id="root"></div>');
    const ended = await page('/account-overview', 'sl_session=ended-or-never-was');
    expect(ended.variant).toBe('signed-in');
    expect(ended.html).toContain('<div id="root"></div>');
    // An investor's cookie is not an admin's: the dashboard is not rendered.
    const investor = await signUpInvestor(testApp, { email: 'rendered-not-admin@example.com' });
    expect((await page('/admin/dashboard', investor.cookie)).html).toContain('<div id="root"></div>');
    // Pages outside the shared route table are rendered in the browser, as before.
    expect((await page('/faq', investor.cookie)).html).toContain('<div id="root"></div>');
    expect((await page('/login')).html).toContain('<div id="root"></div>');
  });
});

describe('the rendered HTML', () => {
  it('escapes every < in the answers, so no answer can end the data element or open a script', () => {
    const html = renderedHtml(
      '<html><head></head><body><div id="root"></div></body></html>',
      {
        files: { scripts: ['assets/portal-1.js'], styles: ['assets/portal-1.css'] },
        data: ['/api/x', '/api/y'],
      },
      {
        html: '<p>ok</p>',
        answers: [{ url: '/api/x', status: 200, body: '{"name":"</script><script>alert(1)</script>"}' }],
      },
    );
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    const data = /<script type="application\/json" id="first-answers">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual([
      { url: '/api/x', status: 200, body: '{"name":"</script><script>alert(1)</script>"}' },
    ]);
    // The route's code and styles are named; only the data the render did not read is preloaded.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/portal-1.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/portal-1.js">');
    expect(
      [...html.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map((match) => match[1]),
    ).toEqual(['/api/y']);
  });
});
