import { z } from 'zod';

/** Sent with every request that must not run twice (BUY, transfers); a repeat never acts again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const idempotencyKey = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid idempotency key');
