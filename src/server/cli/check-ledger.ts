/**
 * npm run check:ledger
 *
 * Recomputes every investor's balance and every note's value and interest from the ledger
 * entries alone and compares them with the figures the platform keeps and shows, and every
 * interest posting from its note's terms through the shared interest schedule. Prints
 * each investor and note that disagree; exits 1 when any does (0 when all agree, 78 on a
 * bad configuration). Uses DATABASE_URL, or the PGlite data in DATA_DIR (stop the server
 * first: an embedded database has one owner at a time).
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { formatLedgerReport, runLedgerCheck } from '../modules/money/ledger-check';

export async function runCheckLedger(
  env: Record<string, string | undefined>,
  output: { out(line: string): void; error(line: string): void },
): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      output.error(error.message);
      return 78;
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database.db);
    const report = await runLedgerCheck(database.db);
    const text = formatLedgerReport(report);
    if (report.problems.length > 0) {
      output.error(text);
      return 1;
    }
    output.out(text);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCheckLedger(process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
  })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(
        `check:ledger failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
}
