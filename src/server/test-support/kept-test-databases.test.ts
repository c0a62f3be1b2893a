import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { pgliteClientOf } from '../modules/backups/take-backup';
import { createTestDatabase, isPostgresRun } from './test-database';

async function columnsOf(database: Awaited<ReturnType<typeof createTestDatabase>>, table: string) {
  const result = await database.db.execute(
    sql`select column_name from information_schema.columns where table_name = ${table} order by column_name`,
  );
  return rowsOf<{ column_name: string }>(result).map((row) => row.column_name);
}

// Decision 1980: a closed PGlite test database serves the worker's next file only when it is as new.
describe.skipIf(isPostgresRun())('PGlite test databases kept from file to file', () => {
  it('hands an emptied database on, and never one whose tables or session changed', async () => {
    const first = await createTestDatabase();
    const firstClient = pgliteClientOf(first.db);
    const columnsWhenNew = await columnsOf(first, 'page_hotspots');
    await first.db.execute(sql`insert into platform_summary_deltas default values`);
    await first.close();

    const second = await createTestDatabase();
    expect(pgliteClientOf(second.db)).toBe(firstClient);
    expect(rowsOf(await second.db.execute(sql`select id from platform_summary_deltas`))).toEqual([]);
    await second.db.execute(sql`alter table page_hotspots add column left_behind text`);
    await second.close();

    const third = await createTestDatabase();
    expect(pgliteClientOf(third.db)).not.toBe(firstClient);
    expect(await columnsOf(third, 'page_hotspots')).toEqual(columnsWhenNew);
    const thirdClient = pgliteClientOf(third.db);
    await third.db.execute(sql`set statement_timeout = '5s'`);
    await third.close();

    const fourth = await createTestDatabase();
    expect(pgliteClientOf(fourth.db)).not.toBe(thirdClient);
    await fourth.close();
  });
});
