import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiReader, loadPageRenderer, type PageRenderRequest } from './page-renderer';

/*
 * The host of the server renderer (decision 1985), driven with small renderer scripts written
 * here: what each render can reach, what it returns, and when it is refused. The real renderer
 * (the web app) is exercised by the browser tests (e2e/server-rendered-pages.e2e.ts).
 */
const directory = mkdtempSync(join(tmpdir(), 'page-renderer-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let scripts = 0;
function rendererFrom(source: string) {
  scripts += 1;
  const file = join(directory, `renderer-${scripts}.js`);
  writeFileSync(file, source);
  const failures: unknown[] = [];
  const renderer = loadPageRenderer(file, (error) => failures.push(error));
  if (!renderer) throw new Error('no renderer');
  return { renderer, failures };
}

const noApi: ApiReader = async (url) => ({
  status: 404,
  body: `{"missing":"${url}"}`,
  contentType: 'application/json',
});

function request(overrides: Partial<PageRenderRequest> = {}): PageRenderRequest {
  return {
    url: '/account-overview?from=x',
    origin: 'https://app.example',
    config: { brandName: 'Steadyline' },
    readApi: noApi,
    ...overrides,
  };
}

describe('the page renderer host', () => {
  it('is absent when no renderer was built', () => {
    expect(loadPageRenderer(null, () => undefined)).toBeNull();
    expect(loadPageRenderer(join(directory, 'none.js'), () => undefined)).toBeNull();
  });

  it("runs each render in a context of its own: one render's state never reaches the next", async () => {
    const { renderer } = rendererFrom(`
      var visits = (globalThis.visits || 0) + 1;
      globalThis.visits = visits;
      globalThis.renderPage = async (url) => url + ' visit ' + visits + ' of ' + steadylineServerRender.origin;
    `);
    const first = await renderer.render(request());
    const second = await renderer.render(request({ url: '/transfer', origin: 'https://other.example' }));
    expect(first?.html).toBe('/account-overview?from=x visit 1 of https://app.example');
    expect(second?.html).toBe('/transfer visit 1 of https://other.example');
  });

  it("reads the app's API through the reader it is given, and returns every answer with the page", async () => {
    const asked: string[] = [];
    const { renderer } = rendererFrom(`
      globalThis.renderPage = async () => {
        const session = await fetch('/api/session', { headers: { accept: 'application/json' } });
        const missing = await fetch('/api/nothing');
        return 'signed in: ' + (await session.json()).authenticated + ', then ' + missing.status;
      };
    `);
    const page = await renderer.render(
      request({
        readApi: async (url) => {
          asked.push(url);
          return url === '/api/session'
            ? { status: 200, body: '{"authenticated":true}', contentType: 'application/json' }
            : noApi(url);
        },
      }),
    );
    expect(asked).toEqual(['/api/session', '/api/nothing']);
    expect(page).toEqual({
      html: 'signed in: true, then 404',
      answers: [
        { url: '/api/session', status: 200, body: '{"authenticated":true}' },
        { url: '/api/nothing', status: 404, body: '{"missing":"/api/nothing"}' },
      ],
    });
  });

  it('refuses a render that writes, or reads anything but its own API', async () => {
    const asked: string[] = [];
    const readApi: ApiReader = async (url) => {
      asked.push(url);
      return noApi(url);
    };
    const writes = rendererFrom(
      `globalThis.renderPage = async () => { await fetch('/api/transfers', { method: 'POST' }); return 'x'; };`,
    );
    expect(await writes.renderer.render(request({ readApi }))).toBeNull();
    expect(String(writes.failures[0])).toContain('POST /api/transfers');
    const leaves = rendererFrom(
      `globalThis.renderPage = async () => { await fetch('https://evil.example/'); return 'x'; };`,
    );
    expect(await leaves.renderer.render(request({ readApi }))).toBeNull();
    expect(asked).toEqual([]);
  });

  it("has none of Node's globals, so the app's code cannot come to rely on them", async () => {
    const { renderer } = rendererFrom(`
      globalThis.renderPage = async () =>
        [typeof process, typeof require, typeof Buffer, typeof globalThis.global].join(',');
    `);
    expect((await renderer.render(request()))?.html).toBe('undefined,undefined,undefined,undefined');
  });

  it('refuses a render that warns or reports an error on the console (a redirect the server cannot follow)', async () => {
    const { renderer, failures } = rendererFrom(`
      globalThis.renderPage = async () => { console.warn('<Navigate> must not be used on the initial render'); return 'x'; };
    `);
    expect(await renderer.render(request())).toBeNull();
    expect(String(failures[0])).toContain('<Navigate>');
  });

  it('refuses a render that throws, and one that has no renderPage', async () => {
    const throws = rendererFrom(
      `globalThis.renderPage = async () => { throw new Error('window is not defined'); };`,
    );
    expect(await throws.renderer.render(request())).toBeNull();
    expect(String(throws.failures[0])).toContain('window is not defined');
    const empty = rendererFrom('var nothing = 1;');
    expect(await empty.renderer.render(request())).toBeNull();
    expect(String(empty.failures[0])).toContain('no renderPage');
  });

  it('renders at most the set number of pages at once: a page beyond them goes out at once, for the browser', async () => {
    const { renderer, failures } = rendererFrom(
      'globalThis.renderPage = (url) => new Promise((resolve) => setTimeout(() => resolve(url), 400));',
    );
    const slow = [1, 2, 3, 4].map((index) => renderer.render(request({ url: `/page-${index}` })));
    const started = Date.now();
    expect(await renderer.render(request({ url: '/page-5' }))).toBeNull();
    expect(Date.now() - started).toBeLessThan(300);
    expect((await Promise.all(slow)).map((page) => page?.html)).toEqual([
      '/page-1',
      '/page-2',
      '/page-3',
      '/page-4',
    ]);
    // Turned away, not failed; and once the others are done, the next page is rendered again.
    expect(failures).toEqual([]);
    expect((await renderer.render(request({ url: '/page-6' })))?.html).toBe('/page-6');
  });

  it('abandons a render that takes too long', async () => {
    const { renderer, failures } = rendererFrom(
      'globalThis.renderPage = () => new Promise((resolve) => setTimeout(() => resolve("late"), 60000));',
    );
    const started = Date.now();
    expect(await renderer.render(request())).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(String(failures[0])).toContain('took longer');
  });
});
