/**
 * EXPORT on the transaction summary (PRODUCT.md 20): the current view as CSV, streamed in
 * keyset batches so a long history is never held in memory and the first bytes leave at
 * once. Each batch is turned into CSV text in one call (a stream chunk per row costs more
 * than the rows themselves).
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { isoTimeWithOffset } from '../../../shared/format/time-with-offset';
import { transactionLabel } from '../../../shared/ledger/transaction-labels';
import {
  transactionCsvColumns,
  type TransactionExportQuery,
} from '../../../shared/portal/transaction-contracts';
import {
  signedAmount,
  signedValueEffect,
  transactionFilterTypes,
} from '../../../shared/portal/transaction-display';
import { investmentTypeLabel, ratePercent } from '../../../shared/products/plans';
import type { Executor } from '../../db/client';
import type { EntryPosition, NotePosition } from './keyset-cursor';
import { type EntryQuery, type EntryRow, listEntries, listInvestments } from './transaction-repository';

const BATCH_SIZE = 1_000;

/** A text cell a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Time is ISO 8601 with the business time zone's offset of that day ("09:15:00-05:00"). */
function csvRecord(row: EntryRow, timeZone: string): string[] {
  return [
    row.transaction_date,
    isoTimeWithOffset(row.created_at, timeZone),
    transactionLabel(row),
    signedAmount(row.transaction_type, row.amount, row.value_effect),
    investmentTypeLabel(row.investment_type),
    row.principal_amount,
    ratePercent(row.interest_rate_annual),
    row.id,
    row.investment_id,
    neutraliseFormula(row.notes ?? ''),
    signedValueEffect(row.value_effect),
  ];
}

async function* entryBatches(
  db: Executor,
  base: Omit<EntryQuery, 'after' | 'limit'>,
): AsyncGenerator<EntryRow[]> {
  let after: EntryPosition | undefined;
  while (true) {
    const rows = await listEntries(db, { ...base, after, limit: BATCH_SIZE });
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

async function* exportBatches(
  db: Executor,
  investorId: string,
  query: TransactionExportQuery,
): AsyncGenerator<EntryRow[]> {
  if (query.view === 'list') {
    yield* entryBatches(db, { investorId, types: transactionFilterTypes[query.filter] });
    return;
  }
  // By Investment: each note (newest start first) followed by its entries, as the view lists them.
  let after: NotePosition | undefined;
  while (true) {
    const notes = await listInvestments(db, { investorId, type: query.type, after, limit: BATCH_SIZE });
    for (const note of notes) {
      yield* entryBatches(db, { investorId, types: null, investmentId: note.id });
    }
    if (notes.length < BATCH_SIZE) return;
    const last = notes[notes.length - 1]!;
    after = { startDate: last.start_date, id: last.id };
  }
}

export function exportFileName(today: string, query: TransactionExportQuery): string {
  const view = query.view === 'list' ? `transactions-${query.filter}` : `investments-${query.type}`;
  return `${view.replace('_', '-')}-${today}.csv`;
}

/** The CSV as a stream; rows are read batch by batch as the client takes them. */
export function streamTransactionCsv(
  db: Executor,
  investorId: string,
  query: TransactionExportQuery,
  timeZone: string,
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield stringify([[...transactionCsvColumns]]);
    for await (const batch of exportBatches(db, investorId, query)) {
      yield stringify(batch.map((row) => csvRecord(row, timeZone)));
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
