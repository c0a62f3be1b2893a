/**
 * Request and response contracts of the sign-up and sign-in functions (spec 7, with the
 * spec's field names) and of the session API. Used by the routes and the web client alike.
 */
import { z } from 'zod';
import { investorStatuses } from './next-screen';
import { SMS_CODE_LENGTH } from './sms-code';

export const emailAddress = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** A referral code as printed on an investor's invite link. */
export const referralCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'Invalid referral code');

// ---------------------------------------------------------------- functions (POST /functions/v1/<name>)

export const authStartRequest = z.object({
  email: z.string(),
  /** Where the link leads after the session is set (same-origin path). Default /verify-email. */
  redirect_to: z.string().max(512).optional(),
  ref: z.string().max(64).optional(),
});
export type AuthStartRequest = z.infer<typeof authStartRequest>;

export const authStartResponse = z.object({
  success: z.boolean(),
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type AuthStartResponse = z.infer<typeof authStartResponse>;

/**
 * How the code a screen asks for was delivered (decision 1822): code_reused is true when no new
 * code was sent because the one sent at code_sent_at is still valid.
 */
const codeDeliveryFields = {
  code_reused: z.boolean().optional(),
  code_sent_at: z.iso.datetime().optional(),
};

export const authPhoneStartRequest = z.object({
  phone: z.string().max(40).optional(),
  /** "Resend code": send a new code even when the last one is still valid. */
  resend: z.boolean().optional(),
});
export const authPhoneStartResponse = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  /** Seconds before another code may be requested (the resend countdown). */
  retry_after_seconds: z.number().int().nonnegative().optional(),
  ...codeDeliveryFields,
});
export type AuthPhoneStartResponse = z.infer<typeof authPhoneStartResponse>;

export const authPhoneCheckRequest = z.object({
  phone: z.string().max(40).optional(),
  code: z.string().max(32),
});
export const authPhoneCheckResponse = z.object({
  ok: z.boolean(),
  approved: z.boolean(),
  error: z.string().nullable(),
});
export type AuthPhoneCheckResponse = z.infer<typeof authPhoneCheckResponse>;

export const authPasswordLoginRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(1024),
});
export const authPasswordLoginResponse = z.object({
  ok: z.boolean(),
  needs_2fa: z.boolean(),
  phone_mask: z.string().nullable(),
  error: z.string().nullable(),
  /**
   * With needs_2fa: whether a code is on its way (false when a limit or the SMS provider
   * stopped it; the screen then says so and offers a new one after retry_after_seconds).
   */
  code_sent: z.boolean().optional(),
  /** With code_sent false: why no code could be sent. */
  code_error: z.string().optional(),
  /** Seconds before another code may be requested (the resend countdown). */
  retry_after_seconds: z.number().int().nonnegative().optional(),
  ...codeDeliveryFields,
});
export type AuthPasswordLoginResponse = z.infer<typeof authPasswordLoginResponse>;

export const okResponse = z.object({ ok: z.boolean(), error: z.string().nullable() });
export type OkResponse = z.infer<typeof okResponse>;

export const userIdRequest = z.object({ user_id: z.string().max(64).optional() });

export const onboardResumeResponse = z.object({
  next_screen: z.string().nullable(),
  error: z.string().nullable(),
});
export type OnboardResumeResponse = z.infer<typeof onboardResumeResponse>;

// ---------------------------------------------------------------- session API (/api/auth/..., /api/session)

export const magicLinkTypes = ['email', 'magiclink', 'signup', 'recovery'] as const;

export const confirmLinkRequest = z.object({
  token_hash: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid_link'),
  type: z.enum(magicLinkTypes),
  /**
   * True when /auth/confirm posts by itself as the page opens: the link is then used only in
   * the browser that asked for it (PRODUCT.md 34). Omitted or false: the person pressed Continue.
   */
  auto: z.boolean().optional(),
});
export const confirmLinkErrors = ['invalid_link', 'expired', 'auth_failed'] as const;
export type ConfirmLinkError = (typeof confirmLinkErrors)[number];
/** An automatic confirmation from another browser: nothing was used, the page asks for one click. */
export const CONFIRMATION_REQUIRED = 'confirmation_required';
export const confirmLinkResponse = z.object({
  ok: z.boolean(),
  error: z.enum([...confirmLinkErrors, CONFIRMATION_REQUIRED]).nullable(),
});
export type ConfirmLinkOutcome = ConfirmLinkError | typeof CONFIRMATION_REQUIRED | null;
export type ConfirmLinkResponse = z.infer<typeof confirmLinkResponse>;

/** The signed-in investor's basics, for the header, the guards and the welcome screens. */
export const sessionInvestor = z.object({
  user_id: z.uuid(),
  investor_id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone_masked: z.string().nullable(),
  status: z.enum(investorStatuses),
  member_since_year: z.number().int(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  password_set: z.boolean(),
  has_verified_bank_account: z.boolean(),
  /** The identity check (KYC) approved the investor: what the member card's VERIFIED means. */
  identity_verified: z.boolean(),
  /** Signed in before this visit, so the portal may say "Welcome back". */
  is_returning_visitor: z.boolean(),
  next_screen: z.string(),
});
export type SessionInvestor = z.infer<typeof sessionInvestor>;

export const sessionResponse = z.object({
  authenticated: z.boolean(),
  /** A correct password was given and the SMS code is awaited. */
  pending_second_factor: z.boolean(),
  phone_mask: z.string().nullable(),
  investor: sessionInvestor.nullable(),
  /**
   * Set while the investor's taxpayer ID on file is not certified (decision 1912): every portal
   * page shows the banner from it, with no request of its own (issue 29's request budget).
   */
  tin_certification_needed: z.object({ rate: z.string(), grace_until: z.string().nullable() }).nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const setPasswordRequest = z.object({
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024),
});
export const setPasswordResponse = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  next_screen: z.string().nullable(),
});
export type SetPasswordResponse = z.infer<typeof setPasswordResponse>;

export const passwordResetRequest = z.object({ email: z.string() });

export const stepUpStartRequest = z.object({
  /** "Resend code": send a new code even when the last one is still valid. */
  resend: z.boolean().optional(),
});
export const stepUpStartResponse = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  phone_mask: z.string().nullable(),
  retry_after_seconds: z.number().int().nonnegative().optional(),
  ...codeDeliveryFields,
});
export type StepUpStartResponse = z.infer<typeof stepUpStartResponse>;

export const stepUpVerifyRequest = z.object({ code: z.string().max(32) });

export const demoLoginResponse = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  admin_hint: z.object({ email: z.string(), password: z.string(), url: z.string() }).nullable(),
  next_screen: z.string().nullable(),
});
export type DemoLoginResponse = z.infer<typeof demoLoginResponse>;

export const codeShape = z.string().regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'Invalid code');
