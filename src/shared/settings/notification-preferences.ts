/**
 * Notification preferences (spec 3, decision 1720): six kinds, each on e-mail and SMS. Marketing is off by
 * default; SMS needs a verified phone (spec 5), and marketing SMS records the TCPA consent.
 */
import { z } from 'zod';
import {
  notificationChannels,
  notificationKinds,
  type PreferenceKey,
  preferenceKey,
} from './notification-preference-labels';

export {
  notificationKinds,
  notificationChannels,
  notificationKindLabels,
  preferenceMessages,
  SAVED_BANNER_MILLISECONDS,
  preferenceKey,
} from './notification-preference-labels';
export type { NotificationKind, NotificationChannel, PreferenceKey } from './notification-preference-labels';

const flags = Object.fromEntries(
  notificationKinds.flatMap((kind) =>
    notificationChannels.map((channel) => [preferenceKey(kind, channel), z.boolean()]),
  ),
) as Record<PreferenceKey, z.ZodBoolean>;

/** The twelve switches, as the PUT body and inside the settings answer. */
export const notificationPreferenceFlags = z.strictObject(flags);
export type NotificationPreferenceFlags = z.infer<typeof notificationPreferenceFlags>;

export const notificationPreferencesView = notificationPreferenceFlags.extend({
  updated_at: z.string().nullable(),
  marketing_sms_consent_at: z.string().nullable(),
});
export type NotificationPreferencesView = z.infer<typeof notificationPreferencesView>;

export const defaultNotificationPreferences: NotificationPreferenceFlags = {
  investment_purchase_email: true,
  investment_purchase_sms: false,
  interest_payment_email: true,
  interest_payment_sms: false,
  withdrawal_confirmation_email: true,
  withdrawal_confirmation_sms: false,
  account_verification_email: true,
  account_verification_sms: false,
  monthly_statement_email: true,
  monthly_statement_sms: false,
  marketing_email: false,
  marketing_sms: false,
};

export function hasAnySmsEnabled(flags: NotificationPreferenceFlags): boolean {
  return notificationKinds.some((kind) => flags[preferenceKey(kind, 'sms')]);
}
