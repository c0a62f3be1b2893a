/** The transaction summary's pages (spec 2): List view, By Investment view and an investment's entries. */
import { AppError } from '../../../shared/errors/app-error';
import { toMoneyString } from '../../../shared/money/decimal-string';
import type {
  InvestmentListQuery,
  InvestmentPage,
  InvestmentRow,
  TransactionListQuery,
  TransactionPage,
  TransactionRow,
} from '../../../shared/portal/transaction-contracts';
import {
  signedAmount,
  signedValueEffect,
  transactionFilterTypes,
} from '../../../shared/portal/transaction-display';
import type { Executor } from '../../db/client';
import { trimRate } from '../products/product-mapper';
import { decodeEntryCursor, decodeNoteCursor, encodeEntryCursor, encodeNoteCursor } from './keyset-cursor';
import {
  countInvestments,
  type EntryRow,
  type InvestmentListRow,
  investorExists,
  isOwnInvestment,
  listEntries,
  listInvestments,
} from './transaction-repository';

export const investmentNotFoundMessage = 'Investment not found';
/** The transaction page's message when no investor record stands behind the session (investor spec 8). */
export const noInvestorProfilesMessage = 'No investor profiles found';

/** An empty first page is checked: no entries, or no investor record at all? Later pages need no look. */
async function assertInvestorOnEmptyFirstPage(
  db: Executor,
  investorId: string,
  rows: unknown[],
  cursor: string | undefined,
): Promise<void> {
  if (rows.length > 0 || cursor) return;
  if (!(await investorExists(db, investorId))) {
    throw new AppError('not_found', { message: noInvestorProfilesMessage });
  }
}

export function toTransactionRow(row: EntryRow): TransactionRow {
  return {
    id: row.id,
    transaction_type: row.transaction_type,
    amount: toMoneyString(row.amount),
    signed_amount: signedAmount(row.transaction_type, toMoneyString(row.amount), row.value_effect),
    balance_change: signedValueEffect(row.value_effect),
    transaction_date: row.transaction_date,
    created_at: row.created_at,
    notes: row.notes,
    backup_withheld: toMoneyString(row.backup_withheld),
    investment_id: row.investment_id,
    investment_type: row.investment_type,
    principal_amount: toMoneyString(row.principal_amount),
    interest_rate_annual: trimRate(row.interest_rate_annual),
  };
}

export function toInvestmentRow(row: InvestmentListRow): InvestmentRow {
  return {
    id: row.id,
    investment_type: row.investment_type,
    principal_amount: toMoneyString(row.principal_amount),
    interest_rate_annual: trimRate(row.interest_rate_annual),
    term_years: row.term_years,
    start_date: row.start_date,
    maturity_date: row.maturity_date,
    status: row.status,
    transaction_count: row.transaction_count,
  };
}

/** One more row than asked tells whether another page exists without counting. */
function pageOf<Row, Out>(
  rows: Row[],
  limit: number,
  toOut: (row: Row) => Out,
  cursorOf: (row: Row) => string,
) {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  return { items: kept.map(toOut), nextCursor: hasMore ? cursorOf(kept[kept.length - 1]!) : null };
}

const entryCursorOf = (row: EntryRow) => encodeEntryCursor({ createdAt: row.created_at, id: row.id });

export async function listTransactionPage(
  db: Executor,
  investorId: string,
  query: TransactionListQuery,
): Promise<TransactionPage> {
  const rows = await listEntries(db, {
    investorId,
    types: transactionFilterTypes[query.filter],
    after: query.cursor ? decodeEntryCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  await assertInvestorOnEmptyFirstPage(db, investorId, rows, query.cursor);
  const page = pageOf(rows, query.limit, toTransactionRow, entryCursorOf);
  return { transactions: page.items, next_cursor: page.nextCursor };
}

export async function listInvestmentPage(
  db: Executor,
  investorId: string,
  query: InvestmentListQuery,
): Promise<InvestmentPage> {
  const rows = await listInvestments(db, {
    investorId,
    type: query.type,
    after: query.cursor ? decodeNoteCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  await assertInvestorOnEmptyFirstPage(db, investorId, rows, query.cursor);
  const page = pageOf(rows, query.limit, toInvestmentRow, (row) =>
    encodeNoteCursor({ startDate: row.start_date, id: row.id }),
  );
  const total = await countInvestments(db, investorId, query.type);
  return { investments: page.items, total, next_cursor: page.nextCursor };
}

/** An investment's entries; another investor's investment is "not found", never shown. */
export async function listInvestmentTransactionPage(
  db: Executor,
  investorId: string,
  investmentId: string,
  query: { limit: number; cursor?: string },
): Promise<TransactionPage> {
  if (!(await isOwnInvestment(db, investorId, investmentId))) {
    throw new AppError('not_found', { message: investmentNotFoundMessage });
  }
  const rows = await listEntries(db, {
    investorId,
    types: null,
    investmentId,
    after: query.cursor ? decodeEntryCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, toTransactionRow, entryCursorOf);
  return { transactions: page.items, next_cursor: page.nextCursor };
}
