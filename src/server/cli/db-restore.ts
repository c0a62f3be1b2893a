/**
 * npm run db:restore -- --from FILE [--to URL|DIR]
 *
 * Restores a backup (its manifest or its data file) into an empty PostgreSQL database or an
 * empty data folder: by default DATABASE_URL for a PostgreSQL backup, DATA_DIR for an embedded
 * one. Refuses a target that is not empty, a damaged file and a backup from a newer version;
 * then compares the restored figures with the manifest and runs the ledger check. Exits 0 when
 * all agree, 1 otherwise, 2 on a wrong command line, 78 on a bad configuration. An operator's
 * command only: the app has no restore action (decision 1880).
 */
import { parseArgs } from 'node:util';
import { type CommandOutput, configOrReport, reportingBackupErrors, runWhenInvoked } from './backup-command';
import { formatLedgerReport } from '../modules/money/ledger-check';
import { restoreBackup } from '../modules/backups/restore-backup';

export async function runDbRestore(
  argv: string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: 'string' }, to: { type: 'string' } } }));
  } catch (error) {
    output.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const from = values.from;
  if (!from) {
    output.error('Usage: npm run db:restore -- --from FILE [--to postgres://...|DIR]');
    return 2;
  }
  const config = configOrReport(env, output);
  if (!config) return 78;
  const to = values.to;
  const target = to
    ? /^postgres(ql)?:\/\//.test(to)
      ? { databaseUrl: to }
      : { dataDir: to }
    : { databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR };
  return reportingBackupErrors(output, async () => {
    const result = await restoreBackup(from, target);
    output.out(
      `Restored ${result.manifest.dataFile} (taken ${result.manifest.createdAt}, version ${result.manifest.appVersion}, migration ${result.manifest.migrationLevel}).`,
    );
    if (result.differences.length > 0) {
      output.error('The restored database does not match the manifest:');
      for (const line of result.differences) output.error(`  ${line}`);
    } else {
      output.out('Row counts and ledger totals equal the manifest.');
    }
    const ledger = formatLedgerReport(result.ledger);
    if (result.ledger.problems.length > 0) output.error(ledger);
    else output.out(ledger);
    output.out(
      'Start the app with the same FIELD_ENCRYPTION_KEY as the backed-up one: without it SSNs and account numbers cannot be read.',
    );
    return result.differences.length === 0 && result.ledger.problems.length === 0 ? 0 : 1;
  });
}

runWhenInvoked(import.meta.url, 'db:restore', runDbRestore);
