import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthRequestError,
  checkPhoneCode,
  confirmMagicLink,
  loginWithPassword,
  sendPhoneCode,
} from './auth-api';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the auth client shows the spec’s messages', () => {
  it('says Network error. Please try again. when the request never arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(sendPhoneCode('+16175550142')).rejects.toThrow('Network error. Please try again.');
  });

  it('falls back to Failed to send code, Failed to resend code and Login failed', async () => {
    vi.stubGlobal('fetch', answer(500, undefined));
    await expect(sendPhoneCode('+16175550142')).rejects.toThrow('Failed to send code');
    await expect(sendPhoneCode(null, { fallback: 'Failed to resend code' })).rejects.toThrow(
      'Failed to resend code',
    );
    await expect(loginWithPassword('a@b.example', 'x')).rejects.toThrow('Login failed');
  });

  it('shows the server’s own text and keeps its wait for the countdown', async () => {
    vi.stubGlobal(
      'fetch',
      answer(429, {
        ok: false,
        error: 'Please wait before requesting another code. Try again in 40 seconds.',
        retry_after_seconds: 40,
      }),
    );
    const failure = await sendPhoneCode('+16175550142').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthRequestError);
    expect((failure as AuthRequestError).message).toBe(
      'Please wait before requesting another code. Try again in 40 seconds.',
    );
    expect((failure as AuthRequestError).retryAfterSeconds).toBe(40);
  });

  it('says Invalid code when a check is not approved', async () => {
    vi.stubGlobal('fetch', answer(400, { ok: false, approved: false, error: null }));
    await expect(checkPhoneCode(null, '123456')).rejects.toThrow('Invalid code');
  });

  it('reads the reason a magic link failed, and auth_failed when it cannot tell', async () => {
    vi.stubGlobal('fetch', answer(400, { ok: false, error: 'expired' }));
    await expect(confirmMagicLink('t', 'email', { auto: false })).resolves.toBe('expired');
    vi.stubGlobal('fetch', answer(502, undefined));
    await expect(confirmMagicLink('t', 'email', { auto: false })).resolves.toBe('auth_failed');
    vi.stubGlobal('fetch', answer(200, { ok: true, error: null }));
    await expect(confirmMagicLink('t', 'email', { auto: false })).resolves.toBeNull();
    vi.stubGlobal('fetch', answer(200, { ok: false, error: 'confirmation_required' }));
    await expect(confirmMagicLink('t', 'email', { auto: true })).resolves.toBe('confirmation_required');
  });
});
