import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A key for a migrated PGlite cluster kept between runs (the test files' snapshot, the browser
 * tests' template): the PGlite version and every migration's name and content, so a new or
 * changed migration, or another PGlite, makes a new one.
 */
export function migratedPgliteKey(migrationsFolder: string): string {
  const key = createHash('sha256');
  key.update(readFileSync(join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    key.update(file);
    key.update(readFileSync(join(migrationsFolder, file)));
  }
  return key.digest('hex').slice(0, 16);
}
