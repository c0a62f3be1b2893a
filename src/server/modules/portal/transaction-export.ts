/**
 * EXPORT on the transaction summary (PRODUCT.md 20): the current view as CSV, streamed in
 * keyset batches so a long history is never held in memory and the first bytes leave at once.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { transactionTypeLabel } from '../../../shared/ledger/ledger-model';
import { ratePercent, investmentTypeLabel } from '../../../shared/products/plans';
import {
  transactionCsvColumns,
  type TransactionExportQuery,
  type TransactionRow,
} from '../../../shared/portal/transaction-contracts';
import { transactionFilterTypes } from '../../../shared/portal/transaction-display';
import type { Executor } from '../../db/client';
import type { EntryPosition, NotePosition } from './keyset-cursor';
import { listEntries, listInvestments } from './transaction-repository';
import { toTransactionRow } from './transaction-service';

const BATCH_SIZE = 1_000;

/** A text cell a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvRecord(row: TransactionRow, timeOf: (instant: string) => string): string[] {
  return [
    row.transaction_date,
    timeOf(row.created_at),
    transactionTypeLabel(row.transaction_type),
    row.signed_amount,
    investmentTypeLabel(row.investment_type),
    row.principal_amount,
    ratePercent(row.interest_rate_annual),
    row.id,
    row.investment_id,
    neutraliseFormula(row.notes ?? ''),
  ];
}

async function* entryBatches(
  db: Executor,
  base: Parameters<typeof listEntries>[1],
): AsyncGenerator<TransactionRow[]> {
  let after: EntryPosition | undefined;
  while (true) {
    const rows = await listEntries(db, { ...base, after, limit: BATCH_SIZE });
    if (rows.length === 0) return;
    yield rows.map(toTransactionRow);
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

async function* exportRows(
  db: Executor,
  investorId: string,
  query: TransactionExportQuery,
): AsyncGenerator<TransactionRow[]> {
  if (query.view === 'list') {
    yield* entryBatches(db, { investorId, types: transactionFilterTypes[query.filter], limit: BATCH_SIZE });
    return;
  }
  // By Investment: each note (newest start first) followed by its entries, as the view lists them.
  let after: NotePosition | undefined;
  while (true) {
    const notes = await listInvestments(db, { investorId, type: query.type, after, limit: BATCH_SIZE });
    for (const note of notes) {
      yield* entryBatches(db, { investorId, types: null, investmentId: note.id, limit: BATCH_SIZE });
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
  const timeFormat = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const timeOf = (instant: string) => timeFormat.format(new Date(instant));
  async function* records() {
    for await (const batch of exportRows(db, investorId, query)) {
      for (const row of batch) yield csvRecord(row, timeOf);
    }
  }
  const csv = stringify({ header: true, columns: [...transactionCsvColumns] });
  // Errors end the download early (the status is already sent); pipeline destroys both streams.
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}
