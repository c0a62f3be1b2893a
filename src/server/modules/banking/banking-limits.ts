import type { RateLimitRule } from '../../security/rate-limiter';

/**
 * Limits on what checks a secret or reaches a provider, per investor. Generous for a person,
 * tight for a script: identity checks cost money at a KYC vendor and reveal whether an
 * SSN matches a name.
 */
export const bankingLimits = {
  identityChecks: { name: 'kyc:investor', limit: 5, windowSeconds: 3600 },
  /** Re-reading a pending verification: cheaper than a check, still a vendor call. */
  identityRechecks: { name: 'kyc-recheck:investor', limit: 20, windowSeconds: 3600 },
  linkSessions: { name: 'bank-link:investor', limit: 20, windowSeconds: 3600 },
  linkExchanges: { name: 'bank-exchange:investor', limit: 20, windowSeconds: 3600 },
  microDepositChecks: { name: 'micro-deposits:investor', limit: 10, windowSeconds: 3600 },
  verificationRefreshes: { name: 'bank-refresh:investor', limit: 30, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

export const tooManyAttempts = 'Too many attempts.';
