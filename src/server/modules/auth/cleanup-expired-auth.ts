/** The `cleanup-expired-auth` job function (PRODUCT.md 30): deletes what can no longer be used. */
import type { JobFunctionDefinition } from '../../functions/job-functions';
import { deleteExpiredRateLimitCounters } from '../../security/rate-limiter';
import { deleteExpiredAuthRecords } from './repository';
import { authSettingsOf } from './session-guard';

export const cleanupExpiredAuthJob: JobFunctionDefinition = {
  name: 'cleanup-expired-auth',
  description:
    'Deletes expired or used sign-in links and SMS codes, ended sessions and stale rate-limit counters.',
  async run(context) {
    const now = context.clock.now();
    const settings = authSettingsOf(context);
    const idleCutoff = new Date(now.getTime() - settings.sessionIdleSeconds * 1000);
    const removed = await context.db.transaction(async (tx) => {
      const records = await deleteExpiredAuthRecords(tx, now, idleCutoff);
      const rateLimitCounters = await deleteExpiredRateLimitCounters(tx, now);
      return { ...records, rateLimitCounters };
    });
    return {
      recordsProcessed: removed.tokens + removed.codes + removed.sessions + removed.rateLimitCounters,
      metadata: removed,
    };
  },
};
