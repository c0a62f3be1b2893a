/**
 * Key lookups of the webhook verifier (issue 24 item 4, decision 1801): limited per key id and
 * per failing caller, in bounded memory, never for a key already known.
 */
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { WebhookVerificationKey } from '../../providers/ach';
import {
  KEY_LOOKUP_INTERVAL_MS,
  KEY_LOOKUPS_REMEMBERED,
  plaidWebhookVerifier,
  WebhookVerificationError,
} from './webhook-verification';

const body = '{"webhook_type":"TRANSFER","webhook_code":"TRANSFER_EVENTS_UPDATE"}';
const start = new Date('2026-03-10T15:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

async function plaid() {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(pair.publicKey);
  const published = new Map<string, WebhookVerificationKey>();
  const asked: string[] = [];
  return {
    asked,
    publish(kid: string) {
      published.set(kid, {
        kid,
        alg: 'ES256',
        crv: jwk.crv!,
        kty: jwk.kty!,
        x: jwk.x!,
        y: jwk.y!,
        expiredAt: null,
      });
    },
    rail: {
      async webhookVerificationKey(kid: string) {
        asked.push(kid);
        const key = published.get(kid);
        if (!key) throw new Error('INVALID_WEBHOOK_VERIFICATION_KEY_ID');
        return key;
      },
    },
    sign: (kid: string, at: Date) =>
      new SignJWT({ request_body_sha256: createHash('sha256').update(body).digest('hex') })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuedAt(Math.floor(at.getTime() / 1000))
        .sign(pair.privateKey),
  };
}

describe('webhook key lookups', () => {
  it('asks Plaid about an unknown key id once a minute, then verifies it once Plaid publishes it', async () => {
    const fake = await plaid();
    const verifier = plaidWebhookVerifier(fake.rail);
    const token = await fake.sign('kid-next', start);
    await expect(verifier.verify({ token, rawBody: body, now: start })).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(verifier.verify({ token, rawBody: body, now: later(1_000) })).rejects.toThrow(
      WebhookVerificationError,
    );
    expect(fake.asked).toEqual(['kid-next']);

    fake.publish('kid-next');
    const now = later(KEY_LOOKUP_INTERVAL_MS);
    const fresh = await fake.sign('kid-next', now);
    await expect(verifier.verify({ token: fresh, rawBody: body, now })).resolves.toHaveProperty('tokenHash');
    // Known now: verified again without asking, even for a caller that may not look keys up.
    await verifier.verify({ token: fresh, rawBody: body, now, mayLookUpKey: async () => false });
    expect(fake.asked).toEqual(['kid-next', 'kid-next']);
  });

  it('asks nothing for a caller over its budget of failed verifications', async () => {
    const fake = await plaid();
    fake.publish('kid-new');
    const verifier = plaidWebhookVerifier(fake.rail);
    const token = await fake.sign('kid-new', start);
    await expect(
      verifier.verify({ token, rawBody: body, now: start, mayLookUpKey: async () => false }),
    ).rejects.toThrow('caller may not look up key ids');
    expect(fake.asked).toEqual([]);
    // Another caller may ask at once: the refused one did not use up the key id's minute.
    await expect(verifier.verify({ token, rawBody: body, now: start })).resolves.toHaveProperty('tokenHash');
  });

  it('remembers a bounded number of key ids, forgetting the oldest first', async () => {
    const fake = await plaid();
    const verifier = plaidWebhookVerifier(fake.rail);
    const tryKid = async (kid: string) =>
      verifier
        .verify({ token: await fake.sign(kid, start), rawBody: body, now: start })
        .catch(() => undefined);
    await tryKid('kid-first');
    for (let index = 0; index < KEY_LOOKUPS_REMEMBERED; index += 1) await tryKid(`kid-${index}`);
    await tryKid('kid-first');
    expect(fake.asked.filter((kid) => kid === 'kid-first')).toHaveLength(2);
    await tryKid(`kid-${KEY_LOOKUPS_REMEMBERED - 1}`);
    expect(fake.asked.filter((kid) => kid === `kid-${KEY_LOOKUPS_REMEMBERED - 1}`)).toHaveLength(1);
  });
});
