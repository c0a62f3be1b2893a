/**
 * The `verify-backup` job function (PRODUCT.md 46): restores the newest backup in BACKUP_DIR into
 * a scratch database, as `db:restore` would, and fails the run unless its figures equal the
 * manifest and the ledger check passes, so an operator learns a backup is bad before needing it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { AppError } from '../../../shared/errors/app-error';
import type { JobFunctionDefinition } from '../../functions/job-functions';
import { listBackups } from './backup-files';
import { BACKUPS_NOT_SET_UP } from './backup-job';
import { type RestoreResult, restoreBackup } from './restore-backup';

export const NO_BACKUP_TO_VERIFY = 'There is no backup in BACKUP_DIR to verify yet.';

/** A new, empty PostgreSQL database beside the app's for `restore`, dropped afterwards. */
async function inScratchDatabase<T>(databaseUrl: string, restore: (url: string) => Promise<T>): Promise<T> {
  const name = `steadyline_verify_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      return await restore(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

export const verifyBackupJob: JobFunctionDefinition = {
  name: 'verify-backup',
  description:
    'Restores the newest backup in BACKUP_DIR into a scratch database and checks it against its manifest and the ledger.',
  async run(context) {
    const directory = context.config.BACKUP_DIR;
    if (!directory) throw new AppError('conflict', { message: BACKUPS_NOT_SET_UP });
    const newest = (await listBackups(directory)).at(-1);
    if (!newest) throw new AppError('conflict', { message: NO_BACKUP_TO_VERIFY });
    let result: RestoreResult;
    if (newest.manifest.database === 'pglite') {
      result = await restoreBackup(newest.manifestPath, { dataDir: 'memory://' });
    } else {
      const databaseUrl = context.config.DATABASE_URL;
      if (!databaseUrl) throw new AppError('conflict', { message: 'DATABASE_URL is not set.' });
      result = await inScratchDatabase(databaseUrl, (url) =>
        restoreBackup(newest.manifestPath, { databaseUrl: url }),
      );
    }
    const problems = [
      ...result.differences,
      ...result.ledger.problems.map((problem) => `ledger: ${problem.check} (investor ${problem.investorId})`),
    ];
    if (problems.length > 0) {
      throw new Error(
        `${newest.manifest.dataFile} does not restore as its manifest says: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` and ${problems.length - 5} more` : ''}`,
      );
    }
    return {
      recordsProcessed: 1,
      metadata: {
        file: newest.manifest.dataFile,
        takenAt: newest.manifest.createdAt,
        notes: result.ledger.notesChecked,
        investors: result.ledger.investorsChecked,
      },
    };
  },
};
