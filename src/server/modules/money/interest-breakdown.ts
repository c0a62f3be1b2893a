/**
 * "Show the math" for one note (issue 17 item 4): every interest posting of the ledger next
 * to the shared schedule's period, days, principal, rate, exact accrual and carried fraction
 * of a cent. The principal history comes from the note's entries the way the engine applies
 * them to a Standard note: a transfer paid on D earns through D and stops from D + 1, a
 * conversion on D stops from D, a returned transfer earns again from the day after.
 */
import { sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  type IsoDate,
  maxDate,
  minDate,
  startOfMonth,
} from '../../../shared/dates/calendar-date';
import {
  interestSchedule,
  type PrincipalReduction,
  type SchedulePeriod,
} from '../../../shared/ledger/interest-schedule';
import type { ReinvestmentChoice } from '../../../shared/investments/interest-reinvestment';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import { type Executor, rowsOf } from '../../db/client';
import { readReinvestmentChoices } from './reinvestment-repository';

export interface BreakdownNote {
  id: string;
  investment_type: 'standard' | 'high_yield';
  principal_amount: string;
  interest_rate_annual: string;
  start_date: IsoDate;
  maturity_date: IsoDate;
  status: string;
  accrued_through: IsoDate;
  last_posted_period: IsoDate | null;
  interest_accrued: string;
}

export interface BreakdownRow extends SchedulePeriod {
  /** What the ledger holds for the period (null: nothing posted, the amount rounded to 0). */
  ledgerAmount: string | null;
  postedOn: IsoDate | null;
}

export interface EntryRow {
  transaction_type: string;
  amount: string;
  value_effect: string;
  transaction_date: IsoDate;
  posting_period: IsoDate | null;
  reversed_type: string | null;
  /** An early redemption's entry (decision 1951): its principal stops earning on the entry's date. */
  is_redemption: boolean;
}

function cents(amount: string): bigint {
  return parseMoneyToCents(amount) ?? 0n;
}

export async function readBreakdownNote(
  db: Executor,
  investmentId: string,
  investorId?: string,
): Promise<BreakdownNote | null> {
  const owner = investorId ? sql`and i.investor_id = ${investorId}::uuid` : sql``;
  const result = await db.execute(sql`
    select i.id, i.investment_type, i.principal_amount::text as principal_amount,
           i.interest_rate_annual::text as interest_rate_annual,
           to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date,
           i.status, to_char(i.accrued_through, 'YYYY-MM-DD') as accrued_through,
           to_char(i.last_posted_period, 'YYYY-MM-DD') as last_posted_period, i.interest_accrued::text as interest_accrued
    from investments i where i.id = ${investmentId}::uuid ${owner}`);
  return rowsOf<BreakdownNote>(result)[0] ?? null;
}

async function readEntries(db: Executor, investmentId: string): Promise<EntryRow[]> {
  const result = await db.execute(sql`
    select t.transaction_type, t.amount::text as amount, t.value_effect::text as value_effect,
           to_char(t.transaction_date, 'YYYY-MM-DD') as transaction_date,
           to_char(t.posting_period, 'YYYY-MM-DD') as posting_period, r.transaction_type as reversed_type,
           t.early_redemption_id is not null as is_redemption
    from investment_transactions t
    left join investment_transactions r on r.id = t.reverses_transaction_id
    where t.investment_id = ${investmentId}::uuid
    order by t.created_at, t.id`);
  return rowsOf<EntryRow>(result);
}

/**
 * A note's principal changes, from its entries. An early redemption (its amount paid and its
 * penalty together) stops earning on its date, on either plan (decision 1951); otherwise
 * High-Yield principal never changes while it earns.
 */
function reductionsOf(note: BreakdownNote, entries: readonly EntryRow[]): PrincipalReduction[] {
  const reductions: PrincipalReduction[] = [];
  for (const entry of entries) {
    if (entry.is_redemption) {
      reductions.push({ from: entry.transaction_date, amount: entry.amount });
    } else if (note.investment_type !== 'standard') {
    } else if (entry.transaction_type === 'withdrawal') {
      reductions.push({ from: addDays(entry.transaction_date, 1), amount: entry.amount });
    } else if (entry.transaction_type === 'reinvestment' && cents(entry.value_effect) < 0n) {
      reductions.push({ from: entry.transaction_date, amount: entry.amount });
    } else if (entry.transaction_type === 'reversal' && entry.reversed_type === 'withdrawal') {
      reductions.push({
        from: addDays(entry.transaction_date, 1),
        amount: centsToMoney(-cents(entry.amount)),
      });
    }
  }
  return reductions;
}

export interface NoteBreakdown {
  rows: BreakdownRow[];
  /** Interest paid or credited so far, net of reversals. */
  incomeToDate: string;
  /** The schedule's periods still to come (High-Yield to maturity, Standard the next 12 months). */
  projection: SchedulePeriod[];
}

/**
 * The posted periods (those up to the note's last posted month) with the ledger's amount
 * beside the schedule's, and for a High-Yield note the periods still to come.
 */
export async function buildNoteBreakdown(db: Executor, note: BreakdownNote): Promise<NoteBreakdown> {
  const entries = await readEntries(db, note.id);
  // A Standard note's reinvested months compound (decision 1740); High-Yield credits do not.
  const reinvestment =
    note.investment_type === 'high_yield'
      ? undefined
      : ((await readReinvestmentChoices(db, [note.id])).get(note.id) ?? []);
  return breakdownOf(note, entries, reinvestment);
}

/**
 * The breakdown from what was read: the note, its entries (any order) and, for a Standard note,
 * its reinvestment choices. The ledger check recomputes every posting with it in batches, without
 * the projection (`projected: false`: the schedule stops at the last posted period's end).
 */
export function breakdownOf(
  note: BreakdownNote,
  entries: readonly EntryRow[],
  reinvestment: readonly ReinvestmentChoice[] | undefined,
  options: { projected: boolean } = { projected: true },
): NoteBreakdown {
  const postings = new Map<IsoDate, EntryRow>();
  let income = 0n;
  for (const entry of entries) {
    if (entry.transaction_type === 'interest_payment' && entry.posting_period) {
      postings.set(entry.posting_period, entry);
      income += cents(entry.amount);
    }
    if (entry.transaction_type === 'reversal' && entry.reversed_type === 'interest_payment') {
      income -= cents(entry.amount);
    }
  }
  const isHighYield = note.investment_type === 'high_yield';
  const isClosed = note.status === 'withdrawn';
  const lastPosted = note.last_posted_period;
  // A note emptied by a transfer (Standard) or paid out before maturity (an undone rollover)
  // had its last posting end on the day it stopped earning.
  // An earning Standard note is projected 12 months past its last posting (decision 1740: a
  // reinvesting note's months compound), assuming no transfer.
  const isEarningStandard = !isHighYield && note.status === 'active';
  const endDate = isHighYield
    ? isClosed
      ? minDate(note.maturity_date, note.accrued_through)
      : note.maturity_date
    : isClosed
      ? note.accrued_through
      : isEarningStandard
        ? addMonths(startOfMonth(lastPosted ?? note.start_date), 13)
        : maxDate(addMonths(lastPosted ?? note.start_date, 1), note.start_date);
  // A period's figures depend only on the periods before it, so ending the schedule after the
  // last posted period leaves every posted row as it is.
  const postedEnd = lastPosted === null ? note.start_date : addMonths(lastPosted, 1);
  const schedule = interestSchedule({
    principal: note.principal_amount,
    rate: note.interest_rate_annual,
    startDate: note.start_date,
    reductions: reductionsOf(note, entries),
    ...(isHighYield ? {} : { reinvestment: reinvestment ?? [] }),
    endDate: options.projected ? endDate : minDate(endDate, postedEnd),
  });
  const rows: BreakdownRow[] = [];
  const projection: SchedulePeriod[] = [];
  for (const period of schedule) {
    if (lastPosted !== null && period.period <= lastPosted) {
      const entry = postings.get(period.period);
      rows.push({
        ...period,
        // Where the posting went is the ledger's fact (a closed note's last interest is paid out).
        reinvested: isHighYield ? false : entry ? cents(entry.value_effect) > 0n : period.reinvested,
        ledgerAmount: entry?.amount ?? null,
        postedOn: entry?.transaction_date ?? null,
      });
    } else if (note.status === 'active') {
      projection.push(period);
    }
  }
  return { rows, incomeToDate: centsToMoney(income), projection };
}
