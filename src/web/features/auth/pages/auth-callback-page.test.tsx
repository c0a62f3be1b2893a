// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthCallbackPage } from './auth-callback-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/auth-callback with hash tokens (decision 1861, issue 24 item 23)', () => {
  it('refuses them with the spec’s message and takes them out of the address bar and history', async () => {
    const requests = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', requests);
    window.history.replaceState(
      null,
      '',
      '/auth-callback?redirect=%2Fsettings#access_token=abc&refresh_token=def',
    );
    render(
      <MemoryRouter initialEntries={['/auth-callback?redirect=%2Fsettings']}>
        <AuthCallbackPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Invalid authentication tokens')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'AUTHENTICATION ERROR' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/auth-callback?redirect=%2Fsettings');
    expect(requests).not.toHaveBeenCalled();
  });
});
