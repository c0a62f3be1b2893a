import { z } from 'zod';

export { IDEMPOTENCY_HEADER } from './idempotency-header';

export const idempotencyKey = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid idempotency key');
