import { isIP } from 'node:net';
import { z } from 'zod';
import { isValidTimeZone } from '../shared/dates/business-time';
import { DEFAULT_BRAND_NAME } from '../shared/brand';
import { compareMoney, toMoneyString } from '../shared/money/decimal-string';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

function isAddressRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For hops to believe (decision 1820): none, the last N (the proxies in front
 * of the app), or those sent by the balancer's own address ranges. `true` would believe every
 * hop, so a client could name its own address and walk past every per-IP limit: refused.
 */
const trustProxy = z
  .string()
  .trim()
  .refine((value) => !/^(true|yes)$/.test(value), {
    message:
      'true would trust every X-Forwarded-For hop, so a client could choose the address the rate limits see; set the number of proxies in front of the app (usually 1) or their address ranges, such as 10.0.0.0/8',
    abort: true,
  })
  .refine(
    (value) =>
      /^(false|no|0|[1-9])$/.test(value) || value.split(',').every((range) => isAddressRange(range.trim())),
    'must be false, the number of proxies in front of the app (1 to 9), or their addresses or ranges, comma-separated, such as 10.0.0.0/8,fd00::/8',
  )
  .transform((value): false | number | string[] => {
    if (/^(false|no|0)$/.test(value)) return false;
    if (/^[1-9]$/.test(value)) return Number(value);
    return value.split(',').map((range) => range.trim());
  });

/** A rate limit written as "count/window": 5/1h, 30/15m, 10/90s. */
const rateLimitSpec = z
  .string()
  .regex(
    /^[1-9]\d{0,6}\/[1-9]\d{0,5}[smh]$/,
    'must look like 5/1h (a count, a slash, a window in s, m or h)',
  );

/** A dollar amount such as 250000 or 250000.00, above zero and below the numeric(14,2) ceiling. */
const moneyLimit = z
  .string()
  .regex(/^(?!0+(\.0{1,2})?$)\d{1,12}(\.\d{1,2})?$/, 'must be a dollar amount above zero, such as 250000.00')
  .transform((value) => toMoneyString(value));

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DEMO_MODE: booleanFlag.optional(),
    BUSINESS_TZ: z
      .string()
      .default('America/New_York')
      .refine(isValidTimeZone, 'must be an IANA time zone such as America/New_York'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    EMAIL_FROM: z.string().min(3).optional(),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    TWILIO_FROM: z
      .string()
      .regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number')
      .optional(),
    PLAID_CLIENT_ID: z.string().min(1).optional(),
    PLAID_SECRET: z.string().min(1).optional(),
    PLAID_ENV: z.enum(['sandbox', 'development', 'production']).optional(),
    /** Plaid Identity Verification template; with PLAID_* set, identity checks go to Plaid. */
    PLAID_IDV_TEMPLATE_ID: z
      .string()
      .regex(/^idvtmp_[A-Za-z0-9]+$/, 'must be a Plaid template id such as idvtmp_52xR9LKo77r1Np')
      .optional(),
    FIELD_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$|^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes as 64 hex digits or base64')
      .optional(),
    BRAND_NAME: z.string().min(1).default(DEFAULT_BRAND_NAME),
    SUPPORT_EMAIL: z.email().default('support@steadyline.example'),
    COMPANY_POSTAL_ADDRESS: z
      .string()
      .min(5)
      .default('Steadyline Notes LLC, 100 Harbor Street, Suite 400, Boston, MA 02210'),
    /** The payer's EIN printed on 1099-INT forms. */
    PAYER_TIN: z
      .string()
      .regex(/^\d{2}-\d{7}$/, 'must be an EIN such as 12-3456789')
      .optional(),
    /** The IRS FIRE Transmitter Control Code: needed to produce the 1099-INT information return file. */
    IRS_TCC: z
      .string()
      .regex(/^[A-Z0-9]{5}$/, 'must be the 5-character Transmitter Control Code')
      .optional(),
    IRS_CONTACT_NAME: z.string().min(1).max(40).optional(),
    IRS_CONTACT_PHONE: z
      .string()
      .regex(/^\d{10,15}$/, 'must be 10 to 15 digits')
      .optional(),
    SCHEDULER_ENABLED: booleanFlag.optional(),
    /** The bearer token a Prometheus scraper sends to GET /metrics; without it there is no endpoint. */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    RATE_LIMIT_MULTIPLIER: positiveInt.default(1),
    CAMPAIGN_MESSAGES_PER_SECOND: z.coerce.number().min(0).default(20),
    JOB_HISTORY_RETENTION_DAYS: positiveInt.default(90),
    /** Where the `backup` job writes backups (decision 1880); without it the job refuses to run. */
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_RETENTION_DAYS: positiveInt.default(14),
    ACH_SETTLEMENT_BUSINESS_DAYS: z.coerce.number().int().min(0).max(10).default(1),
    /** The ACH rail (decision 1500): Plaid Transfer when PLAID_* is set, unless set to sandbox. */
    ACH_PROVIDER: z.enum(['sandbox', 'plaid']).optional(),
    ACH_INVESTOR_DAILY_LIMIT: moneyLimit.default('1000000.00'),
    ACH_INVESTOR_MONTHLY_LIMIT: moneyLimit.default('3000000.00'),
    /** Staff are alerted when an offering has sold this percent of its 12-month cap (decision 1931). */
    OFFERING_CAP_ALERT_PERCENT: z.coerce.number().int().min(1).max(100).default(90),
    // Investor sign-in (src/server/modules/auth/auth-settings.ts). Limits read "count/window", e.g. 5/1h.
    SESSION_IDLE_MINUTES: positiveInt.default(30),
    SESSION_ABSOLUTE_HOURS: positiveInt.default(12),
    MAGIC_LINK_TTL_MINUTES: positiveInt.max(60).default(15),
    SMS_CODE_TTL_MINUTES: positiveInt.max(30).default(10),
    SMS_CODE_MAX_ATTEMPTS: positiveInt.max(10).default(5),
    SMS_RESEND_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
    STEP_UP_MAX_AGE_MINUTES: positiveInt.max(60).default(5),
    AUTH_LIMIT_MAGIC_LINK_PER_EMAIL: rateLimitSpec.default('5/1h'),
    AUTH_LIMIT_MAGIC_LINK_PER_IP: rateLimitSpec.default('20/1h'),
    AUTH_LIMIT_SMS_PER_PHONE: rateLimitSpec.default('5/1h'),
    AUTH_LIMIT_SIGN_IN_SMS_PER_PHONE: rateLimitSpec.default('5/1h'),
    AUTH_LIMIT_SMS_PER_IP: rateLimitSpec.default('20/1h'),
    AUTH_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT: rateLimitSpec.default('5/15m'),
    AUTH_LIMIT_PASSWORD_PER_IP: rateLimitSpec.default('30/15m'),
    AUTH_LIMIT_CODE_CHECKS_PER_IP: rateLimitSpec.default('30/15m'),
    AUTH_LIMIT_LINK_CONFIRMS_PER_IP: rateLimitSpec.default('30/15m'),
    AUTH_LIMIT_PASSKEY_PER_IP: rateLimitSpec.default('30/15m'),
    /** The WebAuthn relying party (decision 1725): a domain, by default APP_URL's host. */
    WEBAUTHN_RP_ID: z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
        'must be a domain such as steadyline.example',
      )
      .optional(),
    /** Origins passkeys may be used from, comma-separated; by default APP_URL's origin. */
    WEBAUTHN_ORIGINS: z
      .string()
      .refine(
        (value) => value.split(',').every((origin) => /^https?:\/\/[^/\s]+$/.test(origin.trim())),
        'must be origins such as https://steadyline.example, comma-separated',
      )
      .optional(),
  })
  .superRefine((value, context) => {
    const twilio = [value.TWILIO_ACCOUNT_SID, value.TWILIO_AUTH_TOKEN, value.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together',
      });
    }
    const plaid = [value.PLAID_CLIENT_ID, value.PLAID_SECRET, value.PLAID_ENV];
    if (plaid.some(Boolean) && !plaid.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['PLAID_CLIENT_ID'],
        message: 'PLAID_CLIENT_ID, PLAID_SECRET and PLAID_ENV must be set together',
      });
    }
    if (value.PLAID_IDV_TEMPLATE_ID && !value.PLAID_CLIENT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['PLAID_IDV_TEMPLATE_ID'],
        message: 'needs PLAID_CLIENT_ID, PLAID_SECRET and PLAID_ENV',
      });
    }
    if (value.ACH_PROVIDER === 'plaid' && !plaid.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['ACH_PROVIDER'],
        message: 'plaid needs PLAID_CLIENT_ID, PLAID_SECRET and PLAID_ENV',
      });
    }
    if (compareMoney(value.ACH_INVESTOR_MONTHLY_LIMIT, value.ACH_INVESTOR_DAILY_LIMIT) < 0) {
      context.addIssue({
        code: 'custom',
        path: ['ACH_INVESTOR_MONTHLY_LIMIT'],
        message: 'must not be below ACH_INVESTOR_DAILY_LIMIT',
      });
    }
    if (value.NODE_ENV === 'production') {
      if (!value.FIELD_ENCRYPTION_KEY) {
        context.addIssue({
          code: 'custom',
          path: ['FIELD_ENCRYPTION_KEY'],
          message: 'is required in production',
        });
      }
      if (!value.APP_URL) {
        context.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production' });
      }
    }
  });

export type RawConfig = z.output<typeof configSchema>;

export interface AppConfig extends RawConfig {
  /** The interface to listen on: HOST, else loopback outside production (decision 1320). */
  HOST: string;
  isProduction: boolean;
  isDemoMode: boolean;
  isSchedulerEnabled: boolean;
  /** The ACH rail in use: ACH_PROVIDER, else Plaid Transfer when PLAID_* is set, else the sandbox. */
  achProvider: 'sandbox' | 'plaid';
  appUrl: string;
  /** The WebAuthn relying party ID and the origins passkeys are accepted from (decision 1725). */
  webAuthn: { rpId: string; origins: string[] };
  emailFrom: string;
  /** 32-byte key for AES-256-GCM field encryption. */
  fieldEncryptionKey: Buffer;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A fixed development key so demo data stays readable across restarts; production must set its own. */
const DEVELOPMENT_FIELD_KEY = '5f1c0e6a7d2b4c8e9a3f6b1d0c7e2a4f8b3d6e9c1a5f7b2d4e8c0a6f3b9d1e7c';

function decodeKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const value = parsed.data;
  const isProduction = value.NODE_ENV === 'production';
  const appUrl = (value.APP_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, '');
  // Demo data (with its published passwords) only when asked for, or on the embedded database
  // that nobody else shares (PRODUCT.md 35); a server given a real database is never a demo by default.
  const isDemoMode = !isProduction && (value.DEMO_MODE ?? !value.DATABASE_URL);
  return {
    ...value,
    // Outside production the dev outbox shows every sign-in code and link: keep it on this machine.
    HOST: value.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    isProduction,
    isDemoMode,
    isSchedulerEnabled: value.SCHEDULER_ENABLED ?? value.NODE_ENV !== 'test',
    achProvider: value.ACH_PROVIDER ?? (value.PLAID_CLIENT_ID ? 'plaid' : 'sandbox'),
    appUrl,
    webAuthn: {
      rpId: value.WEBAUTHN_RP_ID ?? new URL(appUrl).hostname,
      origins: value.WEBAUTHN_ORIGINS
        ? value.WEBAUTHN_ORIGINS.split(',').map((origin) => origin.trim())
        : [new URL(appUrl).origin],
    },
    emailFrom:
      value.EMAIL_FROM ??
      `${value.BRAND_NAME} <no-reply@${new URL(appUrl).hostname.replace(/^localhost$/, 'steadyline.example')}>`,
    fieldEncryptionKey: decodeKey(value.FIELD_ENCRYPTION_KEY ?? DEVELOPMENT_FIELD_KEY),
  };
}
