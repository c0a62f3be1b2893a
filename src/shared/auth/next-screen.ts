import { safeRedirectPath } from './safe-redirect';

/** Investor statuses of PRODUCT.md 4. */
export const investorStatuses = ['pending', 'active', 'suspended', 'closed'] as const;
export type InvestorStatus = (typeof investorStatuses)[number];

/** What the route table needs to know about a signed-in investor. */
export interface AccountState {
  emailVerified: boolean;
  phoneVerified: boolean;
  passwordSet: boolean;
  status: InvestorStatus;
  hasVerifiedBankAccount: boolean;
}

export type OnboardingScreen =
  | '/login'
  | '/signup'
  | '/signup/phone'
  | '/signup/password'
  | '/dashboard'
  | '/get-started'
  | '/account-overview';

/**
 * The one state -> route table of PRODUCT.md 5, used by `onboard-resume` (`next_screen`)
 * and by every guard. `passwordJustSet` is the moment right after the password step, when
 * the welcome screen comes before the portal.
 */
export function nextScreen(
  state: AccountState,
  options: { passwordJustSet?: boolean } = {},
): OnboardingScreen {
  if (state.status === 'suspended' || state.status === 'closed') return '/login';
  if (!state.emailVerified) return '/signup';
  if (!state.phoneVerified) return '/signup/phone';
  if (!state.passwordSet || state.status !== 'active') return '/signup/password';
  if (options.passwordJustSet) return '/dashboard';
  if (!state.hasVerifiedBankAccount) return '/get-started';
  return '/account-overview';
}

/** The pages that redirect by session and state. */
export type GuardedPage =
  | 'sign-in'
  | 'signup-phone'
  | 'signup-password'
  | 'dashboard'
  | 'verify-email'
  | 'get-started'
  | 'portal';

export function loginPathFor(currentPath: string): string {
  return `/login?next=${encodeURIComponent(currentPath)}`;
}

/**
 * Where a page sends its visitor, or null when the visitor may stay. Without a session each
 * page follows the spec's own rule; with one, PRODUCT.md 5's table decides.
 */
export function guardRedirect(
  page: GuardedPage,
  state: AccountState | null,
  currentPath: string,
): string | null {
  if (!state) {
    switch (page) {
      case 'sign-in':
        return null;
      case 'signup-phone':
        return '/signup';
      case 'signup-password':
        return '/';
      case 'dashboard':
        return '/login';
      case 'verify-email':
        return '/get-started';
      case 'get-started':
      case 'portal':
        return loginPathFor(currentPath);
    }
  }
  const next = nextScreen(state);
  switch (page) {
    case 'sign-in':
      return next;
    case 'verify-email':
      return null;
    case 'signup-phone':
      return next === '/signup/phone' ? null : next;
    case 'signup-password':
      if (!state.emailVerified) return '/';
      if (next === '/signup/password') return null;
      // The spec: an investor whose password is already set goes to the welcome screen.
      return next === '/signup/phone' ? next : '/dashboard';
    case 'dashboard':
    case 'get-started':
    case 'portal':
      return next === '/signup/phone' ||
        next === '/signup/password' ||
        next === '/login' ||
        next === '/signup'
        ? next
        : null;
  }
}

/**
 * Where a fresh sign-in lands: the page the visitor was sent away from (`next`, same-origin
 * paths only) once onboarding is complete, otherwise the table's next screen.
 */
export function signedInDestination(state: AccountState, requestedNext: string | null | undefined): string {
  const next = nextScreen(state);
  const isOnboarding =
    next === '/signup/phone' || next === '/signup/password' || next === '/signup' || next === '/login';
  if (isOnboarding) return next;
  return safeRedirectPath(requestedNext, next);
}
