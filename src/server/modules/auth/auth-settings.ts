/**
 * Every cookie name, lifetime and limit of investor sign-in, in one place. Each value comes
 * from src/server/config.ts (environment variable in brackets); the defaults are the
 * figures listed in the README.
 */
import type { AppConfig } from '../../config';
import type { RateLimitRule } from '../../security/rate-limiter';

export interface AuthLimits {
  /** Magic links (sign-up, sign-in, password reset) sent to one address. */
  magicLinkPerEmail: RateLimitRule;
  /** Magic links requested from one client IP. */
  magicLinkPerIp: RateLimitRule;
  /**
   * SMS codes sent to one phone number for a signed-in investor (phone verification, step-ups,
   * a new number). A code that is entered is given back: the limit counts codes nobody used.
   */
  smsPerPhone: RateLimitRule;
  /** Sign-in codes (after a password, the SMS tab) to one number: a budget step-ups never touch. */
  signInSmsPerPhone: RateLimitRule;
  /** SMS codes requested from one client IP. */
  smsPerIp: RateLimitRule;
  /** Wrong passwords for one e-mail address (known or not); passing it locks sign-in with a retry-after. */
  passwordFailuresPerAccount: RateLimitRule;
  /** Password sign-in attempts from one client IP. */
  passwordPerIp: RateLimitRule;
  /** SMS code checks from one client IP (on top of the per-code attempt limit). */
  codeChecksPerIp: RateLimitRule;
  /** Magic-link confirmations from one client IP. */
  linkConfirmsPerIp: RateLimitRule;
  /** Passkey sign-in and registration attempts from one client IP. */
  passkeyPerIp: RateLimitRule;
}

export interface AuthSettings {
  /** The investor session cookie: http-only, SameSite=Lax, Secure and __Host- prefixed in production. */
  cookieName: string;
  cookieSecure: boolean;
  /** The cookie naming the browser that asked for a magic link (PRODUCT.md 34); same flags. */
  linkBrowserCookieName: string;
  /** A session unused for this long ends (SESSION_IDLE_MINUTES, default 30 min). */
  sessionIdleSeconds: number;
  /** A session ends this long after sign-in whatever its use (SESSION_ABSOLUTE_HOURS, default 12 h). */
  sessionAbsoluteSeconds: number;
  /** How long a correct password waits for its SMS code (= the code's lifetime). */
  secondFactorSessionSeconds: number;
  /** last_seen_at is written at most this often, so reads do not each cost a write. */
  sessionTouchIntervalSeconds: number;
  /** Magic-link lifetime (MAGIC_LINK_TTL_MINUTES, default 15 min). */
  magicLinkTtlSeconds: number;
  /** SMS code lifetime (SMS_CODE_TTL_MINUTES, default 10 min). */
  smsCodeTtlSeconds: number;
  /** Wrong tries after which a code dies (SMS_CODE_MAX_ATTEMPTS, default 5). */
  smsCodeMaxAttempts: number;
  /** Wait between two codes to one number (SMS_RESEND_SECONDS, default 60 s). */
  smsResendWaitSeconds: number;
  /** How recent a step-up code must be for sensitive actions (STEP_UP_MAX_AGE_MINUTES, default 5 min). */
  stepUpMaxAgeSeconds: number;
  limits: AuthLimits;
}

const unitSeconds = { s: 1, m: 60, h: 3600 } as const;

/** "5/1h" -> 5 per 3600 s, multiplied by RATE_LIMIT_MULTIPLIER (raised for load tests only). */
export function parseRateLimit(name: string, spec: string, multiplier = 1): RateLimitRule {
  const match = /^(\d+)\/(\d+)([smh])$/.exec(spec);
  if (!match) throw new Error(`Invalid rate limit for ${name}: ${spec}`);
  const [, count, amount, unit] = match;
  return {
    name,
    limit: Number(count) * multiplier,
    windowSeconds: Number(amount) * unitSeconds[unit as keyof typeof unitSeconds],
  };
}

export function authSettings(config: AppConfig): AuthSettings {
  const multiplier = config.RATE_LIMIT_MULTIPLIER;
  const rule = (name: string, spec: string) => parseRateLimit(name, spec, multiplier);
  return {
    cookieName: config.isProduction ? '__Host-sl_session' : 'sl_session',
    cookieSecure: config.isProduction,
    linkBrowserCookieName: config.isProduction ? '__Host-sl_link_browser' : 'sl_link_browser',
    sessionIdleSeconds: config.SESSION_IDLE_MINUTES * 60,
    sessionAbsoluteSeconds: config.SESSION_ABSOLUTE_HOURS * 3600,
    secondFactorSessionSeconds: config.SMS_CODE_TTL_MINUTES * 60,
    sessionTouchIntervalSeconds: 60,
    magicLinkTtlSeconds: config.MAGIC_LINK_TTL_MINUTES * 60,
    smsCodeTtlSeconds: config.SMS_CODE_TTL_MINUTES * 60,
    smsCodeMaxAttempts: config.SMS_CODE_MAX_ATTEMPTS,
    smsResendWaitSeconds: config.SMS_RESEND_SECONDS,
    stepUpMaxAgeSeconds: config.STEP_UP_MAX_AGE_MINUTES * 60,
    limits: {
      magicLinkPerEmail: rule('auth:magic-link:email', config.AUTH_LIMIT_MAGIC_LINK_PER_EMAIL),
      magicLinkPerIp: rule('auth:magic-link:ip', config.AUTH_LIMIT_MAGIC_LINK_PER_IP),
      smsPerPhone: rule('auth:sms:phone', config.AUTH_LIMIT_SMS_PER_PHONE),
      signInSmsPerPhone: rule('auth:sms-sign-in:phone', config.AUTH_LIMIT_SIGN_IN_SMS_PER_PHONE),
      smsPerIp: rule('auth:sms:ip', config.AUTH_LIMIT_SMS_PER_IP),
      passwordFailuresPerAccount: rule(
        'auth:password-failures:account',
        config.AUTH_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT,
      ),
      passwordPerIp: rule('auth:password:ip', config.AUTH_LIMIT_PASSWORD_PER_IP),
      codeChecksPerIp: rule('auth:code-check:ip', config.AUTH_LIMIT_CODE_CHECKS_PER_IP),
      linkConfirmsPerIp: rule('auth:link-confirm:ip', config.AUTH_LIMIT_LINK_CONFIRMS_PER_IP),
      passkeyPerIp: rule('auth:passkey:ip', config.AUTH_LIMIT_PASSKEY_PER_IP),
    },
  };
}
