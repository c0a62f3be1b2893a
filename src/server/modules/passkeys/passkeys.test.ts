/**
 * Passkeys on the server (decision 1725): adding needs a fresh SMS code; challenges are kept
 * hashed, expire and are used once; a forged answer never signs anyone in; one investor
 * cannot see or remove another's passkeys; every call is rate limited. The full ceremony with
 * a real authenticator is e2e/passkeys.e2e.ts.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { rateLimitCounters, userPasskeys } from '../../db/schema';
import { type SignedInInvestor, signUpInvestor, testOrigin } from '../../test-support/investor-auth';
import { markSteppedUp } from '../../test-support/route-sweep';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { consumeChallenge } from './passkey-repository';

let testApp: TestApp;
let ann: SignedInInvestor;
let ben: SignedInInvestor;
let annPasskeyId: string;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_LIMIT_PASSKEY_PER_IP: '6/15m' } });
  ann = await signUpInvestor(testApp, { email: 'ann@passkeys.example' });
  ben = await signUpInvestor(testApp, { email: 'ben@passkeys.example' });
  const [row] = await testApp.context.db
    .insert(userPasskeys)
    .values({
      userId: ann.userId,
      credentialId: 'ann-credential',
      publicKey: 'AAAA',
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Ann’s phone',
    })
    .returning({ id: userPasskeys.id });
  annPasskeyId = row!.id;
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function clientData(challenge: string): string {
  return Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost:3000' }),
  ).toString('base64url');
}

async function freshLimits() {
  await testApp.context.db.delete(rateLimitCounters);
}

/**
 * What an authenticator answers to a registration with "none" attestation (no signature to
 * check): client data naming the challenge and origin, and authenticator data with the flags
 * user present + verified + attested credential, and a P-256 public key as COSE.
 */
function noneAttestation(challenge: string, origin: string) {
  const credentialId = randomBytes(16);
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const authenticatorData = Buffer.concat([
    createHash('sha256').update('localhost').digest(),
    Buffer.from([0x45]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    Buffer.from([0, credentialId.length]),
    credentialId,
    Buffer.from(isoCBOR.encode(coseKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authenticatorData)],
    ]),
  );
  const id = credentialId.toString('base64url');
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin })).toString(
        'base64url',
      ),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
}

describe('adding a passkey', () => {
  it('needs a fresh SMS code, then hands out options with a challenge stored only as a hash', async () => {
    await freshLimits();
    const refused = await call('POST', '/api/settings/passkeys/options', ann.cookie, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');
    await markSteppedUp(testApp, [ann]);
    const options = await call('POST', '/api/settings/passkeys/options', ann.cookie, {});
    expect(options.statusCode).toBe(200);
    const body = options.json<{
      challenge: string;
      rp: { id: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
      excludeCredentials: { id: string }[];
    }>();
    expect(body.rp.id).toBe('localhost');
    expect(body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(body.excludeCredentials.map((credential) => credential.id)).toEqual(['ann-credential']);
    const stored = rowsOf<{ challenge_hash: string }>(
      await testApp.context.db.execute(
        sql`select challenge_hash from webauthn_challenges where purpose = 'registration'`,
      ),
    );
    expect(stored.map((row) => row.challenge_hash)).toContain(
      createHash('sha256').update(body.challenge).digest('hex'),
    );
    expect(JSON.stringify(stored)).not.toContain(body.challenge);
  });

  it('refuses an answer no authenticator made', async () => {
    await freshLimits();
    await markSteppedUp(testApp, [ann]);
    const response = await call('POST', '/api/settings/passkeys', ann.cookie, {
      name: 'Forged',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: clientData('x'), attestationObject: 'oA' },
        clientExtensionResults: {},
      },
    });
    expect(response.statusCode).toBe(400);
    const count = rowsOf<{ count: number }>(
      await testApp.context.db.execute(
        sql`select count(*)::int as count from user_passkeys where user_id = ${ann.userId}::uuid`,
      ),
    );
    expect(count[0]?.count).toBe(1);
  });
});

describe('the security notice when a passkey is added (issue 24 item 19)', () => {
  it('e-mails the investor that a passkey was added, as other security changes do', async () => {
    const cal = await signUpInvestor(testApp, { email: 'cal@passkeys.example' });
    await freshLimits();
    await markSteppedUp(testApp, [cal]);
    const options = (await call('POST', '/api/settings/passkeys/options', cal.cookie, {})).json<{
      challenge: string;
    }>();
    const added = await call('POST', '/api/settings/passkeys', cal.cookie, {
      name: 'Work laptop',
      response: noneAttestation(options.challenge, testApp.config.webAuthn.origins[0]!),
    });
    expect(added.statusCode, added.body).toBe(201);
    const mail = rowsOf<{ subject: string; text: string }>(
      await testApp.context.db.execute(sql`
        select subject, text from outbox_messages
        where to_address = ${cal.email} and channel = 'email' and subject like '%passkey%'`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('A passkey was added to your Steadyline account');
    expect(mail[0]!.text).toContain('“Work laptop”');
    expect(mail[0]!.text).toContain('If you did not add it');
  });
});

describe('signing in with a passkey', () => {
  it('spends the challenge of a forged answer: it is single-use and signs no one in', async () => {
    await freshLimits();
    const options = await call('POST', '/api/auth/passkey/options', undefined, {});
    expect(options.statusCode).toBe(200);
    const { challenge, allowCredentials } = options.json<{
      challenge: string;
      allowCredentials?: unknown[];
    }>();
    // Discoverable credentials: the browser offers whatever passkeys it holds for the site.
    expect(allowCredentials ?? []).toEqual([]);
    const forged = {
      response: {
        id: 'ann-credential',
        rawId: 'ann-credential',
        type: 'public-key',
        response: { clientDataJSON: clientData(challenge), authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
      },
    };
    const answer = await call('POST', '/api/auth/passkey/sign-in', undefined, forged);
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    const left = rowsOf<{ count: number }>(
      await testApp.context.db.execute(
        sql`select count(*)::int as count from webauthn_challenges where challenge_hash = ${createHash('sha256').update(challenge).digest('hex')}`,
      ),
    );
    expect(left[0]?.count).toBe(0);
  });

  it('lets a challenge expire after five minutes', async () => {
    await freshLimits();
    const options = await call('POST', '/api/auth/passkey/options', undefined, {});
    const { challenge } = options.json<{ challenge: string }>();
    testApp.clock.advance(301_000);
    const isLive = await consumeChallenge(testApp.context.db, {
      challengeHash: createHash('sha256').update(challenge).digest('hex'),
      purpose: 'authentication',
      userId: null,
      now: testApp.clock.now(),
    });
    expect(isLive).toBe(false);
  });

  it('is rate limited per client address', async () => {
    await freshLimits();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push((await call('POST', '/api/auth/passkey/options', undefined, {})).statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
  });
});

describe('the passkey list', () => {
  it('shows and removes only the caller’s own passkeys', async () => {
    await freshLimits();
    const annList = await call('GET', '/api/settings/passkeys', ann.cookie);
    expect(annList.json().passkeys).toMatchObject([
      { id: annPasskeyId, name: 'Ann’s phone', is_synced: true },
    ]);
    const benList = await call('GET', '/api/settings/passkeys', ben.cookie);
    expect(benList.json().passkeys).toEqual([]);
    expect(benList.headers['cache-control']).toBe('no-store');
    const benRemoves = await call('DELETE', `/api/settings/passkeys/${annPasskeyId}`, ben.cookie);
    expect(benRemoves.statusCode).toBe(404);
    expect((await call('DELETE', `/api/settings/passkeys/${annPasskeyId}`)).statusCode).toBe(401);
    const annRemoves = await call('DELETE', `/api/settings/passkeys/${annPasskeyId}`, ann.cookie);
    expect(annRemoves.statusCode).toBe(200);
    expect((await call('GET', '/api/settings/passkeys', ann.cookie)).json().passkeys).toEqual([]);
  });
});
