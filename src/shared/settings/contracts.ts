/**
 * Contracts of /settings (spec 2, 3 and 8): the one settings query (the spec's
 * get_investor_settings result, for the signed-in investor only), the name edit, the
 * notification preferences and the e-mail and phone changes (PRODUCT.md 8).
 */
import { z } from 'zod';
import { investorStatuses } from '../auth/next-screen';
import { bankAccountView, identityStatusResponse } from '../banking/contracts';
import { notificationPreferencesView } from './notification-preferences';
import { taxInformationView } from './tax-information';

export { settingsMessages } from './settings-messages';

export const investorSettings = z.object({
  investor_id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  email_verified: z.boolean(),
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  status: z.enum(investorStatuses),
  member_since_year: z.number().int(),
  /** The primary account first, then a replacement awaiting verification. Retired accounts are not listed. */
  bank_accounts: z.array(bankAccountView),
  notification_preferences: notificationPreferencesView,
  identity: identityStatusResponse,
  /** The tax record (Tax information section); null until the investor gives one. */
  tax_information: taxInformationView.nullable(),
  /** An e-mail change waiting for its confirmation link. */
  pending_email: z.string().nullable(),
});
export type InvestorSettings = z.infer<typeof investorSettings>;

export const profileResponse = z.object({
  first_name: z.string(),
  last_name: z.string(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export const emailChangeStartRequest = z.object({ email: z.string().max(254) });
export const emailChangeStartResponse = z.object({ ok: z.boolean(), pending_email: z.string() });
export type EmailChangeStartResponse = z.infer<typeof emailChangeStartResponse>;

export const emailChangeConfirmRequest = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const emailChangeConfirmResponse = z.object({ ok: z.boolean(), email: z.string() });
export type EmailChangeConfirmResponse = z.infer<typeof emailChangeConfirmResponse>;

export const phoneChangeStartRequest = z.object({ phone: z.string().max(40) });
export const phoneChangeStartResponse = z.object({
  ok: z.boolean(),
  phone: z.string(),
  retry_after_seconds: z.number().int().nonnegative(),
});
export type PhoneChangeStartResponse = z.infer<typeof phoneChangeStartResponse>;

export const phoneChangeVerifyRequest = z.object({ phone: z.string().max(40), code: z.string().max(32) });
export const phoneChangeVerifyResponse = z.object({ ok: z.boolean(), phone: z.string() });
export type PhoneChangeVerifyResponse = z.infer<typeof phoneChangeVerifyResponse>;
