import { describe, expect, it } from 'vitest';
import { isStaticFileRequest } from './app';

describe('the flood guard lets the build’s static files through, and nothing else', () => {
  it('knows the hashed assets, the icons, the worker, the manifest and the offline page', () => {
    for (const url of [
      '/assets/index-DzUmU1S2.js',
      '/assets/portal-BQ1x.css?v=1',
      '/icons/icon-192.png',
      '/sw.js',
      '/manifest.webmanifest',
      '/offline.html',
      '/offline.js',
      '/favicon.svg',
      '/logo-mark.svg',
    ]) {
      expect(isStaticFileRequest('GET', url), url).toBe(true);
    }
    expect(isStaticFileRequest('HEAD', '/sw.js')).toBe(true);
  });

  it('counts every API call, page, write and path trick', () => {
    for (const [method, url] of [
      ['GET', '/api/products'],
      ['GET', '/account-overview'],
      ['GET', '/'],
      ['GET', '/assets/../api/products'],
      ['GET', '/assets/nested/dir.js'],
      ['GET', '/functions/v1/calculate-daily-interest'],
      ['POST', '/assets/index-DzUmU1S2.js'],
      ['GET', '/sw.js/../api/products'],
    ] as const) {
      expect(isStaticFileRequest(method, url), `${method} ${url}`).toBe(false);
    }
  });
});
