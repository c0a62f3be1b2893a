import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, callFunction } from './api-client';
import { RESEND_FAILED_MESSAGE, SEND_FAILED_MESSAGE, startSignUp } from './start-sign-up';

/** A proxy or crashed server in front of the API: a plain-text 5xx, not the platform's JSON. */
function plainTextFailure(status = 500, statusText = 'Internal Server Error'): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(statusText, { status, statusText, headers: { 'content-type': 'text/plain' } }),
    ),
  );
}

async function failureOf(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the request did not fail');
}

afterEach(() => vi.unstubAllGlobals());

describe('a non-JSON 5xx shows the spec’s fallback message (issue 13 item 16)', () => {
  it('loading the account overview says "Failed to load account data"', async () => {
    plainTextFailure();
    const error = await failureOf(() => apiRequest('/api/portal/overview'));
    expect(error.status).toBe(500);
    expect(error.message).toBe('Failed to load account data');
  });

  it('auth-start says "Failed to send magic link"', async () => {
    plainTextFailure(502, 'Bad Gateway');
    const error = await failureOf(() => callFunction('auth-start', { email: 'ada@example.com' }));
    expect(error.message).toBe('Failed to send magic link');
  });

  it('the sign-up form’s send and resend show their own messages', async () => {
    plainTextFailure();
    await expect(startSignUp('ada@example.com')).rejects.toThrow(SEND_FAILED_MESSAGE);
    await expect(startSignUp('ada@example.com', { fallbackMessage: RESEND_FAILED_MESSAGE })).rejects.toThrow(
      RESEND_FAILED_MESSAGE,
    );
  });

  it('a server function with no message of its own throws the spec’s "Edge function {name} failed: {status text}" (issue 24 item 23)', async () => {
    plainTextFailure(502, 'Bad Gateway');
    const error = await failureOf(() => callFunction('onboard-resume', { user_id: 'u' }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Edge function onboard-resume failed: Bad Gateway');
  });

  it('a request the spec does not name gets a plain sentence, never the status text', async () => {
    plainTextFailure();
    const error = await failureOf(() => apiRequest('/api/transfers'));
    expect(error.message).not.toMatch(/Internal Server Error/i);
    expect(error.message).toBe('Something went wrong. Please try again.');
  });

  it('a JSON 5xx also gets the request’s message; a 4xx keeps the server’s own text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    expect((await failureOf(() => apiRequest('/api/settings'))).message).toBe('Failed to load settings');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'too_small', message: 'Minimum purchase amount is $5,000' } }),
            {
              status: 400,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    const refusal = await failureOf(() => apiRequest('/api/purchases', { method: 'POST', body: {} }));
    expect(refusal.message).toBe('Minimum purchase amount is $5,000');
    expect(refusal.code).toBe('too_small');
  });
});
