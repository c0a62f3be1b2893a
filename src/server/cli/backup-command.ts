/**
 * What `db:backup` and `db:restore` share as operator commands: where they write, how they read
 * the configuration, how a backup's own failures reach the operator, and how they start.
 */
import { pathToFileURL } from 'node:url';
import { type AppConfig, ConfigError, loadConfig } from '../config';
import { BackupError } from '../modules/backups/take-backup';

export interface CommandOutput {
  out(line: string): void;
  error(line: string): void;
}

type Command = (
  argv: string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
) => Promise<number>;

/** The configuration, or null once a bad setting is named (the caller exits 78, EX_CONFIG). */
export function configOrReport(
  env: Record<string, string | undefined>,
  output: CommandOutput,
): AppConfig | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      output.error(error.message);
      return null;
    }
    throw error;
  }
}

/** Runs `work`; a BackupError is the operator's to fix, so it is said plainly and exits 1. */
export async function reportingBackupErrors(
  output: CommandOutput,
  work: () => Promise<number>,
): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) {
      output.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** Runs `command` on this process's arguments when `moduleUrl` is the script node was started with. */
export function runWhenInvoked(moduleUrl: string, name: string, command: Command): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  command(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
  })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
