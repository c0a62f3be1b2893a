// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthPasswordLoginResponse } from '../../../../shared/auth/contracts';
import { refreshSession } from '../../../lib/session';
import { LoginPage } from './login-page';

const signedOut = { authenticated: false, pending_second_factor: false, phone_mask: null, investor: null };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The login page against a server whose password sign-in answers `login`. */
async function signInWith(login: AuthPasswordLoginResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/session') return json(signedOut);
      if (url === '/functions/v1/auth-password-login') return json(login);
      return json({ ok: false, error: 'unexpected request' }, 500);
    }),
  );
  await refreshSession();
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Analytical-Engine-1843' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Check your phone' })).toBeTruthy());
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the code step of password sign-in (issue 13: never claim a code that was not sent)', () => {
  it('says the code was sent when it was, with the server’s resend wait', async () => {
    await signInWith({
      ok: true,
      needs_2fa: true,
      phone_mask: '***-***-0111',
      error: null,
      code_sent: true,
      retry_after_seconds: 60,
    });
    expect(screen.getByText(/We sent a 6-digit code to/)).toBeTruthy();
    expect(await screen.findByText(/^(1:00|0:59)$/)).toBeTruthy();
  });

  it('says no code could be sent yet, and when one can be requested, when none was', async () => {
    await signInWith({
      ok: true,
      needs_2fa: true,
      phone_mask: '***-***-0111',
      error: null,
      code_sent: false,
      retry_after_seconds: 45,
    });
    expect(screen.queryByText(/We sent/)).toBeNull();
    expect(screen.getByText('We could not send a code just now.')).toBeTruthy();
    expect(screen.getByText(/when the countdown below ends/)).toBeTruthy();
    expect(await screen.findByText(/^0:4[45]$/)).toBeTruthy();
  });

  it('says why no code could be sent, beside the field, and offers the magic link instead', async () => {
    const reason =
      'For your security, we send only a few sign-in codes to one phone each hour, and this phone has had them.';
    await signInWith({
      ok: true,
      needs_2fa: true,
      phone_mask: '***-***-0111',
      error: null,
      code_sent: false,
      code_error: reason,
      retry_after_seconds: 2352,
    });
    expect(await screen.findByText(/^39:1[12]$/)).toBeTruthy();
    expect(screen.getByText(reason).getAttribute('role')).toBe('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send magic link' })).toBeTruthy());
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('says when a code still valid was sent instead of claiming a new one', async () => {
    await signInWith({
      ok: true,
      needs_2fa: true,
      phone_mask: '***-***-0111',
      error: null,
      code_sent: true,
      code_reused: true,
      code_sent_at: '2026-03-10T15:05:00Z',
      retry_after_seconds: 0,
    });
    expect(screen.getByText(/It is still valid, so we did not send another\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });
});
