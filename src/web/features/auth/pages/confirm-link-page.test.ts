import { describe, expect, it } from 'vitest';
import { confirmedTarget } from './confirm-link-page';

describe('where a confirmed magic link goes (spec 2)', () => {
  it('adds session_set=true to redirect_to', () => {
    expect(confirmedTarget('/verify-email')).toBe('/verify-email?session_set=true');
    expect(confirmedTarget('/reset-password?x=1')).toBe('/reset-password?x=1&session_set=true');
  });

  it('defaults to /auth-callback, which gets no session_set', () => {
    expect(confirmedTarget(null)).toBe('/auth-callback');
    expect(confirmedTarget('/auth-callback?redirect=%2Ftransfer')).toBe(
      '/auth-callback?redirect=%2Ftransfer',
    );
  });

  it('never leaves the site', () => {
    expect(confirmedTarget('https://evil.example/')).toBe('/auth-callback');
    expect(confirmedTarget('//evil.example/')).toBe('/auth-callback');
  });
});
