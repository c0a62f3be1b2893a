import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { seedReferenceData } from '../modules/reference-data/seed-reference-data';
import { createTestDatabase, type TestDatabase, truncateAll } from './test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function nonEmptyTables(): Promise<string[]> {
  const tables = rowsOf<{ tablename: string }>(
    await database.db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`),
  ).map((row) => row.tablename);
  const found: string[] = [];
  for (const name of tables) {
    const result = await database.db.execute(sql.raw(`select exists (select 1 from "${name}") as found`));
    if (rowsOf<{ found: boolean }>(result)[0]?.found) found.push(name);
  }
  return found.sort();
}

async function newDeltaId(): Promise<number> {
  const result = await database.db.execute(
    sql`insert into platform_summary_deltas default values returning id`,
  );
  return Number(rowsOf<{ id: number | string }>(result)[0]?.id);
}

// truncateAll skips the tables already in their reset state (decision 1414): it must leave the
// same state as truncating every table.
describe('truncateAll', () => {
  it('empties every table but the migrations record', async () => {
    await seedReferenceData(database.db);
    expect((await nonEmptyTables()).length).toBeGreaterThan(1);
    await truncateAll(database);
    expect(await nonEmptyTables()).toEqual(['schema_migrations']);
  });

  it('restarts an identity sequence even when its table was emptied by hand', async () => {
    expect(await newDeltaId()).toBe(1);
    expect(await newDeltaId()).toBe(2);
    await database.db.execute(sql`delete from platform_summary_deltas`);
    await truncateAll(database);
    expect(await newDeltaId()).toBe(1);
    await truncateAll(database);
    expect(await nonEmptyTables()).toEqual(['schema_migrations']);
    expect(await newDeltaId()).toBe(1);
  });
});
