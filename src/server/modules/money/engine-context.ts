import type { Clock } from '../../clock';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import type { AchProvider, TransferAchProvider } from '../../providers/ach';
import type { BackupWithholdingRule } from '../backup-withholding/withholding-rule';
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
  /** Backup withholding on interest paid out (decisions 1911-1912). */
  backupWithholding: BackupWithholdingRule;
  /** Opens stored bank access tokens for a transfer rail (decision 1500); absent with the sandbox. */
  fieldEncryptionKey?: Buffer;
  /** Investors per batch transaction (all of an investor's notes are in one batch). */
  investorsPerBatch?: number;
  /**
   * Batches of the daily interest run that run at once, each in its own transaction on its own
   * connection (decision 1413); 1 when absent. PGlite has one connection, so it stays at 1.
   */
  batchConnections?: number;
}

/** The engine on a transfer rail (Plaid Transfer; decision 1500). */
export type TransferEngine = MoneyEngineContext & { ach: TransferAchProvider };

/** Two batches at once on PostgreSQL: the database does the work, and this machine has two cores. */
export const POSTGRES_BATCH_CONNECTIONS = 2;

export const DEFAULT_INVESTORS_PER_BATCH = 5_000;

export function moneyEngineFromContext(context: AppContext): MoneyEngineContext {
  return {
    db: context.db,
    clock: context.clock,
    ach: context.providers.ach,
    notifier: queueingNotifier(context.config.BRAND_NAME),
    backupWithholding: backupWithholdingRuleOf(context),
    fieldEncryptionKey: context.config.fieldEncryptionKey,
    batchConnections: context.database.kind === 'postgres' ? POSTGRES_BATCH_CONNECTIONS : 1,
  };
}

/** The backup withholding settings (BACKUP_WITHHOLDING_RATE, BACKUP_WITHHOLDING_GRACE_DAYS). */
export function backupWithholdingRuleOf(context: AppContext): BackupWithholdingRule {
  return {
    rate: context.config.BACKUP_WITHHOLDING_RATE,
    graceDays: context.config.BACKUP_WITHHOLDING_GRACE_DAYS,
  };
}
