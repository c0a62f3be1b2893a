import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors/app-error';
import type { PlaidWebhookAnswer } from '../../../shared/payments/ach-webhook-contracts';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { enforceRateLimit, peekRateLimit } from '../../security/rate-limiter';
import { moneyEngineFromContext } from '../money/engine-context';
import { syncAchEvents } from '../money/sync-ach-events';
import { WEBHOOK_MAX_AGE_SECONDS, type WebhookVerifier } from './webhook-verification';

/** Failed verifications per client address: the endpoint checks a signature, so it is limited. */
const unverifiedPerAddress = { name: 'webhook:unverified', limit: 60, windowSeconds: 600 };

export const webhookMessages = {
  unverified: 'The webhook could not be verified.',
} as const;

/**
 * Verifies the call, refuses a replay of a token already taken (kept for twice the token's
 * lifetime; older tokens are refused as stale anyway), and on TRANSFER_EVENTS_UPDATE syncs the
 * event stream. A sync that fails is logged: the scheduled sync catches up.
 */
export async function handlePlaidWebhook(
  context: AppContext,
  verifier: WebhookVerifier | null,
  input: { token: string | undefined; rawBody: string; ip?: string },
): Promise<PlaidWebhookAnswer> {
  const now = context.clock.now();
  const ach = context.providers.ach;
  const address = createHash('sha256')
    .update(input.ip ?? 'unknown')
    .digest('hex')
    .slice(0, 32);
  let tokenHash: string;
  try {
    if (!verifier || ach.name !== 'plaid') throw new Error('no transfer rail configured');
    tokenHash = (
      await verifier.verify({
        token: input.token,
        rawBody: input.rawBody,
        now,
        // An address whose calls keep failing gets no more key lookups; a known key still verifies.
        mayLookUpKey: async () =>
          (
            await peekRateLimit(context.db, unverifiedPerAddress, address, now)
          ).allowed,
      })
    ).tokenHash;
  } catch (error) {
    await enforceRateLimit(context.db, unverifiedPerAddress, address, now, webhookMessages.unverified);
    context.log.warn({ reason: (error as Error).message }, 'unverified webhook refused');
    throw new AppError('unauthenticated', { message: webhookMessages.unverified });
  }
  const taken = await context.db.execute(sql`
    with purged as (
      delete from ach_webhook_receipts
      where received_at < ${now}::timestamptz - make_interval(secs => ${WEBHOOK_MAX_AGE_SECONDS * 2})
    )
    insert into ach_webhook_receipts (token_hash, received_at) values (${tokenHash}, ${now}::timestamptz)
    on conflict do nothing returning token_hash`);
  if (rowsOf(taken).length === 0) return { received: true, duplicate: true, action: 'ignored' };
  let body: { webhook_type?: unknown; webhook_code?: unknown };
  try {
    body = JSON.parse(input.rawBody) as typeof body;
  } catch {
    return { received: true, duplicate: false, action: 'ignored' };
  }
  if (body?.webhook_type !== 'TRANSFER' || body.webhook_code !== 'TRANSFER_EVENTS_UPDATE') {
    return { received: true, duplicate: false, action: 'ignored' };
  }
  try {
    await syncAchEvents({ ...moneyEngineFromContext(context), ach }, context.clock.today());
    return { received: true, duplicate: false, action: 'synced' };
  } catch (error) {
    context.log.error({ err: error }, 'event sync after a webhook failed; the scheduled sync catches up');
    return { received: true, duplicate: false, action: 'sync_failed' };
  }
}
