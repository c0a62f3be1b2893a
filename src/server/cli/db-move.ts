/**
 * npm run db:move -- --to postgres://... [--from DIR]
 *
 * Copies the embedded database (DATA_DIR, or --from) into an empty PostgreSQL database and
 * proves the copy (decision 1961): prints each table's rows and content hash on both sides, the
 * ledger totals, each investor's balances and the ledger check. Stop the app first: PGlite lets
 * one process open the folder. Exits 0 when everything agrees, 1 when something differs or the
 * move is refused, 2 on a wrong command line, 78 on a bad configuration.
 */
import { parseArgs } from 'node:util';
import { formatLedgerReport } from '../modules/money/ledger-check';
import { moveToPostgres, redactedUrl } from '../modules/backups/move-to-postgres';
import { type CommandOutput, configOrReport, reportingBackupErrors, runWhenInvoked } from './backup-command';

const USAGE = 'Usage: npm run db:move -- --to postgres://user@host:5432/database [--from DATA_DIR]';

export async function runDbMove(
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
  const to = values.to;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    output.error(USAGE);
    return 2;
  }
  const config = configOrReport(env, output);
  if (!config) return 78;
  const dataDir = values.from ?? config.DATA_DIR;
  return reportingBackupErrors(output, async () => {
    const started = Date.now();
    output.out(`Moving the embedded database in ${dataDir} to ${redactedUrl(to)}`);
    const report = await moveToPostgres({
      dataDir,
      databaseUrl: to,
      onTable: ({ table, rows }) => {
        if (rows > 0) output.out(`  copied ${table.padEnd(36)} ${rows.toLocaleString('en-US')} rows`);
      },
    });
    if (report.migrationsAppliedToSource.length > 0)
      output.out(
        `  (first applied ${report.migrationsAppliedToSource.length} migrations to the data folder, as starting the app would)`,
      );
    output.out(
      `Copied ${report.tables.length} tables and ${report.sequences} sequences at migration ${report.migrationLevel} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    output.out('');
    output.out('Proof, read again from both sides:');
    output.out(`  ${'table'.padEnd(36)} ${'rows (data folder / PostgreSQL)'.padEnd(34)} content`);
    let emptyOnBoth = 0;
    for (const proof of report.proof.tables) {
      const rowsEqual = proof.sourceRows === proof.targetRows;
      const contentEqual = proof.sourceHash === proof.targetHash;
      if (rowsEqual && contentEqual && proof.sourceRows === 0) {
        emptyOnBoth += 1;
        continue;
      }
      const line = `  ${proof.table.padEnd(36)} ${`${proof.sourceRows} / ${proof.targetRows}`.padEnd(34)} ${contentEqual ? 'equal' : 'DIFFERS'}`;
      if (rowsEqual && contentEqual) output.out(line);
      else output.error(line);
    }
    output.out(`  ${emptyOnBoth} more tables are empty on both sides`);
    const totals = report.proof.targetFigures.ledgerTotals;
    if (report.proof.figureDifferences.length === 0)
      output.out(
        `  ledger totals equal: ${totals.investors} investors, ${totals.notes} notes, ${totals.entries} entries, principal ${totals.principal}, entries ${totals.entriesValue}, balances ${totals.balances}, ACH settled ${totals.achSettled}`,
      );
    else for (const line of report.proof.figureDifferences) output.error(`  ${line}`);
    if (report.proof.investorDifferences.length === 0)
      output.out(
        `  balances equal for each of ${report.proof.investorsCompared} investors (notes' value and ledger sum)`,
      );
    else for (const line of report.proof.investorDifferences) output.error(`  investor ${line}`);
    output.out(`  data folder: ${formatLedgerReport(report.proof.ledgerSource)}`);
    const ledger = `  PostgreSQL:  ${formatLedgerReport(report.proof.ledgerTarget)}`;
    if (report.proof.ledgerTarget.problems.length > 0) output.error(ledger);
    else output.out(ledger);
    output.out('');
    if (!report.proven) {
      output.error('The copy does not match: do not switch the app to it. The data folder is unchanged.');
      return 1;
    }
    output.out('The copy is proven. Next: start the app with DATABASE_URL set to this database and the same');
    output.out(
      'FIELD_ENCRYPTION_KEY as before (without it SSNs and account numbers cannot be read), and keep',
    );
    output.out(`${dataDir} untouched until you have checked the app on PostgreSQL.`);
    return 0;
  });
}

runWhenInvoked(import.meta.url, 'db:move', runDbMove);
