import { z } from 'zod';

/** The answer to a verified webhook: whether it was new, and what it started. */
export const plaidWebhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  action: z.enum(['synced', 'sync_failed', 'ignored']),
});
export type PlaidWebhookAnswer = z.infer<typeof plaidWebhookAnswer>;
