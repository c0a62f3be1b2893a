/**
 * The note page (issue 17 items 1 and 4): one of the investor's notes with the math of every
 * interest posting, its maturity instruction (changeable until maturity) and the undo of a
 * rollover within 10 days. Only the signed-in investor's own notes are found.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { AppError } from '../../../shared/errors/app-error';
import {
  canChangeInstruction,
  canUndoRollover,
  instructionOf,
  lastUndoDay,
  type MaturityInstruction,
  maturityInstructionMessages,
} from '../../../shared/investments/maturity-instruction';
import {
  interestReinvestmentMessages,
  reinvestmentEffectivePeriod,
  reinvestmentStatus,
} from '../../../shared/investments/interest-reinvestment';
import type { NoteDetailResponse } from '../../../shared/investments/note-detail-contracts';
import type { SchedulePeriod } from '../../../shared/ledger/interest-schedule';
import { lastDayOf, valueAtMaturity } from '../../../shared/ledger/interest-schedule';
import { toMoneyString } from '../../../shared/money/decimal-string';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import type { AppContext } from '../../context';
import { type Executor, rowsOf } from '../../db/client';
import { enforceRateLimit } from '../../security/rate-limiter';
import { buildNoteBreakdown, readBreakdownNote } from '../money/interest-breakdown';
import { undoRollover } from '../money/maturity-instructions';
import { readReinvestmentChoices, recordReinvestmentChoice } from '../money/reinvestment-repository';
import { queueingNotifier } from '../money/money-notices';
import { interestNoticesOf } from '../money/interest-notices';
import { trimRate } from '../products/product-mapper';
import { backupWithholdingRuleOf } from '../money/engine-context';

const undoPerInvestor = { name: 'rollover-undo:investor', limit: 10, windowSeconds: 3600 };
const reinvestmentPerInvestor = { name: 'interest-reinvestment:investor', limit: 30, windowSeconds: 3600 };

const notFound = () => new AppError('not_found', { message: 'Investment not found.' });

interface NoteExtras {
  origin: 'purchase' | 'conversion' | 'rollover';
  term_years: number;
  value: string;
  maturity_instruction: string | null;
  rollover_term_years: number | null;
  source_investment_id: string | null;
  rolled_over_on: IsoDate | null;
}

async function readExtras(db: Executor, investmentId: string): Promise<NoteExtras> {
  const result = await db.execute(sql`
    select i.origin, i.term_years, i.maturity_instruction, i.rollover_term_years, i.source_investment_id,
           to_char(coalesce(i.rolled_over_on, i.start_date), 'YYYY-MM-DD') as rolled_over_on,
           (select coalesce(sum(t.value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
    from investments i where i.id = ${investmentId}::uuid`);
  return rowsOf<NoteExtras>(result)[0]!;
}

/** The High-Yield terms on offer today, best rate per term. */
export async function listRolloverTerms(
  db: Executor,
  today: IsoDate,
): Promise<{ term_years: number; interest_rate_annual: string }[]> {
  const result = await db.execute(sql`
    select term_years, max(interest_rate_annual)::text as rate from investment_products
    where investment_type = 'high_yield' and is_active
      and (available_from is null or available_from <= ${today}::date)
      and (available_until is null or available_until >= ${today}::date)
    group by term_years order by term_years`);
  return rowsOf<{ term_years: number; rate: string }>(result).map((row) => ({
    term_years: row.term_years,
    interest_rate_annual: trimRate(row.rate),
  }));
}

function postingRow(
  row: SchedulePeriod,
  posted: { amount: string | null; on: IsoDate | null },
  isHighYield: boolean,
) {
  return {
    period: row.period,
    from: row.from,
    through: lastDayOf(row),
    days: row.days,
    principal: row.principal,
    interest_rate_annual: trimRate(row.rate),
    exact_accrual: row.exactAccrual,
    amount: row.posted,
    posted_amount: posted.amount === null ? null : toMoneyString(posted.amount),
    posted_on: posted.on,
    carried: row.carried,
    credited: isHighYield || row.reinvested,
  };
}

function exactTenPlaces(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${(fraction + '0000000000').slice(0, 10)}`;
}

export async function getNoteDetail(
  context: AppContext,
  investorId: string,
  investmentId: string,
): Promise<NoteDetailResponse> {
  const note = await readBreakdownNote(context.db, investmentId, investorId);
  if (!note) throw notFound();
  const today = context.clock.today();
  const extras = await readExtras(context.db, investmentId);
  const breakdown = await buildNoteBreakdown(context.db, note);
  const isHighYield = note.investment_type === 'high_yield';
  const earning = isHighYield && note.status === 'active';
  const instruction = instructionOf(extras.maturity_instruction, extras.rollover_term_years);
  const undoable = canUndoRollover({
    origin: extras.origin,
    status: note.status,
    rolledOverOn: extras.rolled_over_on ?? note.start_date,
    today,
  });
  return {
    id: note.id,
    reference: purchaseReference(note.id),
    investment_type: note.investment_type,
    status: note.status as NoteDetailResponse['status'],
    origin: extras.origin,
    principal_amount: toMoneyString(note.principal_amount),
    interest_rate_annual: trimRate(note.interest_rate_annual),
    term_years: extras.term_years,
    start_date: note.start_date,
    maturity_date: note.maturity_date,
    value: toMoneyString(extras.value),
    income_to_date: breakdown.incomeToDate,
    interest_accrued: exactTenPlaces(note.interest_accrued),
    postings: breakdown.rows.map((row) =>
      postingRow(row, { amount: row.ledgerAmount, on: row.postedOn }, isHighYield),
    ),
    projected_postings: breakdown.projection.map((row) =>
      postingRow(row, { amount: null, on: null }, isHighYield),
    ),
    projected_value_at_maturity: earning
      ? valueAtMaturity({
          principal: note.principal_amount,
          rate: note.interest_rate_annual,
          startDate: note.start_date,
          maturityDate: note.maturity_date,
        })
      : null,
    maturity_instruction: isHighYield ? instruction : null,
    can_change_instruction: canChangeInstruction({
      investmentType: note.investment_type,
      status: note.status,
      maturityDate: note.maturity_date,
      today,
    }),
    rollover_terms: isHighYield ? await listRolloverTerms(context.db, today) : [],
    source_reference: extras.source_investment_id ? purchaseReference(extras.source_investment_id) : null,
    can_undo_rollover: undoable,
    undo_until: extras.origin === 'rollover' ? lastUndoDay(extras.rolled_over_on ?? note.start_date) : null,
    interest_reinvestment: isHighYield ? null : await reinvestmentOf(context.db, note.id, today),
    can_change_reinvestment: canChangeReinvestment(note.investment_type, note.status),
  };
}

function canChangeReinvestment(investmentType: string, status: string): boolean {
  return investmentType === 'standard' && status === 'active';
}

async function reinvestmentOf(
  db: Executor,
  investmentId: string,
  today: IsoDate,
): Promise<NonNullable<NoteDetailResponse['interest_reinvestment']>> {
  const choices = (await readReinvestmentChoices(db, [investmentId])).get(investmentId) ?? [];
  const status = reinvestmentStatus(choices, today);
  return {
    reinvests_this_month: status.reinvestsThisMonth,
    chosen: status.chosen,
    changes_from: status.changesFrom,
    next_switch_from: reinvestmentEffectivePeriod(today),
  };
}

/**
 * Switches interest reinvestment on or off for one of the investor's active Standard notes
 * (decision 1740): recorded with today's date, it governs next month's interest on. Asking for
 * what is already chosen records nothing.
 */
export async function changeInterestReinvestment(
  context: AppContext,
  investorId: string,
  investmentId: string,
  reinvest: boolean,
): Promise<NoteDetailResponse> {
  const today = context.clock.today();
  const now = context.clock.now();
  await enforceRateLimit(context.db, reinvestmentPerInvestor, investorId, now, 'Too many attempts.');
  await context.db.transaction(async (tx) => {
    const row = rowsOf<{ investment_type: string; status: string }>(
      await tx.execute(sql`
        select investment_type, status from investments
        where id = ${investmentId}::uuid and investor_id = ${investorId}::uuid for update`),
    )[0];
    if (!row) throw notFound();
    if (row.investment_type !== 'standard') {
      throw new AppError('conflict', { message: interestReinvestmentMessages.notStandard });
    }
    if (!canChangeReinvestment(row.investment_type, row.status)) {
      throw new AppError('conflict', { message: interestReinvestmentMessages.notActive });
    }
    const choices = (await readReinvestmentChoices(tx, [investmentId])).get(investmentId) ?? [];
    if (reinvestmentStatus(choices, today).chosen === reinvest) return;
    await recordReinvestmentChoice(tx, {
      investmentId,
      investorId,
      reinvest,
      changedOn: today,
      source: 'investor',
      now,
    });
  });
  return getNoteDetail(context, investorId, investmentId);
}

/** Changes the instruction of one of the investor's High-Yield notes, until its maturity date. */
export async function changeMaturityInstruction(
  context: AppContext,
  investorId: string,
  investmentId: string,
  instruction: MaturityInstruction,
): Promise<NoteDetailResponse> {
  const today = context.clock.today();
  await context.db.transaction(async (tx) => {
    const row = rowsOf<{ investment_type: string; status: string; maturity_date: IsoDate }>(
      await tx.execute(sql`
        select investment_type, status, to_char(maturity_date, 'YYYY-MM-DD') as maturity_date from investments
        where id = ${investmentId}::uuid and investor_id = ${investorId}::uuid for update`),
    )[0];
    if (!row) throw notFound();
    if (
      !canChangeInstruction({
        investmentType: row.investment_type,
        status: row.status,
        maturityDate: row.maturity_date,
        today,
      })
    ) {
      throw new AppError('conflict', { message: maturityInstructionMessages.notChangeable });
    }
    if (instruction.kind === 'roll_over') {
      const terms = await listRolloverTerms(tx, today);
      if (!terms.some((term) => term.term_years === instruction.term_years)) {
        throw new AppError('validation_failed', { message: maturityInstructionMessages.termUnavailable });
      }
    }
    await tx.execute(sql`
      update investments set maturity_instruction = ${instruction.kind},
        rollover_term_years = ${instruction.kind === 'roll_over' ? instruction.term_years : null},
        updated_at = ${context.clock.now()}::timestamptz
      where id = ${investmentId}::uuid`);
  });
  return getNoteDetail(context, investorId, investmentId);
}

/** Undoes a rollover within 10 days: the note is paid out with the interest of those days. */
export async function undoNoteRollover(
  context: AppContext,
  investorId: string,
  investmentId: string,
): Promise<NoteDetailResponse> {
  const now = context.clock.now();
  const today = context.clock.today();
  await enforceRateLimit(context.db, undoPerInvestor, investorId, now, 'Too many attempts.');
  const notifier = queueingNotifier(context.config.BRAND_NAME);
  await context.db.transaction(async (tx) => {
    const result = await undoRollover(tx, {
      investorId,
      investmentId,
      executionDate: today,
      now,
      achEffectiveDate: context.providers.ach.expectedSettlementDate(today),
      backupWithholding: backupWithholdingRuleOf(context),
      brandName: context.config.BRAND_NAME,
    });
    await notifier.interestPaid(tx, interestNoticesOf(result.interestPosted, today), now);
    await notifier.withdrawalPaid(tx, [result.payout], now);
  });
  return getNoteDetail(context, investorId, investmentId);
}
