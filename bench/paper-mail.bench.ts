/**
 * Paper mail at scale (decision 1924): with BENCH_INVESTORS investors holding a tax year's
 * 1099-INT on PostgreSQL (a third consented to electronic tax forms, a tenth to an older
 * disclosure, the rest never), how long the /admin/tax queue takes to read (first 200 and the
 * total), how long making one print batch of everyone waiting takes, and how fast the batch PDF
 * is drawn (pieces a second, on a BENCH_PDF_PIECES sub-batch).
 *
 * Uses a throw-away schema on BENCH_DATABASE_URL (default the local test database), dropped at
 * the end. Prints figures; never fails on a time.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, rowsOf } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { createAdminAccount } from '../src/server/modules/admin-auth/service';
import {
  buildPaperBatchPdf,
  createPaperBatch,
  loadPaperQueue,
} from '../src/server/modules/paper-mail/service';
import { seedReferenceData } from '../src/server/modules/reference-data/seed-reference-data';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const investorCount = Number(process.env.BENCH_INVESTORS ?? 200_000);
const pdfPieces = Number(process.env.BENCH_PDF_PIECES ?? 1_000);
const schema = `bench_paper_${randomBytes(4).toString('hex')}`;
const taxYear = new Date().getUTCFullYear() - 1;

async function time<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create schema ${schema}`);
await admin.end();
const database = await openDatabase({ databaseUrl, searchPath: schema, poolSize: 4 });
try {
  const db = database.db;
  console.log(
    `Paper mail on PostgreSQL (schema ${schema}), ${investorCount.toLocaleString()} investors, tax year ${taxYear}`,
  );
  await migrate(db);
  await seedReferenceData(db);
  const staff = await createAdminAccount(db, {
    email: 'bench@staff.example',
    password: 'Bench#Admin-2026',
    role: 'operations',
    firstName: 'Bench',
    lastName: 'Admin',
  });
  await time('seed (users, investors, tax records, forms, consents)', async () => {
    await db.execute(sql`
      insert into users (id, email)
      select md5('u' || n)::uuid, 'investor' || n || '@bench.example' from generate_series(1, ${investorCount}) n`);
    await db.execute(sql`
      insert into investors (id, user_id, first_name, last_name, email, status, referral_code)
      select md5('i' || n)::uuid, md5('u' || n)::uuid, 'Inv' || n, 'Bench', 'investor' || n || '@bench.example',
             'active', 'R' || n from generate_series(1, ${investorCount}) n`);
    await db.execute(sql`
      insert into tax_runs (id, tax_year, started_by) values (md5('run')::uuid, ${taxYear}, ${staff.id}::uuid)`);
    await db.execute(sql`
      insert into tax_forms (investor_id, tax_year, tax_run_id, version, is_correction, interest_amount,
        recipient_first_name, recipient_last_name, recipient_address1, recipient_city, recipient_state,
        recipient_postal_code, tin_type, tin_last_four)
      select md5('i' || n)::uuid, ${taxYear}, md5('run')::uuid, 1, false, (10 + n % 5000)::numeric(14, 2),
             'Inv' || n, 'Bench', n || ' Elm Street', 'Springfield', 'IL', lpad((n % 99999)::text, 5, '0'),
             'ssn', lpad((n % 10000)::text, 4, '0')
      from generate_series(1, ${investorCount}) n`);
    await db.execute(sql`
      insert into electronic_consents (investor_id, kind, action, disclosure_version)
      select md5('i' || n)::uuid, 'tax_forms', 'given',
             case when n % 10 = 0 then 'TAX-EDELIVERY-2024-01' else 'TAX-EDELIVERY-2026-11' end
      from generate_series(1, ${investorCount}) n where n % 3 = 0 or n % 10 = 0`);
    await db.execute(sql`analyze`);
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://127.0.0.1',
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
  });
  const { app, context } = await buildApp({ config, database, webRoot: null, logger: false });
  try {
    const queue = await time('queue read (first 200 and the total)', () =>
      loadPaperQueue(context, { purpose: 'tax_forms', year: taxYear }),
    );
    console.log(`  waiting: ${queue.waiting_total.toLocaleString()} forms`);
    const principal = {
      adminUserId: staff.id,
      sessionId: 'bench',
      role: 'operations' as const,
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'bench@staff.example',
      ipAddress: null,
    };
    const batch = await time('make one batch of everyone waiting', () =>
      createPaperBatch(context, principal, { purpose: 'tax_forms', tax_year: taxYear }),
    );
    console.log(`  batch: ${batch.piece_count.toLocaleString()} pieces`);
    // A sub-batch for the PDF: the first pieces of the big one moved to a batch of their own.
    const [small] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into paper_mail_batches (purpose, tax_year, piece_count, created_by)
        values ('tax_forms', ${taxYear}, ${pdfPieces}, ${staff.id}::uuid) returning id`),
    );
    await db.execute(sql`
      update paper_mail_items set batch_id = ${small!.id}::uuid
      where id in (select id from paper_mail_items where batch_id = ${batch.id}::uuid limit ${pdfPieces})`);
    const started = performance.now();
    const { pdf } = await buildPaperBatchPdf(context, small!.id);
    let bytes = 0;
    for await (const chunk of pdf) bytes += (chunk as Buffer).length;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  batch PDF: ${pdfPieces.toLocaleString()} pieces in ${seconds.toFixed(2)} s (${Math.round(pdfPieces / seconds)} pieces/s, ${(bytes / 1e6).toFixed(1)} MB)`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_SCHEMA !== 'true') {
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${schema} cascade`);
    await cleanup.end();
  }
}
