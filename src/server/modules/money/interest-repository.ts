/**
 * The set-based statements that accrue and post interest (PRODUCT.md 13). Accrual is a
 * closed form of the day count, so catching up any number of days gives the same figure
 * as accruing them one by one, and a re-run finds nothing left to do.
 */
import { type SQL, sql } from 'drizzle-orm';
import { addDays, addMonths, type IsoDate, startOfMonth } from '../../../shared/dates/calendar-date';
import { type Executor, rowsOf } from '../../db/client';
import {
  type BackupWithholdingRule,
  backupWithholdingReasonSql,
} from '../backup-withholding/withholding-rule';
import {
  accrualTargetOn,
  affectedRows,
  cumulativeInterestAt,
  type InvestorRange,
  inInvestorRange,
} from './money-sql';

/** What one posting statement inserted, per investor. */
export interface PostedInterest {
  investorId: string;
  /** Standard interest sent to the bank. */
  paidToBank: string;
  /** Interest credited to notes: High-Yield, and Standard notes that reinvest (decision 1740). */
  creditedToNotes: string;
  /** The part of `paidToBank` withheld as backup withholding (decision 1911): not sent to the bank. */
  backupWithheld: string;
  entries: number;
}

export interface PostingWrite {
  executionDate: IsoDate;
  now: Date;
  /** Settlement date of the ACH credits created for Standard interest. */
  achEffectiveDate: IsoDate;
  /** Backup withholding on interest paid to the bank (decisions 1911-1912). */
  backupWithholding: BackupWithholdingRule;
}

interface PostingSpec extends PostingWrite {
  /** The calendar month posted (its first day): the unique key with the note. */
  period: IsoDate;
  /** Which notes are due for this period. */
  dueNotes: SQL;
  /** Interest is posted for the days before this date. */
  coveredUntil: SQL;
  /** The note's accrued_through after the statement. */
  accruedThrough: SQL;
  /**
   * Whether a Standard note's choice to reinvest applies (decision 1740): not to the last
   * interest of a note a transfer empties, which has no principal left to credit it to.
   */
  reinvestAllowed: boolean;
  /**
   * Whose notes `dueNotes` can name, when it names more than one: the statement's other scans
   * (the notes it moves, the bank accounts it pays to) are kept to them, so a batch reads its
   * own investors' rows and not whole tables (decision 1413). An investor id never changes, so
   * this restricts nothing `dueNotes` lets through.
   */
  owners: NoteOwners | null;
}

/**
 * Whether the note's posting of `period` is credited to it (decision 1740): the choice with the
 * latest effective month on or before the period; none is off. The SQL twin of the shared
 * `reinvestsInPeriod`.
 */
function reinvestsInPeriodSql(period: IsoDate): SQL {
  return sql`(i.investment_type = 'standard' and coalesce((
    select c.reinvest from interest_reinvestment_changes c
    where c.investment_id = i.id and c.effective_period <= ${period}::date
    order by c.effective_period desc, c.id desc limit 1), false))`;
}

/**
 * Inserts the interest_payment entries of one period (plus the ACH credit for Standard
 * notes) and moves the note's posted figures in the same statement. The unique key on
 * (investment_id, posting_period) makes a second posting impossible: a concurrent run's
 * insert waits for the first and then skips, and only inserted entries move the figures.
 */
async function postPeriod(tx: Executor, spec: PostingSpec): Promise<PostedInterest[]> {
  const creditedNote = 'Interest credited to note';
  const paidNote = 'Interest paid to your bank account';
  const reinvestedNote = 'Interest reinvested in note';
  const reinvestedNow = sql`case when d.reinvest then coalesce(e.amount, 0) else 0 end`;
  const reinvestedAmount = sql`(i.interest_reinvested + ${reinvestedNow})`;
  const reinvestedDays = sql`(i.reinvested_principal_days + ${reinvestedNow} * (d.covered_until - i.start_date))`;
  const result = await tx.execute(sql`
    with owed as (
      select i.id, i.investor_id, i.investment_type,
             round(${cumulativeInterestAt(spec.coveredUntil)}, 2) - i.interest_posted as amount,
             ${spec.coveredUntil} as covered_until,
             ${spec.reinvestAllowed ? reinvestsInPeriodSql(spec.period) : sql`false`} as reinvest,
             ${spec.accruedThrough} as accrued_to
      from investments i
      where ${spec.dueNotes}
        and (i.last_posted_period is null or i.last_posted_period < ${spec.period}::date)
    ),
    paid as (
      select o.*, (o.investment_type = 'standard' and not o.reinvest) as is_paid_out from owed o
    ),
    due as (
      select p.*, case when p.is_paid_out then time_ordered_uuid() end as ach_payment_id,
             case when p.is_paid_out then ${backupWithholdingReasonSql(sql`p.investor_id`, sql`${spec.executionDate}::date`, spec.backupWithholding)} end
               as withholding_reason
      from paid p
    ),
    entries as (
      insert into investment_transactions
        (investment_id, investor_id, transaction_type, amount, value_effect, transaction_date, posting_period,
         ach_payment_id, backup_withheld, notes, created_at)
      select d.id, d.investor_id, 'interest_payment', d.amount,
             case when d.investment_type = 'high_yield' or d.reinvest then d.amount else 0 end,
             ${spec.executionDate}::date, ${spec.period}::date, d.ach_payment_id,
             case when d.withholding_reason is null then 0
                  else round(d.amount * ${spec.backupWithholding.rate}::numeric, 2) end,
             case when d.investment_type = 'high_yield' then ${creditedNote}
                  when d.reinvest then ${reinvestedNote} else ${paidNote} end,
             ${spec.now}::timestamptz
      from due d where d.amount > 0
      on conflict (investment_id, posting_period) where transaction_type = 'interest_payment' do nothing
      returning id, investment_id, investor_id, amount, ach_payment_id, backup_withheld
    ),
    withheld as (
      insert into backup_withholding_entries
        (investor_id, investment_id, transaction_id, entry_date, interest_amount, amount, rate, reason, created_at)
      select e.investor_id, e.investment_id, e.id, ${spec.executionDate}::date, e.amount, e.backup_withheld,
             ${spec.backupWithholding.rate}::numeric, d.withholding_reason, ${spec.now}::timestamptz
      from entries e join due d on d.id = e.investment_id
      where e.backup_withheld > 0
    ),
    credits as (
      insert into ach_payments
        (id, investor_id, bank_account_id, investment_id, payment_type, direction, amount, status, effective_date,
         posting_period, created_at, updated_at)
      select e.ach_payment_id, e.investor_id, b.id, e.investment_id, 'interest', 'credit', e.amount - e.backup_withheld, 'pending',
             ${spec.achEffectiveDate}::date, ${spec.period}::date, ${spec.now}::timestamptz, ${spec.now}::timestamptz
      from entries e
      left join bank_accounts b on b.investor_id = e.investor_id and b.is_primary and b.deleted_at is null
        ${spec.owners ? sql`and ${ownedBy(spec.owners, sql`b.investor_id`)}` : sql``}
      where e.ach_payment_id is not null
    ),
    moved as (
      update investments i set
        interest_posted = i.interest_posted + coalesce(e.amount, 0),
        last_posted_period = ${spec.period}::date,
        accrued_through = d.accrued_to,
        interest_reinvested = ${reinvestedAmount},
        reinvested_principal_days = ${reinvestedDays},
        interest_accrued = ${cumulativeInterestAt(sql`d.accrued_to`, { amount: reinvestedAmount, principalDays: reinvestedDays })}
          - (i.interest_posted + coalesce(e.amount, 0))
      from due d left join entries e on e.investment_id = d.id
      where i.id = d.id and (e.investment_id is not null or d.amount = 0)
        ${spec.owners ? sql`and ${ownedBy(spec.owners)}` : sql``}
    )
    select e.investor_id,
           coalesce(sum(e.amount) filter (where e.ach_payment_id is not null), 0)::text as paid_to_bank,
           coalesce(sum(e.amount) filter (where e.ach_payment_id is null), 0)::text as credited_to_notes,
           coalesce(sum(e.backup_withheld), 0)::text as backup_withheld,
           count(*)::int as entries
    from entries e group by e.investor_id`);
  return rowsOf<{
    investor_id: string;
    paid_to_bank: string;
    credited_to_notes: string;
    backup_withheld: string;
    entries: number;
  }>(result).map((row) => ({
    investorId: row.investor_id,
    paidToBank: row.paid_to_bank,
    creditedToNotes: row.credited_to_notes,
    backupWithheld: row.backup_withheld,
    entries: row.entries,
  }));
}

/** Which notes of a range the month-by-month posting covers. */
export type PostingScope = 'active' | 'maturing';

function scopeFilter(scope: PostingScope, executionDate: IsoDate): SQL {
  return scope === 'maturing'
    ? sql`i.investment_type = 'high_yield' and i.maturity_date <= ${executionDate}::date`
    : sql`true`;
}

/** Whose notes a posting covers: a batch's investor range, or one investor. */
export type NoteOwners = InvestorRange | { investorId: string };

function ownedBy(owners: NoteOwners, column: SQL = sql`i.investor_id`): SQL {
  return 'investorId' in owners
    ? sql`${column} = ${owners.investorId}::uuid`
    : inInvestorRange(owners, column);
}

async function firstUnpostedPeriod(tx: Executor, owners: SQL, filter: SQL): Promise<IsoDate | null> {
  const result = await tx.execute(sql`
    select to_char(min(coalesce(i.last_posted_period + interval '1 month', date_trunc('month', i.start_date))), 'YYYY-MM-DD')
           as period
    from investments i
    where i.status = 'active' and ${owners} and ${filter}`);
  return rowsOf<{ period: string | null }>(result)[0]?.period ?? null;
}

/**
 * Posts, oldest first, every period of the owners' active notes that has ended before the
 * execution date: whole calendar months, and a High-Yield note's last stub once it has
 * reached maturity. `lastPeriod` bounds the loop (the last month that can be due).
 */
export async function postEndedPeriods(
  tx: Executor,
  input: PostingWrite & { range: NoteOwners; scope: PostingScope; lastPeriod: IsoDate },
): Promise<PostedInterest[]> {
  const filter = scopeFilter(input.scope, input.executionDate);
  const owners = ownedBy(input.range);
  const first = await firstUnpostedPeriod(tx, owners, filter);
  if (first === null) return [];
  const posted: PostedInterest[] = [];
  for (let period = first; period <= input.lastPeriod; period = addMonths(period, 1)) {
    const nextPeriod = addMonths(period, 1);
    const coveredUntil = sql`(case when i.investment_type = 'high_yield' then least(${nextPeriod}::date, i.maturity_date) else ${nextPeriod}::date end)`;
    posted.push(
      ...(await postPeriod(tx, {
        ...input,
        period,
        coveredUntil,
        accruedThrough: sql`greatest(i.accrued_through, ${accrualTargetOn(input.executionDate)})`,
        reinvestAllowed: true,
        owners: input.range,
        dueNotes: sql`i.status = 'active' and ${owners} and ${filter}
          and i.start_date < ${nextPeriod}::date
          and not (i.investment_type = 'high_yield' and i.maturity_date <= ${period}::date)
          and ${coveredUntil} <= ${input.executionDate}::date`,
      })),
    );
  }
  return posted;
}

/**
 * Posts every calendar month of the investor's active notes that ended before the execution
 * date, as the month-end run would have: called before money leaves a note (a transfer paid,
 * a conversion), so that a missed or later month-end run cannot fold the move into a month
 * that had already ended (issue 13 item 4, docs/decisions/1310).
 */
export async function postEndedMonthsOfInvestor(
  tx: Executor,
  input: PostingWrite & { investorId: string },
): Promise<PostedInterest[]> {
  return postEndedPeriods(tx, {
    ...input,
    range: { investorId: input.investorId },
    scope: 'active',
    lastPeriod: addMonths(startOfMonth(input.executionDate), -1),
  });
}

/**
 * Posts everything a Standard note earned up to `until` (exclusive) as one last entry:
 * used when a withdrawal empties the note, which then stops earning.
 */
export async function postClosingInterest(
  tx: Executor,
  input: PostingWrite & { investmentId: string; until: IsoDate },
): Promise<PostedInterest[]> {
  return postPeriod(tx, {
    ...input,
    period: `${addDays(input.until, -1).slice(0, 7)}-01`,
    coveredUntil: sql`${input.until}::date`,
    accruedThrough: sql`greatest(i.accrued_through, ${input.until}::date)`,
    reinvestAllowed: false,
    owners: null,
    dueNotes: sql`i.id = ${input.investmentId}::uuid and i.status = 'active'`,
  });
}

/**
 * Accrues every day not yet accrued before the execution date: accrued_through moves in
 * the same statement that sets the interest, so no day is ever counted twice.
 */
export async function accrueThrough(
  tx: Executor,
  input: { range: InvestorRange; executionDate: IsoDate },
): Promise<number> {
  const target = accrualTargetOn(input.executionDate);
  const result = await tx.execute(sql`
    update investments i set
      accrued_through = ${target},
      interest_accrued = ${cumulativeInterestAt(target)} - i.interest_posted
    where i.status = 'active' and ${inInvestorRange(input.range)} and i.accrued_through < ${target}`);
  return affectedRows(result);
}
