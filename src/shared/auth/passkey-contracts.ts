/**
 * Passkeys (issue 17 item 5, decision 1725): the WebAuthn JSON the browser library sends and
 * the passkey list. The server verifies every byte; these schemas only bound the input.
 */
import { z } from 'zod';

export { passkeyMessages, MAX_PASSKEYS_PER_USER } from './passkey-messages';

const base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);

export const passkeyRegistrationResponse = z.object({
  id: base64Url(1400),
  rawId: base64Url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64Url(4000),
    attestationObject: base64Url(20_000),
    transports: transports.optional(),
    authenticatorData: base64Url(20_000).optional(),
    publicKey: base64Url(4000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

export const passkeyAuthenticationResponse = z.object({
  id: base64Url(1400),
  rawId: base64Url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64Url(4000),
    authenticatorData: base64Url(20_000),
    signature: base64Url(2000),
    userHandle: base64Url(512).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(60, 'Use at most 60 characters.');

export const addPasskeyRequest = z.object({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponse,
});

export const passkeySignInRequest = z.object({ response: passkeyAuthenticationResponse });

export const passkeyView = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced to the investor's other devices (a "multi-device" credential). */
  is_synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

export const passkeyListResponse = z.object({ passkeys: z.array(passkeyView) });
export type PasskeyListResponse = z.infer<typeof passkeyListResponse>;

export const passkeyIdParams = z.object({ passkeyId: z.uuid() });

/** The options JSON handed to @simplewebauthn/browser as is. */
export const webAuthnOptionsResponse = z.record(z.string(), z.unknown());
