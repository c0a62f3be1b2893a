/**
 * Passkey messages and limits without zod (the schemas are in passkey-contracts.ts), for the web app's read-only code (decision 1411).
 */

export const passkeyMessages = {
  signInFailed: 'That passkey could not be verified. Try again or sign in with your password.',
  registrationFailed: 'The passkey could not be added. Try again.',
  notFound: 'That passkey was not found.',
  added: 'Passkey added. You can now sign in with it.',
  removed: 'Passkey removed.',
  maxReached: 'You can have at most 10 passkeys. Remove one first.',
} as const;

export const MAX_PASSKEYS_PER_USER = 10;
