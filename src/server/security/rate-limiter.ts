import { sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors/app-error';
import { formatWait } from '../../shared/format/wait-format';
import { type Executor, rowsOf } from '../db/client';

export interface RateLimitRule {
  /** What is limited, e.g. "magic-link:email". Combined with the subject into the counter key. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL so every app instance shares them.
 * One statement increments and reads the counter, so concurrent requests cannot slip past.
 */
export async function consumeRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
  now: Date,
  cost = 1,
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const key = `${rule.name}:${subject}`;
  const result = await db.execute(sql`
    insert into rate_limit_counters (key, window_start, count, expires_at)
    values (${key}, ${windowStart.toISOString()}, ${cost}, ${expiresAt.toISOString()})
    on conflict (key, window_start) do update set count = rate_limit_counters.count + ${cost}
    returning count`);
  const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? cost);
  const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** Reads a counter without consuming it (to refuse early, e.g. after too many failed passwords). */
export async function peekRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const result = await db.execute(
    sql`select count from rate_limit_counters where key = ${`${rule.name}:${subject}`} and window_start = ${windowStart.toISOString()}`,
  );
  const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  return { allowed: count < rule.limit, count, retryAfterSeconds };
}

/** Gives one unit back to the current window (never below zero): what was counted turned out harmless. */
export async function refundRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db.execute(sql`
    update rate_limit_counters set count = count - 1
    where key = ${`${rule.name}:${subject}`} and window_start = ${windowStart.toISOString()} and count > 0`);
}

/** Consumes one unit and throws a 429 AppError with a retry-after when the limit is passed. */
export async function enforceRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
  now: Date,
  message = 'Too many attempts.',
): Promise<void> {
  const result = await consumeRateLimit(db, rule, subject, now);
  if (!result.allowed) {
    throw new AppError('rate_limited', {
      message: `${message} Try again in ${formatWait(result.retryAfterSeconds)}.`,
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

export async function deleteExpiredRateLimitCounters(db: Executor, now: Date): Promise<number> {
  const result = await db.execute(
    sql`delete from rate_limit_counters where expires_at < ${now.toISOString()} returning key`,
  );
  return rowsOf(result).length;
}
