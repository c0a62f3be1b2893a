/**
 * Requests that must not run twice (PRODUCT.md 17: a repeated BUY never makes a second
 * investment). The client sends an Idempotency-Key header; the key is claimed in its own
 * committed statement before the work starts, so a repeat while the first is in flight
 * finds it and gets 409, and a repeat afterwards gets the first answer again. The work and
 * the key's completion commit in one transaction; a failure releases the key.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors/app-error';
import { IDEMPOTENCY_HEADER, idempotencyKey } from '../../shared/http/idempotency-key';
import { type Database, rowsOf, type Transaction } from '../db/client';

/** A claim older than this is taken to be from a crashed process and may be taken over. */
const ABANDONED_AFTER_SECONDS = 120;

export interface IdempotentOutcome<Body> {
  status: number;
  body: Body;
  /** The answer was stored from an earlier identical request. */
  replayed: boolean;
}

export interface IdempotentRequest {
  /** Who and what the key belongs to, e.g. "purchase:<investor id>". */
  scope: string;
  key: string;
  /** The request's meaningful content; a reused key with other content is refused. */
  fingerprint: unknown;
  now: Date;
  messages: { inProgress: string; keyReused: string };
  /**
   * Runs before the work of a request that is not a replay (a rate limit, say): a retry of a
   * completed key gets its stored answer whatever it would say, and a refusal releases the key.
   */
  admit?: () => Promise<void>;
}

export function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER]);
  if (!parsed.success) {
    throw new AppError('bad_request', {
      message: 'An Idempotency-Key header (16-128 letters, digits, - or _) is required',
    });
  }
  return parsed.data;
}

function hashOf(fingerprint: unknown): string {
  return createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');
}

interface KeyRow {
  request_hash: string;
  status: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: unknown;
  claimed_long_ago: boolean;
}

async function claim(db: Database, request: IdempotentRequest, requestHash: string): Promise<KeyRow | null> {
  const inserted = await db.execute(sql`
    insert into idempotency_keys (scope, key, request_hash, status, created_at)
    values (${request.scope}, ${request.key}, ${requestHash}, 'in_progress', ${request.now}::timestamptz)
    on conflict do nothing returning key`);
  if (rowsOf(inserted).length > 0) return null;
  const existing = await db.execute(sql`
    select request_hash, status, response_status, response_body,
           created_at < ${request.now}::timestamptz - make_interval(secs => ${ABANDONED_AFTER_SECONDS}) as claimed_long_ago
    from idempotency_keys where scope = ${request.scope} and key = ${request.key}`);
  return rowsOf<KeyRow>(existing)[0] ?? null;
}

async function takeOver(db: Database, request: IdempotentRequest): Promise<boolean> {
  const result = await db.execute(sql`
    update idempotency_keys set created_at = ${request.now}::timestamptz
    where scope = ${request.scope} and key = ${request.key} and status = 'in_progress'
      and created_at < ${request.now}::timestamptz - make_interval(secs => ${ABANDONED_AFTER_SECONDS})
    returning key`);
  return rowsOf(result).length > 0;
}

async function release(db: Database, request: IdempotentRequest): Promise<void> {
  await db.execute(sql`
    delete from idempotency_keys
    where scope = ${request.scope} and key = ${request.key} and status = 'in_progress'`);
}

async function complete(
  tx: Transaction,
  request: IdempotentRequest,
  status: number,
  body: unknown,
): Promise<void> {
  await tx.execute(sql`
    update idempotency_keys
    set status = 'completed', response_status = ${status}, response_body = ${JSON.stringify(body)}::jsonb,
        completed_at = ${request.now}::timestamptz
    where scope = ${request.scope} and key = ${request.key}`);
}

export async function runIdempotently<Body>(
  db: Database,
  request: IdempotentRequest,
  work: (tx: Transaction) => Promise<{ status: number; body: Body }>,
): Promise<IdempotentOutcome<Body>> {
  const requestHash = hashOf(request.fingerprint);
  const existing = await claim(db, request, requestHash);
  if (existing) {
    if (existing.request_hash !== requestHash) {
      throw new AppError('validation_failed', { message: request.messages.keyReused, status: 422 });
    }
    if (existing.status === 'completed') {
      return {
        status: existing.response_status ?? 200,
        body: existing.response_body as Body,
        replayed: true,
      };
    }
    if (!existing.claimed_long_ago || !(await takeOver(db, request))) {
      throw new AppError('conflict', { message: request.messages.inProgress });
    }
  }
  try {
    await request.admit?.();
    const outcome = await db.transaction(async (tx) => {
      const result = await work(tx);
      await complete(tx, request, result.status, result.body);
      return result;
    });
    return { ...outcome, replayed: false };
  } catch (error) {
    await release(db, request);
    throw error;
  }
}
