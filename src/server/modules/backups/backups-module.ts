import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { backupJob } from './backup-job';
import { registerOperatorSnapshot } from './operator-snapshot';
import { verifyBackupJob } from './verify-backup-job';

/** Backups (PRODUCT.md 46): the `backup` and `verify-backup` job functions and the embedded database's operator snapshot. */
export function registerBackupsModule(app: FastifyInstance, context: AppContext): void {
  for (const job of [backupJob, verifyBackupJob])
    if (!context.jobFunctions.has(job.name)) context.jobFunctions.register(job);
  registerOperatorSnapshot(app, context);
}
