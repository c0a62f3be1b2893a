import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-support/test-database';
import { executeNamed } from './db/client';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

// executeNamed sends a named prepared statement through the pool on PostgreSQL (decision 1415);
// inside a transaction it must still run on the transaction's connection.
describe('executeNamed', () => {
  const countProbe = () =>
    sql`select count(*)::int as count from admin_users where email = ${'named-probe@steadyline.example'}`;

  it('answers the same rows on every run, with parameters', async () => {
    for (let run = 0; run < 7; run += 1) {
      const rows = await executeNamed<{ value: number; label: string }>(
        database.db,
        'test_named_probe',
        sql`select ${run}::int + 1 as value, ${`run ${run}`}::text as label`,
      );
      expect(rows).toEqual([{ value: run + 1, label: `run ${run}` }]);
    }
  });

  it('sees the uncommitted rows of the transaction it is given', async () => {
    let seenInside = -1;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into admin_users (email, password_hash, first_name, last_name, role)
          values ('named-probe@steadyline.example', 'x', 'Named', 'Probe', 'support')`);
        seenInside = (await executeNamed<{ count: number }>(tx, 'test_named_count', countProbe()))[0]!.count;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seenInside).toBe(1);
    const after = await executeNamed<{ count: number }>(database.db, 'test_named_count', countProbe());
    expect(after[0]!.count).toBe(0);
  });
});
