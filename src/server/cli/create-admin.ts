/**
 * npm run admin:create -- --email E --password P --role R --first-name F --last-name L
 *
 * Creates an admin account in the configured database (DATABASE_URL, or the PGlite data in
 * DATA_DIR — stop the server first: an embedded database has one owner at a time).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { adminRoles } from '../../shared/admin/permissions';
import { AppError } from '../../shared/errors/app-error';
import { type AppConfig, ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { createAdminAccount, validateNewAdminAccount } from '../modules/admin-auth/service';

const usage = `Usage: npm run admin:create -- --email E --password P --role R --first-name F --last-name L
  --role is one of ${adminRoles.join(', ')}`;

export interface CommandOutput {
  out(line: string): void;
  error(line: string): void;
}

/** Runs the command and answers its exit code (0 created, 1 refused, 2 bad usage, 78 bad configuration). */
export async function runCreateAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    output.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const missing = ['email', 'password', 'role', 'first-name', 'last-name'].filter(
    (name) => typeof values[name] !== 'string',
  );
  if (missing.length > 0) {
    output.error(`Missing ${missing.map((name) => `--${name}`).join(', ')}\n${usage}`);
    return 2;
  }

  const account = {
    email: String(values.email),
    password: String(values.password),
    role: String(values.role),
    firstName: String(values['first-name']),
    lastName: String(values['last-name']),
  };
  try {
    validateNewAdminAccount(account);
  } catch (error) {
    if (error instanceof AppError) {
      output.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }

  let config: AppConfig;
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
    const admin = await createAdminAccount(database.db, account);
    output.out(`Created ${admin.role} ${admin.first_name} ${admin.last_name} <${admin.email}> (${admin.id})`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      output.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCreateAdmin(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
  })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(
        `admin:create failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
}
