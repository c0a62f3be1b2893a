import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { backupJob } from './backup-job';
import { registerOperatorSnapshot } from './operator-snapshot';

/** Backups (PRODUCT.md 46): the `backup` job function and the embedded database's operator snapshot. */
export function registerBackupsModule(app: FastifyInstance, context: AppContext): void {
  if (!context.jobFunctions.has(backupJob.name)) context.jobFunctions.register(backupJob);
  registerOperatorSnapshot(app, context);
}
