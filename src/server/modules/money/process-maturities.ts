import { addDays, type IsoDate, startOfMonth } from '../../../shared/dates/calendar-date';
import { MATURITY_REMINDER_DAYS } from '../../../shared/investments/maturity-instruction';
import { addMoney } from '../../../shared/money/decimal-string';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { JobFunctionResult } from '../../functions/job-functions';
import { rowsOf } from '../../db/client';
import { DEFAULT_INVESTORS_PER_BATCH, type MoneyEngineContext } from './engine-context';
import { type PostedInterest, postEndedPeriods } from './interest-repository';
import {
  carryOutMaturityInstructions,
  type InstructionOutcome,
  queueMaturityReminders,
} from './maturity-instructions';
import { interestNoticesOf, totalsOf } from './interest-notices';
import {
  affectedRows,
  type InvestorRange,
  inBatchTransaction,
  inInvestorRange,
  listInvestorRanges,
} from './money-sql';

/**
 * A High-Yield note whose every period through maturity is posted becomes `matured`: it
 * stops earning, and the sub-cent remainder of its last posting is let go.
 */
async function markMatured(
  tx: Executor,
  range: InvestorRange,
  executionDate: IsoDate,
  now: Date,
): Promise<number> {
  const result = await tx.execute(sql`
    update investments i set status = 'matured', matured_at = ${now}::timestamptz, accrued_through = i.maturity_date,
      interest_accrued = 0, updated_at = ${now}::timestamptz
    where i.status = 'active' and i.investment_type = 'high_yield' and i.maturity_date <= ${executionDate}::date
      and ${inInvestorRange(range)}
      and i.last_posted_period >= date_trunc('month', i.maturity_date - 1)::date`);
  return affectedRows(result);
}

/** One look before any batch: most days no note matures and the job is a single query. */
async function surveyMaturities(
  db: Executor,
  executionDate: IsoDate,
): Promise<{ hasHighYieldDue: boolean; lockUpsEnded: number }> {
  const reminderHorizon = addDays(executionDate, MATURITY_REMINDER_DAYS[0]);
  const result = await db.execute(sql`
    select (exists (select 1 from investments where status = 'active' and investment_type = 'high_yield'
                      and maturity_date <= ${reminderHorizon}::date)
            or exists (select 1 from investments where status = 'matured' and investment_type = 'high_yield'
                         and maturity_instruction is not null)) as has_high_yield_due,
           (select count(*)::int from investments where investment_type = 'standard' and status = 'active'
              and maturity_date = ${executionDate}::date) as lock_ups_ended`);
  const row = rowsOf<{ has_high_yield_due: boolean; lock_ups_ended: number }>(result)[0];
  return { hasHighYieldDue: row?.has_high_yield_due ?? false, lockUpsEnded: row?.lock_ups_ended ?? 0 };
}

/**
 * `process-maturities`: High-Yield notes that reached maturity by the execution date post
 * their last stub (and any month not yet posted), become `matured` and have their maturity
 * instruction carried out (paid out or rolled over); notes maturing within 30 or 7 days get
 * their reminder. Standard notes whose
 * 12-month lock-up ends become withdrawable by date alone (PRODUCT.md 19) and keep earning;
 * they are counted here.
 */
export async function processMaturities(
  engine: MoneyEngineContext,
  executionDate: IsoDate,
): Promise<JobFunctionResult> {
  const survey = await surveyMaturities(engine.db, executionDate);
  const ranges = survey.hasHighYieldDue
    ? await listInvestorRanges(engine.db, engine.investorsPerBatch ?? DEFAULT_INVESTORS_PER_BATCH)
    : [];
  const now = engine.clock.now();
  const achEffectiveDate = engine.ach.expectedSettlementDate(executionDate);
  let notesMatured = 0;
  let paidOut = 0;
  let rolledOver = 0;
  let remindersQueued = 0;
  let entriesPosted = 0;
  let amountPosted = '0.00';
  for (const range of ranges) {
    const batch = await inBatchTransaction(engine.db, async (tx) => {
      const brandName = engine.notifier.brandName;
      const posted: PostedInterest[] = [];
      let matured = 0;
      const instructions: InstructionOutcome = {
        payouts: [],
        notices: [],
        rolledOver: 0,
        interestPosted: [],
      };
      // A rollover made by a late run may itself have reached maturity by the execution date:
      // it matures and is carried out in the same run, as daily runs would have done (chained).
      // Each pass ends a note at least a year later, so this stops.
      for (let rolled = true; rolled; ) {
        posted.push(
          ...(await postEndedPeriods(tx, {
            range,
            scope: 'maturing',
            lastPeriod: startOfMonth(executionDate),
            executionDate,
            now,
            achEffectiveDate,
          })),
        );
        matured += await markMatured(tx, range, executionDate, now);
        const pass = await carryOutMaturityInstructions(tx, range, {
          executionDate,
          now,
          achEffectiveDate,
          brandName,
          timeZone: engine.clock.timeZone,
          ...(engine.fieldEncryptionKey ? { fieldEncryptionKey: engine.fieldEncryptionKey } : {}),
        });
        instructions.payouts.push(...pass.payouts);
        instructions.notices.push(...pass.notices);
        instructions.rolledOver += pass.rolledOver;
        posted.push(...pass.interestPosted);
        rolled = pass.rolledOver > 0;
      }
      const reminders = await queueMaturityReminders(tx, range, { executionDate, brandName });
      await engine.notifier.interestPaid(tx, interestNoticesOf(posted, executionDate), now);
      await engine.notifier.withdrawalPaid(tx, instructions.payouts, now);
      await engine.notifier.maturityNotices(tx, [...instructions.notices, ...reminders], now);
      return { posted, matured, instructions, reminders: reminders.length };
    });
    const totals = totalsOf(batch.posted);
    notesMatured += batch.matured;
    paidOut += batch.instructions.payouts.length;
    rolledOver += batch.instructions.rolledOver;
    remindersQueued += batch.reminders;
    entriesPosted += totals.entries;
    amountPosted = addMoney(amountPosted, totals.amount);
  }
  return {
    recordsProcessed: notesMatured + survey.lockUpsEnded,
    metadata: {
      notesMatured,
      lockUpsEnded: survey.lockUpsEnded,
      entriesPosted,
      amountPosted,
      paidOut,
      rolledOver,
      remindersQueued,
    },
  };
}
