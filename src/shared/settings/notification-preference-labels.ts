/**
 * The notification kinds and channels, their labels and messages, without zod (the schemas are in notification-preferences.ts), for the settings page's read-only code (decision 1411).
 */

export const notificationKinds = [
  'investment_purchase',
  'interest_payment',
  'withdrawal_confirmation',
  'account_verification',
  'monthly_statement',
  'marketing',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['email', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type PreferenceKey = `${NotificationKind}_${NotificationChannel}`;

export const notificationKindLabels: Record<NotificationKind, { title: string; description: string }> = {
  investment_purchase: {
    title: 'Investment purchases',
    description: 'Confirmation when you buy a note, and reminders before a High-Yield note matures.',
  },
  interest_payment: {
    title: 'Interest payments',
    description: 'When interest is paid to your bank or credited to a note.',
  },
  withdrawal_confirmation: {
    title: 'Withdrawals',
    description: 'When a withdrawal is requested and when it is paid.',
  },
  account_verification: {
    title: 'Account verification',
    description: 'Identity and bank account verification updates.',
  },
  monthly_statement: {
    title: 'Monthly statements',
    description: 'When your statement for the month is ready under Documents.',
  },
  marketing: {
    title: 'News and offers',
    description: 'New plans, product news and occasional offers.',
  },
};

export const preferenceMessages = {
  saved: 'Notification preferences saved successfully',
  failed: 'Failed to save preferences',
  smsNeedsVerifiedPhone: 'Verify your phone number to turn on text message notifications.',
  /** Shown beside the marketing SMS toggle: the consent it records (TCPA). */
  marketingSmsConsent: (brandName: string) =>
    `By turning on marketing texts you agree to receive recurring automated marketing text messages from ${brandName} at your verified number. Consent is not a condition of any purchase. Message and data rates may apply. Reply STOP to opt out.`,
} as const;

/** The spec's success banner hides after 3 s (spec 4). */
export const SAVED_BANNER_MILLISECONDS = 3000;

export function preferenceKey(kind: NotificationKind, channel: NotificationChannel): PreferenceKey {
  return `${kind}_${channel}`;
}
