import type { Clock } from '../../clock';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import type { AchProvider } from '../../providers/ach';
import { type MoneyNotifier, queueingNotifier } from './money-notices';

/**
 * What the money engine needs. Built from the app context for jobs; the demo seed builds
 * its own (a simulated clock and a notifier that only fills the bell, dated in the past).
 * Notices are queued with the entries; the notice sender delivers them after the job.
 */
export interface MoneyEngineContext {
  db: Database;
  /** Stamps created_at of the rows the engine writes. */
  clock: Clock;
  ach: AchProvider;
  notifier: MoneyNotifier;
  /** Opens stored bank access tokens for a transfer rail (decision 1500); absent with the sandbox. */
  fieldEncryptionKey?: Buffer;
  /** Investors per batch transaction (all of an investor's notes are in one batch). */
  investorsPerBatch?: number;
}

export const DEFAULT_INVESTORS_PER_BATCH = 5_000;

export function moneyEngineFromContext(context: AppContext): MoneyEngineContext {
  return {
    db: context.db,
    clock: context.clock,
    ach: context.providers.ach,
    notifier: queueingNotifier(context.config.BRAND_NAME),
    fieldEncryptionKey: context.config.fieldEncryptionKey,
  };
}
