/**
 * The engine-against-model property, shared by the test (few, short runs on PGlite) and the
 * bench (many, longer ones): random portfolios and transfers, the jobs fired on random run
 * dates, then every note, entry and transfer compared with the reference model to the cent.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { addDays, type IsoDate } from '../../shared/dates/calendar-date';
import { centsToMoney } from '../../shared/money/decimal-string';
import { type Database, rowsOf } from '../db/client';
import { runLedgerCheck } from '../modules/money/ledger-check';
import { maturityDateOf } from '../modules/money/note-repository';
import { insertPendingWithdrawal } from '../modules/money/withdrawal-repository';
import { buyNote, createFundedInvestor, createTestEngine, runMoneyDay } from './money-fixtures';
import {
  formatTenBillionths,
  type ModelNote,
  type ModelTransfer,
  runReferenceModel,
} from './money-reference-model';

const FIRST_START = '2022-01-01';
const FIRST_RUN = '2024-01-01';

export interface Scenario {
  notes: {
    investor: number;
    type: 'standard' | 'high_yield';
    principalCents: number;
    rateMillionths: number;
    termYears: number;
    startOffset: number;
  }[];
  transfers: { investor: number; amountCents: number; requestOffset: number }[];
  runOffsets: number[];
}

/** Portfolios of up to `maxNotes` notes over two investors, run on up to `maxRuns` dates within `horizonDays`. */
export function scenarioArbitrary(limits: {
  maxNotes: number;
  maxRuns: number;
  horizonDays: number;
}): fc.Arbitrary<Scenario> {
  const note = fc.record({
    investor: fc.integer({ min: 0, max: 1 }),
    type: fc.constantFrom('standard' as const, 'high_yield' as const),
    principalCents: fc.integer({ min: 500_000, max: 10_000_000 }),
    rateMillionths: fc.oneof(
      fc.constantFrom(80_000, 90_000, 94_000, 98_000, 102_400),
      fc.integer({ min: 10_000, max: 150_000 }),
    ),
    termYears: fc.integer({ min: 1, max: 3 }),
    startOffset: fc.integer({ min: 0, max: 730 + limits.horizonDays }),
  });
  return fc.record({
    notes: fc.uniqueArray(note, {
      minLength: 1,
      maxLength: limits.maxNotes,
      selector: (value) => value.startOffset,
    }),
    transfers: fc.uniqueArray(
      fc.record({
        investor: fc.integer({ min: 0, max: 1 }),
        amountCents: fc.integer({ min: 10_000, max: 6_000_000 }),
        requestOffset: fc.integer({ min: 0, max: limits.horizonDays }),
      }),
      { maxLength: 3, selector: (value) => value.requestOffset },
    ),
    runOffsets: fc.uniqueArray(fc.integer({ min: 0, max: limits.horizonDays }), {
      minLength: 1,
      maxLength: limits.maxRuns,
    }),
  });
}

function rateText(millionths: number): string {
  return `0.${String(millionths).padStart(6, '0')}`;
}

async function query<Row>(db: Database, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(statement));
}

/** Runs the scenario on an empty database and answers the differences from the model (none when they agree). */
export async function compareEngineWithModel(db: Database, scenario: Scenario): Promise<string[]> {
  const engine = createTestEngine(db);
  const investors = [await createFundedInvestor(db), await createFundedInvestor(db)];
  const modelNotes: ModelNote[] = [];
  const keyById = new Map<string, string>();
  for (const [index, note] of scenario.notes.entries()) {
    const startDate = addDays(FIRST_START, note.startOffset);
    const termYears = note.type === 'standard' ? 1 : note.termYears + 1;
    const { investmentId } = await buyNote(engine, {
      ...investors[note.investor]!,
      investmentType: note.type,
      principal: centsToMoney(BigInt(note.principalCents)),
      rate: rateText(note.rateMillionths),
      termYears,
      startDate,
    });
    const key = `note${index}`;
    keyById.set(investmentId, key);
    modelNotes.push({
      key,
      investorKey: String(note.investor),
      type: note.type,
      principalCents: BigInt(note.principalCents),
      rateMillionths: BigInt(note.rateMillionths),
      startDate,
      maturityDate: maturityDateOf(note.type, startDate, termYears),
    });
  }
  const modelTransfers: ModelTransfer[] = [];
  const transferKeyById = new Map<string, string>();
  const transfers = [...scenario.transfers].sort((a, b) => a.requestOffset - b.requestOffset);
  for (const [index, transfer] of transfers.entries()) {
    const requestedOn = addDays(FIRST_RUN, transfer.requestOffset);
    const id = await insertPendingWithdrawal(db, {
      ...investors[transfer.investor]!,
      amount: centsToMoney(BigInt(transfer.amountCents)),
      requestedOn,
      now: new Date(`${requestedOn}T16:00:00Z`),
    });
    const [row] = await query<{ scheduled: IsoDate }>(
      db,
      sql`select to_char(scheduled_for, 'YYYY-MM-DD') as scheduled from withdrawals where id = ${id}`,
    );
    const key = `transfer${index}`;
    transferKeyById.set(id, key);
    modelTransfers.push({
      key,
      investorKey: String(transfer.investor),
      amountCents: BigInt(transfer.amountCents),
      scheduledFor: row!.scheduled,
    });
  }
  const runDates = [...scenario.runOffsets].sort((a, b) => a - b).map((offset) => addDays(FIRST_RUN, offset));
  for (const date of runDates) await runMoneyDay(engine, date);
  // Transfers requested after the last run date are still pending in both.
  const model = runReferenceModel({ notes: modelNotes, transfers: modelTransfers, runDates });

  const differences: string[] = [];
  const noteRows = await query<{
    id: string;
    status: string;
    interest_posted: string;
    amount_withdrawn: string;
    accrued_through: string;
    interest_accrued: string;
    value: string;
  }>(
    db,
    sql`select i.id, i.status, i.interest_posted::text as interest_posted, i.amount_withdrawn::text as amount_withdrawn,
               to_char(i.accrued_through, 'YYYY-MM-DD') as accrued_through, i.interest_accrued::text as interest_accrued,
               (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
        from investments i`,
  );
  for (const row of noteRows) {
    const key = keyById.get(row.id)!;
    const expected = model.notes.get(key)!;
    const actual = {
      status: row.status,
      posted: row.interest_posted,
      withdrawn: row.amount_withdrawn,
      accruedThrough: row.accrued_through,
      accrued: row.interest_accrued,
      value: row.value,
    };
    const wanted = {
      status: expected.status,
      posted: centsToMoney(expected.postedCents),
      withdrawn: centsToMoney(expected.withdrawnCents),
      accruedThrough: expected.accruedThrough,
      accrued: formatTenBillionths(expected.accruedTenBillionths),
      value: centsToMoney(expected.valueCents),
    };
    if (JSON.stringify(actual) !== JSON.stringify(wanted)) {
      differences.push(`${key}: engine ${JSON.stringify(actual)} model ${JSON.stringify(wanted)}`);
    }
  }
  const entryRows = await query<{
    investment_id: string;
    type: string;
    amount: string;
    date: string;
    period: string | null;
  }>(
    db,
    sql`select investment_id, transaction_type as type, amount::text as amount, to_char(transaction_date, 'YYYY-MM-DD') as date,
               to_char(posting_period, 'YYYY-MM-DD') as period
        from investment_transactions where transaction_type in ('interest_payment', 'withdrawal')`,
  );
  const describe = (entry: {
    note: string;
    type: string;
    amount: string;
    date: string;
    period: string | null;
  }) => `${entry.note} ${entry.type} ${entry.amount} on ${entry.date} for ${entry.period ?? '-'}`;
  const engineEntries = entryRows
    .map((row) => describe({ note: keyById.get(row.investment_id)!, ...row }))
    .sort();
  const modelEntries = model.entries
    .map((entry) =>
      describe({
        note: entry.noteKey,
        type: entry.type,
        amount: centsToMoney(entry.amountCents),
        date: entry.date,
        period: entry.period,
      }),
    )
    .sort();
  if (JSON.stringify(engineEntries) !== JSON.stringify(modelEntries)) {
    const missing = modelEntries.filter((entry) => !engineEntries.includes(entry));
    const extra = engineEntries.filter((entry) => !modelEntries.includes(entry));
    differences.push(`entries: missing ${JSON.stringify(missing)} extra ${JSON.stringify(extra)}`);
  }
  const transferRows = await query<{ id: string; status: string }>(
    db,
    sql`select id, status from withdrawals`,
  );
  for (const row of transferRows) {
    const key = transferKeyById.get(row.id)!;
    if (model.transfers.get(key) !== row.status) {
      differences.push(`${key}: engine ${row.status} model ${model.transfers.get(key)}`);
    }
  }
  const ledger = await runLedgerCheck(db);
  for (const problem of ledger.problems) differences.push(`ledger check: ${JSON.stringify(problem)}`);
  return differences;
}
