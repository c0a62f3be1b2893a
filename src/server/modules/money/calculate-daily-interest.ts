import { addMonths, type IsoDate, startOfMonth } from '../../../shared/dates/calendar-date';
import { addMoney } from '../../../shared/money/decimal-string';
import { pauseAt } from '../../faults/pause-point';
import type { JobFunctionResult } from '../../functions/job-functions';
import { DEFAULT_INVESTORS_PER_BATCH, type MoneyEngineContext } from './engine-context';
import { accrueThrough, postEndedPeriods } from './interest-repository';
import { interestNoticesOf, totalsOf } from './interest-notices';
import { inBatchTransaction, inParallel, listInvestorRanges } from './money-sql';

/**
 * `calculate-daily-interest` (PRODUCT.md 13): for execution date D, posts every calendar
 * month of an active note that ended before D (Standard: paid to the bank by ACH;
 * High-Yield: credited to the note), then accrues every day before D not yet accrued.
 * Batches of investors, one transaction each; safe to re-run and to run concurrently. With
 * `batchConnections` above 1, that many batches run at once, each on its own connection: they
 * are disjoint investor ranges, so they touch disjoint notes, entries and credits (decision 1413).
 */
export async function calculateDailyInterest(
  engine: MoneyEngineContext,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const ranges = await listInvestorRanges(engine.db, engine.investorsPerBatch ?? DEFAULT_INVESTORS_PER_BATCH);
  const now = engine.clock.now();
  const achEffectiveDate = engine.ach.expectedSettlementDate(executionDate);
  const lastPeriod = addMonths(startOfMonth(executionDate), -1);
  const batches = await inParallel(ranges, engine.batchConnections ?? 1, async (range) => {
    const batch = await inBatchTransaction(engine.db, async (tx) => {
      const posted = await postEndedPeriods(tx, {
        range,
        scope: 'active',
        lastPeriod,
        executionDate,
        now,
        achEffectiveDate,
        backupWithholding: engine.backupWithholding,
      });
      const accrued = await accrueThrough(tx, { range, executionDate });
      await engine.notifier.interestPaid(tx, interestNoticesOf(posted, executionDate), now);
      await pauseAt('interest:before-commit');
      return { posted, accrued };
    });
    await pauseAt('interest:after-commit');
    return { accrued: batch.accrued, ...totalsOf(batch.posted) };
  });
  let notesAccrued = 0;
  let entriesPosted = 0;
  let amountPosted = '0.00';
  for (const batch of batches) {
    notesAccrued += batch.accrued;
    entriesPosted += batch.entries;
    amountPosted = addMoney(amountPosted, batch.amount);
  }
  return {
    recordsProcessed: notesAccrued + entriesPosted,
    metadata: { notesAccrued, entriesPosted, amountPosted, batches: ranges.length },
  };
}
