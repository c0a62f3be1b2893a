/**
 * Plaid's webhook verification (decision 1500): the `Plaid-Verification` header carries a JWT
 * signed with ES256 by a key Plaid publishes at /webhook_verification_key/get (asked once per
 * key id, then cached); its `request_body_sha256` must be the SHA-256 of the exact body
 * received, and its `iat` at most five minutes old. Anything else is refused before it can
 * change anything.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import type { TransferAchProvider, WebhookVerificationKey } from '../../providers/ach';

export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** Unknown key ids asked of Plaid per window: forged headers cannot make the server call Plaid without end. */
const KEY_LOOKUPS_PER_WINDOW = 20;
const KEY_LOOKUP_WINDOW_MS = 10 * 60_000;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export interface WebhookVerifier {
  /** Answers the SHA-256 of the token (the replay key) when the webhook is Plaid's; throws otherwise. */
  verify(input: { token: string | undefined; rawBody: string; now: Date }): Promise<{ tokenHash: string }>;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function isSameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function plaidWebhookVerifier(
  rail: Pick<TransferAchProvider, 'webhookVerificationKey'>,
): WebhookVerifier {
  const keys = new Map<string, WebhookVerificationKey>();
  let lookups: number[] = [];

  async function keyFor(kid: string, now: Date): Promise<WebhookVerificationKey> {
    const cached = keys.get(kid);
    if (cached) return cached;
    lookups = lookups.filter((at) => now.getTime() - at < KEY_LOOKUP_WINDOW_MS);
    if (lookups.length >= KEY_LOOKUPS_PER_WINDOW)
      throw new WebhookVerificationError('too many unknown key ids');
    lookups.push(now.getTime());
    let key: WebhookVerificationKey;
    try {
      key = await rail.webhookVerificationKey(kid);
    } catch {
      throw new WebhookVerificationError('unknown key id');
    }
    keys.set(kid, key);
    return key;
  }

  return {
    async verify({ token, rawBody, now }) {
      if (!token || token.length > 4096) throw new WebhookVerificationError('no verification header');
      let header: ReturnType<typeof decodeProtectedHeader>;
      try {
        header = decodeProtectedHeader(token);
      } catch {
        throw new WebhookVerificationError('malformed token');
      }
      if (header.alg !== 'ES256' || typeof header.kid !== 'string' || header.kid.length > 200) {
        throw new WebhookVerificationError('wrong algorithm or key id');
      }
      const key = await keyFor(header.kid, now);
      if (key.expiredAt !== null && key.expiredAt * 1000 <= now.getTime()) {
        throw new WebhookVerificationError('expired key');
      }
      let payload: Record<string, unknown>;
      try {
        const publicKey = await importJWK(
          { kty: key.kty, crv: key.crv, x: key.x, y: key.y, alg: 'ES256' } satisfies JWK,
          'ES256',
        );
        payload = (
          await jwtVerify(token, publicKey, {
            algorithms: ['ES256'],
            currentDate: now,
            maxTokenAge: WEBHOOK_MAX_AGE_SECONDS,
            clockTolerance: 5,
          })
        ).payload;
      } catch {
        throw new WebhookVerificationError('bad signature or stale token');
      }
      const claimed = payload.request_body_sha256;
      if (typeof claimed !== 'string' || !isSameHex(claimed, sha256Hex(rawBody))) {
        throw new WebhookVerificationError('body does not match');
      }
      return { tokenHash: sha256Hex(token) };
    },
  };
}
