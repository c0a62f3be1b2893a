import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from './client';

/**
 * Applies the committed drizzle-kit SQL migrations in order, once each, recorded in
 * schema_migrations inside the current search_path (so a test schema gets its own copy).
 * An advisory lock keeps two instances starting together from migrating twice.
 */
export function migrationsDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, 'migrations'),
    join(here, 'db', 'migrations'),
    join(here, '..', '..', 'src', 'server', 'db', 'migrations'),
  ];
  for (const candidate of candidates) {
    try {
      readdirSync(candidate);
      return candidate;
    } catch {
      // try the next layout (source tree or built bundle)
    }
  }
  throw new Error('Migrations folder not found');
}

export async function migrate(db: Database, directory = migrationsDirectory()): Promise<string[]> {
  const files = readdirSync(directory)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7263001)`);
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const result = await tx.execute(sql`select name from schema_migrations`);
    const done = new Set(rowsOf<{ name: string }>(result).map((row) => row.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const text = readFileSync(join(directory, file), 'utf8').replaceAll('"public".', '');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
      applied.push(file);
    }
  });
  return applied;
}
