import { z } from 'zod';
import { adminLoginSuccess } from './auth-contracts';
import type { AdminRole } from './permissions';

/** Issue 16.1: TOTP is required for these roles (they enrol at their next sign-in) and optional for support. */
export const rolesRequiringTwoFactor: readonly AdminRole[] = ['super_admin', 'operations'];

export function isTwoFactorRequired(role: AdminRole): boolean {
  return rolesRequiringTwoFactor.includes(role);
}

export const RECOVERY_CODE_COUNT = 10;

export const twoFactorMessages = {
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  challengeEnded: 'This sign-in has expired. Enter your email and password again.',
  enrolmentEnded: 'This setup has expired. Start again.',
  tooManyCodes: 'Too many wrong codes.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  requiredForRole: 'Your role requires two-factor authentication, so it cannot be turned off.',
} as const;

/** Six digits from the authenticator app, or a recovery code (ten letters and digits, a dash optional). */
export const secondFactorCode = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(20)
  .transform((value) => value.replaceAll(/[\s-]/g, '').toLowerCase())
  .refine((value) => /^\d{6}$/.test(value) || /^[a-z2-7]{10}$/.test(value), {
    message: 'Enter the 6-digit code or a recovery code',
  });

/** A right password for an account with (or needing) two-factor: the next step, not yet a session. */
export const adminLoginSecondFactor = z.object({
  success: z.literal(true),
  second_factor: z.enum(['verify', 'enrol']),
  challenge: z.string(),
});
export type AdminLoginSecondFactor = z.infer<typeof adminLoginSecondFactor>;

export const adminLoginAnswer = z.union([adminLoginSuccess, adminLoginSecondFactor]);
export type AdminLoginAnswer = z.infer<typeof adminLoginAnswer>;

const challengeToken = z.string().min(1).max(200);
const enrolmentToken = z.string().min(1).max(600);

export const secondFactorRequest = z.object({ challenge: challengeToken, code: secondFactorCode });

export const enrolmentStartRequest = z.object({ challenge: challengeToken });

/** What the enrolment screen shows: the QR code (a PNG data URL), the secret to type instead, and a sealed token. */
export const enrolmentStartResponse = z.object({
  enrolment: z.string(),
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string(),
});
export type EnrolmentStart = z.infer<typeof enrolmentStartResponse>;

export const enrolmentConfirmRequest = z.object({
  challenge: challengeToken,
  enrolment: enrolmentToken,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
});

/** Signed in, with the recovery codes shown this once. */
export const enrolmentConfirmResponse = adminLoginSuccess.extend({
  recovery_codes: z.array(z.string()),
});
export type EnrolmentConfirm = z.infer<typeof enrolmentConfirmResponse>;

/** The signed-in admin's own two-factor state (the account page). */
export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** When two-factor was turned on (ISO), or null. */
  enabled_at: z.string().nullable(),
  /** Live sessions of this admin other than the one asking. */
  other_sessions: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

export const accountEnrolmentConfirmRequest = z.object({
  enrolment: enrolmentToken,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
});
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

/** Turning two-factor off: a code from the app or an unused recovery code (the phone may be gone). */
export const disableTwoFactorRequest = z.object({ code: secondFactorCode });

/** New recovery codes: only a current code from the app proves the phone is at hand. */
export const regenerateRecoveryCodesRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
});

/** Signing out of every other session of the signed-in admin. */
export const otherSessionsEndedResponse = z.object({ sessions_ended: z.number().int() });
