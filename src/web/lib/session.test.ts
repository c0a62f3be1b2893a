import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('investor logout (issue 24 item 23)', () => {
  it('logs a failed logout call, as the spec says, and still signs out here', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/functions/v1/auth-logout') {
          return new Response('upstream down', { status: 502, statusText: 'Bad Gateway' });
        }
        throw new Error(`unexpected request ${url}`);
      }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(signOut()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(1);
    const [text, error] = logged.mock.calls[0]!;
    expect(text).toBe('Logout failed');
    expect((error as Error).message).toBe('Edge function auth-logout failed: Bad Gateway');
  });
});
