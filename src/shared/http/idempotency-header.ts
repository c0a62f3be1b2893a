/**
 * The idempotency header's name, without the key's zod rule (idempotency-key.ts), so the
 * portal's read-only code does not load zod (decision 1411).
 */

/** Sent with every request that must not run twice (BUY, transfers); a repeat never acts again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
