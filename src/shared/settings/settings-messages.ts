/**
 * Messages of /settings without zod (the schemas are in contracts.ts), for the web app's read-only code (decision 1411).
 */

export const settingsMessages = {
  unableToLoad: 'Unable to load settings',
  failedToLoad: 'Failed to load settings',
  failedToUpdateProfile: 'Failed to update profile',
  profileSaved: 'Your name was updated.',
  emailInUse: 'This e-mail address is already used by another account.',
  emailUnchanged: 'This is already your e-mail address.',
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Open it to finish the change.`,
  emailChangeLinkInvalid: 'This confirmation link is invalid or has expired. Please request a new one.',
  emailChanged: 'Your e-mail address was changed.',
  phoneUnchanged: 'This is already your phone number.',
  phoneChanged: 'Your phone number was changed and verified.',
} as const;
