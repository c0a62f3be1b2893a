/**
 * Issue 24 item 25 with real processes (decision 1851): the server is killed with SIGKILL
 * right after a purchase committed (the pause point `purchase:after-commit`), before it
 * answered or sent anything. The confirmation was queued in the purchase's transaction, so the
 * next process sends it by itself, once. PostgreSQL only: it needs real processes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../../shared/purchases/perpetual-note-agreement';
import { rowsOf } from '../../db/client';
import { seedReferenceData } from '../reference-data/seed-reference-data';
import { generateToken, hashToken } from '../../security/tokens';
import { type AppProcess, callProcess, startAppProcess, waitFor } from '../../test-support/app-process';
import { giveConsentDirectly } from '../../test-support/consent-fixtures';
import { createFundedInvestor } from '../../test-support/money-fixtures';
import { createTestDatabase, isPostgresRun, type TestDatabase } from '../../test-support/test-database';
import { insertSession } from '../auth/repository';
import { freePort } from '../../test-support/free-port';

describe.skipIf(!isPostgresRun())('kill -9 between a purchase’s commit and its notice, then restart', () => {
  let database: TestDatabase;
  let running: AppProcess | null = null;
  let investor: { investorId: string; bankAccountId: string; email: string };
  let cookie: string;

  async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
    return rowsOf<Row>(await database.db.execute(query));
  }

  async function start(port: number, env: Record<string, string> = {}): Promise<AppProcess> {
    running = await startAppProcess({
      port,
      databaseUrl: process.env.DATABASE_URL!,
      schemaName: database.schemaName!,
      env,
    });
    return running;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    investor = await createFundedInvestor(database.db);
    await giveConsentDirectly(database.db, investor.investorId);
    const [owner] = await rows<{ user_id: string }>(
      sql`select user_id from investors where id = ${investor.investorId}::uuid`,
    );
    const token = generateToken();
    const now = new Date();
    await insertSession(database.db, {
      userId: owner!.user_id,
      tokenHash: hashToken(token),
      kind: 'full',
      now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      ipAddress: null,
      userAgent: null,
    });
    cookie = `sl_session=${token}`;
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await database?.close();
  });

  it('sends the confirmation of a purchase committed just before the crash once, after the restart', async () => {
    const [product] = await rows<{ id: string; rate: string }>(sql`
      select id, trim(trailing '0' from interest_rate_annual::text) as rate from investment_products
      where investment_type = 'high_yield' and term_years = 3`);
    const server = await start(await freePort(), { FAULT_PAUSE_AT: 'purchase:after-commit' });
    const buying = callProcess(server.url, 'POST', '/api/purchases', {
      headers: { cookie, origin: server.url, 'idempotency-key': 'crash-after-commit-1' },
      body: {
        product_id: product!.id,
        term_years: 3,
        amount: '5000',
        interest_rate_annual: product!.rate,
        funding_account_id: investor.bankAccountId,
        agreement_version: AGREEMENT_VERSION,
        consent: true,
      },
    }).catch(() => undefined);
    expect(await server.waitForPause()).toBe('purchase:after-commit');
    await server.kill9();
    await buying;
    running = null;

    const notice = sql`
      select status, count(*)::int as count from investor_notice_queue
      where investor_id = ${investor.investorId}::uuid and kind = 'investment_purchase' group by status`;
    expect(
      await rows(sql`select id from investments where investor_id = ${investor.investorId}::uuid`),
    ).toHaveLength(1);
    expect(await rows(notice)).toEqual([{ status: 'pending', count: 1 }]);

    await start(await freePort());
    await waitFor(
      () => rows<{ status: string; count: number }>(notice),
      (statuses) => statuses.length === 1 && statuses[0]!.status === 'sent',
      'the queued purchase confirmation to be sent',
    );
    const mails = await rows<{ count: number }>(sql`
      select count(*)::int as count from outbox_messages
      where to_address = ${investor.email} and subject like 'Your $5,000.00%'`);
    const bells = await rows<{ count: number }>(sql`
      select count(*)::int as count from investor_notifications
      where investor_id = ${investor.investorId}::uuid and title = 'Investment confirmed: $5,000.00'`);
    expect({ mails: mails[0]!.count, bells: bells[0]!.count }).toEqual({ mails: 1, bells: 1 });
  }, 240_000);
});
