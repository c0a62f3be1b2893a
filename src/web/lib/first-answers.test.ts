// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { FIRST_ANSWERS_ELEMENT_ID } from '../../shared/pages/server-rendering';
import { dropFirstAnswers, hasFirstAnswer, keepFirstAnswers } from './first-answers';

/** A page the server rendered, carrying the answers it was drawn from (decision 1985). */
function renderedPage(answers: unknown): Document {
  const page = document.implementation.createHTMLDocument('rendered');
  const data = page.createElement('script');
  data.type = 'application/json';
  data.id = FIRST_ANSWERS_ELEMENT_ID;
  data.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  page.body.append(data);
  return page;
}

const network = vi.fn(
  async (url: string) => new Response(JSON.stringify({ from: 'network', url }), { status: 200 }),
);

afterEach(() => {
  dropFirstAnswers();
  network.mockClear();
  vi.unstubAllGlobals();
});

describe('the answers a server-rendered page was drawn from', () => {
  it("answer the page's first read of each URL, once; later reads ask the network", async () => {
    vi.stubGlobal('fetch', network);
    keepFirstAnswers(
      renderedPage([
        { url: '/api/session', status: 200, body: '{"authenticated":true}' },
        {
          url: '/api/portal/overview',
          status: 401,
          body: '{"error":{"code":"unauthorised","message":"Sign in again"}}',
        },
      ]),
    );
    expect(await apiRequest('/api/session')).toEqual({ authenticated: true });
    expect(network).not.toHaveBeenCalled();
    // A kept failure fails the read as the server's answer would have.
    const failure = await apiRequest('/api/portal/overview').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Sign in again');
    expect(await apiRequest('/api/session')).toEqual({ from: 'network', url: '/api/session' });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never answer a write, and are dropped once the page has been taken over', async () => {
    vi.stubGlobal('fetch', network);
    keepFirstAnswers(renderedPage([{ url: '/api/transfers', status: 200, body: '{"kept":true}' }]));
    expect(await apiRequest('/api/transfers', { method: 'POST', body: { amount: '1.00' } })).toEqual({
      from: 'network',
      url: '/api/transfers',
    });
    expect(hasFirstAnswer('/api/transfers')).toBe(true);
    dropFirstAnswers();
    expect(hasFirstAnswer('/api/transfers')).toBe(false);
    expect(await apiRequest('/api/transfers')).toEqual({ from: 'network', url: '/api/transfers' });
  });

  it('are ignored when unreadable or malformed: the page asks the network', async () => {
    vi.stubGlobal('fetch', network);
    keepFirstAnswers(renderedPage('{not json'));
    keepFirstAnswers(renderedPage([{ url: '/api/session', status: '200', body: {} }, null, 'text']));
    keepFirstAnswers(document.implementation.createHTMLDocument('plain'));
    expect(hasFirstAnswer('/api/session')).toBe(false);
    expect(await apiRequest('/api/session')).toEqual({ from: 'network', url: '/api/session' });
  });
});
