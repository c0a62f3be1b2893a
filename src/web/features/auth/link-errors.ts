import type { ConfirmLinkError } from '../../../shared/auth/contracts';

/** What /signup?error=... says (the spec's magic-link messages). */
export const linkErrorMessages: Record<ConfirmLinkError, string> = {
  expired: 'Magic link has expired. Please request a new one.',
  invalid_link: 'Failed to verify magic link',
  auth_failed: 'Authentication failed',
};

export function linkErrorMessage(value: string | null): string | null {
  if (value === 'expired' || value === 'invalid_link' || value === 'auth_failed')
    return linkErrorMessages[value];
  return null;
}
