/**
 * Plaid's webhook verification (decision 1500): the `Plaid-Verification` header carries a JWT
 * signed with ES256 by a key Plaid publishes at /webhook_verification_key/get (asked once per
 * key id, then cached); its `request_body_sha256` must be the SHA-256 of the exact body
 * received, and its `iat` at most five minutes old. Anything else is refused before it can
 * change anything.
 *
 * Lookups are limited per key id, never in all (decision 1801): an unknown key id is asked of
 * Plaid at most once a minute, and a caller whose verifications keep failing asks for none
 * (webhook-service.ts), so forged key ids can neither make the server call Plaid without end
 * nor use up a budget that a genuine webhook signed with Plaid's next key needs. A known key
 * verifies without any limit.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import type { TransferAchProvider, WebhookVerificationKey } from '../../providers/ach';

export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** How long a key id Plaid did not know is not asked again. */
export const KEY_LOOKUP_INTERVAL_MS = 60_000;
/** Key ids remembered as recently asked; the oldest is forgotten first, so memory stays bounded. */
export const KEY_LOOKUPS_REMEMBERED = 1_000;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export interface WebhookVerifier {
  /**
   * Answers the SHA-256 of the token (the replay key) when the webhook is Plaid's; throws
   * otherwise. `mayLookUpKey` is asked before a key id not yet known is looked up at Plaid.
   */
  verify(input: {
    token: string | undefined;
    rawBody: string;
    now: Date;
    mayLookUpKey?: () => Promise<boolean>;
  }): Promise<{ tokenHash: string }>;
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
  /** Key ids asked of Plaid and not (yet) known, with when; in the order they were asked. */
  const askedAt = new Map<string, number>();

  async function keyFor(
    kid: string,
    now: Date,
    mayLookUpKey: () => Promise<boolean>,
  ): Promise<WebhookVerificationKey> {
    const cached = keys.get(kid);
    if (cached) return cached;
    const lastAsked = askedAt.get(kid);
    if (lastAsked !== undefined && now.getTime() - lastAsked < KEY_LOOKUP_INTERVAL_MS)
      throw new WebhookVerificationError('key id asked of Plaid a moment ago');
    // Marked before anything is awaited, so calls arriving together ask Plaid once.
    askedAt.delete(kid);
    askedAt.set(kid, now.getTime());
    while (askedAt.size > KEY_LOOKUPS_REMEMBERED) askedAt.delete(askedAt.keys().next().value as string);
    if (!(await mayLookUpKey())) {
      if (lastAsked === undefined) askedAt.delete(kid);
      else askedAt.set(kid, lastAsked);
      throw new WebhookVerificationError('caller may not look up key ids');
    }
    let key: WebhookVerificationKey;
    try {
      key = await rail.webhookVerificationKey(kid);
    } catch {
      throw new WebhookVerificationError('unknown key id');
    }
    askedAt.delete(kid);
    keys.set(kid, key);
    return key;
  }

  return {
    async verify({ token, rawBody, now, mayLookUpKey = async () => true }) {
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
      const key = await keyFor(header.kid, now, mayLookUpKey);
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
