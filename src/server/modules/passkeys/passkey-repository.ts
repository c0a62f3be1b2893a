/** Passkeys and their one-time challenges (decision 1725). */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

export type ChallengePurpose = 'registration' | 'authentication';

export async function insertChallenge(
  db: Executor,
  input: { challengeHash: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`
    insert into webauthn_challenges (challenge_hash, purpose, user_id, expires_at)
    values (${input.challengeHash}, ${input.purpose}, ${input.userId}::uuid, ${input.expiresAt.toISOString()}::timestamptz)`);
}

/**
 * Takes the challenge if it is outstanding, unexpired, for this purpose (and this user, for a
 * registration): deleting it is what makes it single-use, even with two requests at once.
 */
export async function consumeChallenge(
  db: Executor,
  input: { challengeHash: string; purpose: ChallengePurpose; userId: string | null; now: Date },
): Promise<boolean> {
  const userFilter = input.userId === null ? sql`user_id is null` : sql`user_id = ${input.userId}::uuid`;
  const result = await db.execute(sql`
    delete from webauthn_challenges
    where challenge_hash = ${input.challengeHash} and purpose = ${input.purpose} and ${userFilter}
    returning expires_at > ${input.now.toISOString()}::timestamptz as is_live`);
  return rowsOf<{ is_live: boolean }>(result)[0]?.is_live === true;
}

export async function deleteExpiredChallenges(db: Executor, now: Date): Promise<void> {
  await db.execute(
    sql`delete from webauthn_challenges where expires_at <= ${now.toISOString()}::timestamptz`,
  );
}

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  backed_up: boolean;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const passkeyColumns = sql`p.id, p.user_id, p.credential_id, p.public_key, p.sign_count::int as sign_count,
  p.transports, p.backed_up, p.name,
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(p.last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_used_at`;

export async function listPasskeys(db: Executor, userId: string): Promise<PasskeyRow[]> {
  const result = await db.execute(
    sql`select ${passkeyColumns} from user_passkeys p where p.user_id = ${userId}::uuid order by p.created_at, p.id`,
  );
  return rowsOf<PasskeyRow>(result);
}

export async function findPasskeyByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const result = await db.execute(
    sql`select ${passkeyColumns} from user_passkeys p where p.credential_id = ${credentialId}`,
  );
  return rowsOf<PasskeyRow>(result)[0] ?? null;
}

export async function insertPasskey(
  db: Executor,
  input: {
    userId: string;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string[];
    deviceType: string;
    backedUp: boolean;
    name: string;
    now: Date;
  },
): Promise<PasskeyRow | null> {
  const result = await db.execute(sql`
    insert into user_passkeys as p (user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, name, created_at)
    values (${input.userId}::uuid, ${input.credentialId}, ${input.publicKey}, ${input.signCount},
            ${`{${input.transports.join(',')}}`}::text[], ${input.deviceType}, ${input.backedUp}, ${input.name},
            ${input.now.toISOString()}::timestamptz)
    on conflict (credential_id) do nothing
    returning ${passkeyColumns}`);
  return rowsOf<PasskeyRow>(result)[0] ?? null;
}

/**
 * Records a use: the new signature counter must be above the stored one (or both zero, for
 * authenticators without a counter); a lower or equal one means a cloned authenticator and
 * nothing is written.
 */
export async function recordPasskeyUse(
  db: Executor,
  input: { id: string; previousCount: number; newCount: number; now: Date },
): Promise<boolean> {
  const result = await db.execute(sql`
    update user_passkeys set sign_count = ${input.newCount}, last_used_at = ${input.now.toISOString()}::timestamptz
    where id = ${input.id}::uuid and sign_count = ${input.previousCount}
      and (${input.newCount} > sign_count or (${input.newCount} = 0 and sign_count = 0))
    returning id`);
  return rowsOf<{ id: string }>(result).length === 1;
}

export async function deletePasskey(db: Executor, userId: string, passkeyId: string): Promise<boolean> {
  const result = await db.execute(sql`
    delete from user_passkeys where id = ${passkeyId}::uuid and user_id = ${userId}::uuid returning id`);
  return rowsOf<{ id: string }>(result).length === 1;
}
