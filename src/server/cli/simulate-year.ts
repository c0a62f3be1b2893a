/**
 * npm run simulate:year [-- --from YYYY-MM-DD --days N]
 *
 * The money engine's acceptance run: seeds the demo data as of `--from` (default today) in a
 * fresh in-memory database (or a throw-away schema when DATABASE_URL is set), then runs the
 * money jobs day by day for a year (`--days`, default 365) while the demo investor buys a
 * note and asks for a transfer, and compares every note's balance and interest figures, every
 * entry and every transfer with the plain reference model. Exits 1 on any difference.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { addDays, type IsoDate, isSupportedDate } from '../../shared/dates/calendar-date';
import { businessDateOf } from '../../shared/dates/business-time';
import { formatUsd } from '../../shared/format/money-format';
import { rowsOf } from '../db/client';
import { demoAccounts, seedDemoData } from '../modules/demo/seed-demo-data';
import { seedReferenceData } from '../modules/reference-data/seed-reference-data';
import { historyNotifier } from '../modules/money/money-notices';
import { insertFundedNote } from '../modules/money/note-repository';
import { morningClock, runMoneyDays } from '../modules/money/run-money-days';
import { insertPendingWithdrawal } from '../modules/money/withdrawal-repository';
import { sandboxAchProvider } from '../providers/ach';
import { compareDatabaseWithModel, countLedger } from '../test-support/money-engine-property';
import { testConfig } from '../test-support/test-app';
import { createTestDatabase } from '../test-support/test-database';

function everyDay(from: IsoDate, through: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= through; day = addDays(day, 1)) days.push(day);
  return days;
}

export async function simulateYear(options: {
  from: IsoDate;
  days: number;
  out(line: string): void;
}): Promise<number> {
  const config = testConfig({ DEMO_MODE: 'true' });
  const database = await createTestDatabase();
  try {
    const db = database.db;
    await seedReferenceData(db);
    const seeding = performance.now();
    await seedDemoData(db, config, morningClock(options.from, config.BUSINESS_TZ));
    options.out(
      `Demo data seeded as of ${options.from} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const [demo] = rowsOf<{ investor_id: string; bank_account_id: string; first_start: IsoDate }>(
      await db.execute(sql`
        select v.id as investor_id, b.id as bank_account_id,
               (select to_char(min(start_date), 'YYYY-MM-DD') from investments) as first_start
        from investors v join bank_accounts b on b.investor_id = v.id and b.is_primary
        where v.email = ${demoAccounts.investor.email}`),
    );
    if (!demo) throw new Error('The demo investor was not seeded');

    const through = addDays(options.from, options.days);
    const purchaseDay = addDays(options.from, 30);
    const transferDay = addDays(options.from, 100);
    const ach = sandboxAchProvider({ settlementBusinessDays: config.ACH_SETTLEMENT_BUSINESS_DAYS });
    const engine = {
      db,
      ach,
      notifier: historyNotifier(config.BRAND_NAME),
      backupWithholding: {
        rate: config.BACKUP_WITHHOLDING_RATE,
        graceDays: config.BACKUP_WITHHOLDING_GRACE_DAYS,
      },
    };
    const running = performance.now();
    const yearDays = await runMoneyDays(engine, {
      from: addDays(options.from, 1),
      through,
      everyDay: true,
      async beforeDay(day) {
        const now = new Date(`${day}T15:00:00Z`);
        if (day === purchaseDay) {
          await db.transaction((tx) =>
            insertFundedNote(tx, {
              investorId: demo.investor_id,
              bankAccountId: demo.bank_account_id,
              investmentType: 'high_yield',
              principal: '12500.00',
              rate: '0.098',
              termYears: 4,
              startDate: day,
              now,
              fundingEffectiveDate: ach.expectedSettlementDate(day),
              agreementVersion: 'simulation',
            }),
          );
        }
        if (day === transferDay) {
          await insertPendingWithdrawal(db, {
            investorId: demo.investor_id,
            bankAccountId: demo.bank_account_id,
            amount: '3000.00',
            requestedOn: day,
            now,
          });
        }
      },
    });
    options.out(
      `Ran the money jobs on each of ${yearDays.length} days to ${through} in ${((performance.now() - running) / 1000).toFixed(1)} s`,
    );

    // The seed runs the jobs only on days something can happen; the model runs every day,
    // so agreement also shows that skipping the quiet days changes nothing.
    const differences = await compareDatabaseWithModel(db, everyDay(demo.first_start, through));
    const notes = rowsOf<{ investment_type: string; status: string; value: string; interest_posted: string }>(
      await db.execute(sql`
        select investment_type, status, interest_posted::text as interest_posted,
               (select coalesce(sum(value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
        from investments i order by start_date`),
    );
    for (const note of notes) {
      options.out(
        `  ${note.investment_type.padEnd(10)} ${note.status.padEnd(9)} value ${formatUsd(note.value).padStart(12)}  interest ${formatUsd(note.interest_posted).padStart(10)}`,
      );
    }
    const counts = await countLedger(db);
    if (differences.length > 0) {
      for (const difference of differences) options.out(`DIFFERENT: ${difference}`);
      options.out(`${differences.length} differences from the reference model`);
      return 1;
    }
    options.out(
      `Engine = reference model: ${counts.notes} notes, ${counts.entries} entries, ${counts.transfers} transfers; ledger check clean`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { from: { type: 'string' }, days: { type: 'string' } },
  });
  const from = values.from ?? businessDateOf(new Date(), 'America/New_York');
  const days = Number(values.days ?? 365);
  if (!isSupportedDate(from) || !Number.isInteger(days) || days < 1) {
    process.stderr.write('Usage: npm run simulate:year -- [--from YYYY-MM-DD] [--days N]\n');
    process.exit(2);
  }
  simulateYear({ from, days, out: (line) => process.stdout.write(`${line}\n`) })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(
        `simulate:year failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    });
}
