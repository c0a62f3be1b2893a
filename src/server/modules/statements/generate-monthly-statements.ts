/**
 * `generate-monthly-statements` (issue 17 item 3, decision 1720): on or after the first
 * business day of a month, writes last month's statement for every investor who had a
 * balance or activity, once each (a unique key per investor and month), and queues the
 * "your statement is ready" notice in the same transaction, so a restart repeats nothing and
 * loses nothing. Investors whose interest posting for the month has not happened yet are
 * picked up by a later run.
 */
import { nextBusinessDayOnOrAfter } from '../../../shared/dates/business-days';
import { addMonths, type IsoDate, startOfMonth } from '../../../shared/dates/calendar-date';
import { statementMonthOf } from '../../../shared/portal/document-contracts';
import type { Database } from '../../db/client';
import type { JobFunctionResult } from '../../functions/job-functions';
import { DEFAULT_INVESTORS_PER_BATCH } from '../money/engine-context';
import { inBatchTransaction, listInvestorRanges } from '../money/money-sql';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import { statementReadyNotice } from './statement-notice';
import { insertMonthStatements } from './statement-repository';

export interface StatementRunInput {
  db: Database;
  now: Date;
  brandName: string;
  /** Queue the "statement ready" notice (the demo seed's past months do not). */
  notify: boolean;
  investorsPerBatch?: number;
}

/** Writes the missing statements of `period` (a month's first day); returns how many were written. */
export async function generateStatementsForMonth(input: StatementRunInput, period: IsoDate): Promise<number> {
  const ranges = await listInvestorRanges(input.db, input.investorsPerBatch ?? DEFAULT_INVESTORS_PER_BATCH);
  let written = 0;
  for (const range of ranges) {
    written += await inBatchTransaction(input.db, async (tx) => {
      const statements = await insertMonthStatements(tx, { range, period, now: input.now });
      if (input.notify) {
        await enqueueNotices(
          tx,
          statements.map((statement) =>
            statementReadyNotice(input.brandName, statement.investor_id, statementMonthOf(statement.period)),
          ),
          input.now,
        );
      }
      return statements.length;
    });
  }
  return written;
}

/** The statement month a run on `executionDate` writes, or null before the month's first business day. */
export function statementPeriodDue(executionDate: IsoDate): IsoDate | null {
  const monthStart = startOfMonth(executionDate);
  if (executionDate < nextBusinessDayOnOrAfter(monthStart)) return null;
  return addMonths(monthStart, -1);
}

export async function generateMonthlyStatements(
  input: StatementRunInput,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const period = statementPeriodDue(executionDate);
  if (!period) {
    return { recordsProcessed: 0, metadata: { waitingForFirstBusinessDay: true } };
  }
  const written = await generateStatementsForMonth(input, period);
  return {
    recordsProcessed: written,
    metadata: { month: statementMonthOf(period), statementsWritten: written },
  };
}
