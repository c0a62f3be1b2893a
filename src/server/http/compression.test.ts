/**
 * What a phone receives (issue 29 goal 2, decision 1970): the headers and the bytes of built
 * files, pages and JSON answers. The web root is made the way the build makes it (the build's own
 * precompression step over a hashed script, a stylesheet, a font, the service worker and the
 * manifest); every compressed answer is decompressed and compared with the file or the plain
 * answer.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/web-build-extras';
import { signUpInvestor } from '../test-support/investor-auth';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { chooseEncoding } from './compress-answers';

const THRESHOLD = 256;

/** A script of the size and repetitiveness of a real chunk (about 40 kB). */
function scriptText(): string {
  const lines: string[] = [];
  for (let index = 0; index < 600; index += 1) {
    lines.push(`export function formatLine${index}(value){return value.toFixed(2)+" in line ${index}";}`);
  }
  return lines.join('\n');
}

function makeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'compression-web-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, '.vite'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html><head><meta name="app-config" content="__APP_CONFIG__"><title>Steadyline</title></head><body><div id="root"></div>${'<!-- padding so the page is over the threshold -->'.repeat(20)}<script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`,
  );
  writeFileSync(join(root, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), scriptText());
  writeFileSync(join(root, 'assets', 'index-Ef56Gh78.css'), `.a{color:red}\n`.repeat(400));
  // A font is compressed already: it gets no siblings and goes out as it is.
  writeFileSync(
    join(root, 'assets', 'inter-latin-wght-normal-Xy12.woff2'),
    Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
  );
  writeFileSync(join(root, 'sw.js'), `self.addEventListener("fetch",()=>{});\n${'// worker\n'.repeat(200)}`);
  writeFileSync(
    join(root, 'manifest.webmanifest'),
    JSON.stringify({
      name: 'Steadyline',
      icons: Array.from({ length: 30 }, (_, i) => ({ src: `/i${i}.png` })),
    }),
  );
  precompress(root);
  return root;
}

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

function varies(response: LightMyRequestResponse): boolean {
  return String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((value) => value.trim())
    .includes('accept-encoding');
}

describe('compressed and cacheable answers', () => {
  let testApp: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = makeWebRoot();
    testApp = await createTestApp({
      env: { COMPRESSION_THRESHOLD_BYTES: String(THRESHOLD) },
      build: { webRoot },
    });
  });

  afterAll(async () => {
    await testApp?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a hashed script as brotli, gzip or plain by Accept-Encoding, immutable for a year', async () => {
    const file = readFileSync(join(webRoot, 'assets', 'index-Ab12Cd34.js'));
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(response)).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decoded(response).equals(file)).toBe(true);
      if (expected) {
        const sibling = readFileSync(
          join(webRoot, 'assets', `index-Ab12Cd34.js.${expected === 'br' ? 'br' : 'gz'}`),
        );
        expect(response.rawPayload.equals(sibling)).toBe(true);
        expect(response.rawPayload.length).toBeLessThan(file.length / 3);
      }
    }
  });

  it('sends a stylesheet compressed and a font as it is', async () => {
    const css = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-Ef56Gh78.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(decoded(css).equals(readFileSync(join(webRoot, 'assets', 'index-Ef56Gh78.css')))).toBe(true);

    const font = await testApp.app.inject({
      method: 'GET',
      url: '/assets/inter-latin-wght-normal-Xy12.woff2',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      font.rawPayload.equals(readFileSync(join(webRoot, 'assets', 'inter-latin-wght-normal-Xy12.woff2'))),
    ).toBe(true);
  });

  it('revalidates the files that keep their name across releases (service worker, manifest)', async () => {
    for (const [url, type] of [
      ['/sw.js', /javascript/],
      ['/manifest.webmanifest', /manifest\+json/],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(type);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(decoded(response).equals(readFileSync(join(webRoot, url.slice(1))))).toBe(true);
    }
  });

  it('sends files the page loads the resource policy without document-only headers, and the worker the page policy (decision 1975)', async () => {
    for (const url of [
      '/assets/index-Ab12Cd34.js',
      '/assets/index-Ef56Gh78.css',
      '/assets/inter-latin-wght-normal-Xy12.woff2',
      '/manifest.webmanifest',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['x-xss-protection'], url).toBeUndefined();
    }
    // The worker's own fetches are governed by its script's policy: it keeps the page's.
    for (const headers of [{}, { 'service-worker': 'script' }]) {
      const worker = await testApp.app.inject({ method: 'GET', url: '/sw.js', headers });
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(String(worker.headers['content-security-policy'])).toContain("connect-src 'self'");
      expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
    }
    const page = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    // What a page's policy costs each of its files, on the wire: the header block shrank.
    const script = await testApp.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    const headerBytes = (response: LightMyRequestResponse) =>
      Object.entries(response.headers).reduce(
        (sum, [name, value]) => sum + name.length + String(value).length + 4,
        0,
      );
    expect(headerBytes(script)).toBeLessThan(headerBytes(page) - 300);
  });

  it('compresses a page over the threshold and keeps it no-cache', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/account-overview' });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/account-overview',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(varies(response)).toBe(true);
    expect(decoded(response).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("says which variant a page's HTML is, for the service worker's copy (decision 1974)", async () => {
    const investor = await signUpInvestor(testApp, { email: 'variant@example.com' });
    const variantOf = async (url: string, cookie?: string) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.headers['content-type']).toMatch(/text\/html/);
      return { variant: response.headers['x-page-variant'], html: response.body };
    };
    // The same for every visitor: the landing page (its catalogue preload) and a page without preloads.
    expect((await variantOf('/')).variant).toBe('any');
    expect((await variantOf('/', investor.cookie)).variant).toBe('any');
    expect((await variantOf('/faq')).variant).toBe('any');
    const signedOut = await variantOf('/account-overview');
    expect(signedOut.variant).toBe('signed-out');
    expect(signedOut.html).not.toContain('/api/session');
    const signedIn = await variantOf('/account-overview', investor.cookie);
    expect(signedIn.variant).toBe('signed-in');
    expect(signedIn.html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/session">',
    );
    // An investor's cookie is not an admin's: the dashboard's HTML names nothing to fetch.
    expect((await variantOf('/admin/dashboard', investor.cookie)).variant).toBe('signed-out');
  });

  it('compresses a private JSON answer over the threshold and keeps it no-store', async () => {
    const investor = await signUpInvestor(testApp, { email: 'compressed@example.com' });
    const plain = await testApp.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: investor.cookie },
    });
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(THRESHOLD);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/session',
        headers: { cookie: investor.cookie, 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers['cache-control'])).toContain('no-store');
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(varies(response)).toBe(true);
      expect(JSON.parse(decoded(response).toString())).toEqual(plain.json());
    }
  });

  it('sends a JSON answer under the threshold as it is', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.length).toBeLessThan(THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
