import { describe, expect, it } from 'vitest';
import { type AccountState, guardRedirect, nextScreen, signedInDestination } from './next-screen';

const emailOnly: AccountState = {
  emailVerified: true,
  phoneVerified: false,
  passwordSet: false,
  status: 'pending',
  hasVerifiedBankAccount: false,
};
const phoneDone: AccountState = { ...emailOnly, phoneVerified: true };
const active: AccountState = { ...phoneDone, passwordSet: true, status: 'active' };
const banked: AccountState = { ...active, hasVerifiedBankAccount: true };

describe('the state -> route table (PRODUCT.md 5)', () => {
  it.each([
    ['e-mail verified, phone not verified', emailOnly, '/signup/phone'],
    ['phone verified, no password', phoneDone, '/signup/password'],
    ['active, no verified bank account', active, '/get-started'],
    ['active, verified bank account', banked, '/account-overview'],
    ['suspended', { ...banked, status: 'suspended' as const }, '/login'],
    ['closed', { ...banked, status: 'closed' as const }, '/login'],
  ])('%s -> %s', (_label, state, expected) => {
    expect(nextScreen(state)).toBe(expected);
  });

  it('sends a just-set password to the welcome screen', () => {
    expect(nextScreen(active, { passwordJustSet: true })).toBe('/dashboard');
  });

  it('keeps the onboarding order even when a later flag is set out of order', () => {
    expect(nextScreen({ ...emailOnly, passwordSet: true })).toBe('/signup/phone');
    expect(nextScreen({ ...phoneDone, passwordSet: true, status: 'pending' })).toBe('/signup/password');
  });
});

describe('guards without a session (the spec rules)', () => {
  it.each([
    ['signup-phone', '/signup/phone', '/signup'],
    ['signup-password', '/signup/password', '/'],
    ['dashboard', '/dashboard', '/login'],
    ['verify-email', '/verify-email', '/get-started'],
    ['get-started', '/get-started', '/login?next=%2Fget-started'],
    ['portal', '/transfer?tab=history', '/login?next=%2Ftransfer%3Ftab%3Dhistory'],
  ] as const)('%s (%s) -> %s', (page, path, expected) => {
    expect(guardRedirect(page, null, path)).toBe(expected);
  });

  it('lets visitors use the sign-in pages', () => {
    expect(guardRedirect('sign-in', null, '/login')).toBeNull();
  });
});

describe('guards with a session', () => {
  it('/signup/phone admits only the phone step', () => {
    expect(guardRedirect('signup-phone', emailOnly, '/signup/phone')).toBeNull();
    expect(guardRedirect('signup-phone', phoneDone, '/signup/phone')).toBe('/signup/password');
    expect(guardRedirect('signup-phone', active, '/signup/phone')).toBe('/get-started');
  });

  it('/signup/password: phone first, and an already set password goes to /dashboard', () => {
    expect(guardRedirect('signup-password', emailOnly, '/signup/password')).toBe('/signup/phone');
    expect(guardRedirect('signup-password', phoneDone, '/signup/password')).toBeNull();
    expect(guardRedirect('signup-password', active, '/signup/password')).toBe('/dashboard');
    expect(guardRedirect('signup-password', { ...phoneDone, emailVerified: false }, '/signup/password')).toBe(
      '/',
    );
  });

  it('/dashboard: phone not verified -> /signup/phone, not active -> /signup/password', () => {
    expect(guardRedirect('dashboard', emailOnly, '/dashboard')).toBe('/signup/phone');
    expect(guardRedirect('dashboard', phoneDone, '/dashboard')).toBe('/signup/password');
    expect(guardRedirect('dashboard', active, '/dashboard')).toBeNull();
  });

  it('/verify-email always lets a signed-in visitor through (it resumes by itself)', () => {
    expect(guardRedirect('verify-email', emailOnly, '/verify-email')).toBeNull();
    expect(guardRedirect('verify-email', banked, '/verify-email')).toBeNull();
  });

  it('portal pages and /get-started need a finished onboarding', () => {
    expect(guardRedirect('portal', emailOnly, '/transfer')).toBe('/signup/phone');
    expect(guardRedirect('get-started', phoneDone, '/get-started')).toBe('/signup/password');
    expect(guardRedirect('portal', active, '/transfer')).toBeNull();
    expect(guardRedirect('get-started', banked, '/get-started')).toBeNull();
  });

  it('sign-in pages send a signed-in investor on', () => {
    expect(guardRedirect('sign-in', banked, '/login')).toBe('/account-overview');
    expect(guardRedirect('sign-in', phoneDone, '/login')).toBe('/signup/password');
  });
});

describe('after sign-in', () => {
  it('returns to the page the visitor was sent away from, same-origin paths only', () => {
    expect(signedInDestination(banked, '/transfer')).toBe('/transfer');
    expect(signedInDestination(banked, 'https://evil.example/steal')).toBe('/account-overview');
    expect(signedInDestination(banked, '//evil.example')).toBe('/account-overview');
    expect(signedInDestination(active, null)).toBe('/get-started');
  });

  it('finishes onboarding before honouring next', () => {
    expect(signedInDestination(emailOnly, '/transfer')).toBe('/signup/phone');
  });
});
