/**
 * The ledger check (`npm run check:ledger`, also run by the tests): recomputes every note's
 * value and interest from its entries alone and compares them with the figures the
 * platform keeps and shows (the note's own columns and the value the portal reads,
 * investment_ledger_values), recomputes every interest posting from its note's terms, and
 * names every investor and note that disagree.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { ReinvestmentChoice } from '../../../shared/investments/interest-reinvestment';
import { type Executor, rowsOf } from '../../db/client';
import { type BreakdownNote, breakdownOf, type EntryRow } from './interest-breakdown';
import { cumulativeInterestAt } from './money-sql';

export interface LedgerProblem {
  investorId: string;
  investmentId: string | null;
  check: string;
  expected: string;
  actual: string;
  /** Where `expected` comes from, when not from the entries (a recomputed posting: the note's terms). */
  expectedFrom?: string;
}

export interface LedgerReport {
  investorsChecked: number;
  notesChecked: number;
  /** Interest postings recomputed from their note's terms through the shared interest schedule. */
  postingsRecomputed: number;
  /** Applied four-eyes adjustments (decision 1621), each matched to its one ledger entry. */
  adjustmentsChecked: number;
  /** Their net effect on note values, signed ("-12.50"). */
  adjustmentsNet: string;
  /** Adjustments still waiting for a second admin (they have no entry yet). */
  adjustmentsPending: number;
  problems: LedgerProblem[];
}

/** Stops listing after this many problems so a broken database still gives a readable report. */
const PROBLEM_LIMIT = 1_000;

/**
 * Per note, from the entries: value (sum of value effects), interest posted net of reversals,
 * funds drawn out (withdrawals, reinvestments out) net of reversals, and the one entry that
 * funded it (its purchase, or the reinvestment into it). An early redemption's penalty (decision 1951) leaves the
 * note as drawn funds do. Against the note's kept figures: value =
 * principal + credited interest - withdrawn + adjusted (0 once cancelled), interest_posted,
 * interest_reinvested (a Standard note's credited interest, decision 1740),
 * amount_adjusted, the accrual (exact cumulative interest to accrued_through less what was posted).
 */
const noteChecks = sql`
  with ledger as (
    select t.investment_id,
           sum(t.value_effect) as value,
           sum(case when t.transaction_type = 'interest_payment' then t.amount
                    when r.transaction_type = 'interest_payment' then -t.amount else 0 end) as interest,
           sum(case when t.transaction_type in ('withdrawal', 'redemption_penalty')
                         or (t.transaction_type = 'reinvestment' and t.value_effect < 0)
                      then t.amount
                    when r.transaction_type in ('withdrawal', 'redemption_penalty')
                         or (r.transaction_type = 'reinvestment' and r.value_effect < 0)
                      then -t.amount
                    else 0 end) as withdrawn,
           sum(t.value_effect) filter (where t.transaction_type = 'adjustment') as adjusted,
           sum(case when t.transaction_type = 'interest_payment' then t.value_effect
                    when r.transaction_type = 'interest_payment' then t.value_effect else 0 end) as credited,
           count(*) filter (where t.transaction_type = 'purchase' or (t.transaction_type = 'reinvestment' and t.value_effect > 0))
             as purchases,
           sum(t.amount) filter (where t.transaction_type = 'purchase'
                                    or (t.transaction_type = 'reinvestment' and t.value_effect > 0)) as purchased
    from investment_transactions t
    left join investment_transactions r on r.id = t.reverses_transaction_id
    group by t.investment_id
  ),
  notes as (
    select i.id, i.investor_id, i.status, i.investment_type,
           coalesce(l.value, 0) as ledger_value,
           case when i.status = 'cancelled' then 0
                else i.principal_amount + case when i.investment_type = 'high_yield' then i.interest_posted else i.interest_reinvested end
                     - i.amount_withdrawn + i.amount_adjusted end as kept_value,
           coalesce(l.adjusted, 0) as ledger_adjusted, i.amount_adjusted,
           case when i.investment_type = 'standard' then coalesce(l.credited, 0) else 0 end as ledger_reinvested,
           case when i.status = 'cancelled' then 0 else i.interest_reinvested end as kept_reinvested,
           coalesce(l.interest, 0) as ledger_interest,
           case when i.status = 'cancelled' then 0 else i.interest_posted end as kept_interest,
           coalesce(l.withdrawn, 0) as ledger_withdrawn, i.amount_withdrawn,
           coalesce(l.purchases, 0) as purchases, l.purchased, i.principal_amount,
           i.interest_accrued,
           case when i.status = 'active' then ${cumulativeInterestAt(sql`i.accrued_through`)} - i.interest_posted else 0 end
             as expected_accrued,
           i.accrued_through, i.start_date, i.maturity_date,
           coalesce(v.value, 0) as portal_value
    from investments i left join ledger l on l.investment_id = i.id
    left join investment_ledger_values v on v.investment_id = i.id
  )
  select id, investor_id, check_name, expected, actual from (
    select id, investor_id, 'note value' as check_name, ledger_value::text as expected, kept_value::text as actual
    from notes where ledger_value <> kept_value
    union all
    -- The value the portal reads (decision 1972), kept by the ledger's triggers.
    select id, investor_id, 'note value kept for the portal', ledger_value::text, portal_value::text
    from notes where ledger_value <> portal_value
    union all
    select id, investor_id, 'interest posted', ledger_interest::text, kept_interest::text
    from notes where ledger_interest <> kept_interest
    union all
    select id, investor_id, 'amount withdrawn', ledger_withdrawn::text, amount_withdrawn::text
    from notes where ledger_withdrawn <> amount_withdrawn
    union all
    select id, investor_id, 'amount adjusted', ledger_adjusted::text, amount_adjusted::text
    from notes where ledger_adjusted <> amount_adjusted
    union all
    select id, investor_id, 'interest reinvested', ledger_reinvested::text, kept_reinvested::text
    from notes where ledger_reinvested <> kept_reinvested
    union all
    select id, investor_id, 'funding entry', '1 of ' || principal_amount::text,
           purchases::text || ' of ' || coalesce(purchased::text, '0')
    from notes where purchases <> 1 or purchased <> principal_amount
    union all
    select id, investor_id, 'interest accrued', expected_accrued::text, interest_accrued::text
    from notes where interest_accrued <> expected_accrued
    union all
    select id, investor_id, 'accrued through', 'from ' || start_date::text || case when investment_type = 'high_yield'
             then ' to ' || maturity_date::text else '' end, accrued_through::text
    from notes where accrued_through < start_date or (investment_type = 'high_yield' and accrued_through > maturity_date)
  ) problems`;

/**
 * Standard interest is paid by ACH: each posting has its credit for the same amount, unless
 * the note reinvests it (decision 1740: credited to the note, no ACH credit, as its choice for
 * that month says). No
 * credit may leave before its note's funding debit has settled (PRODUCT.md 36); one that left
 * for a note later cancelled must be recorded as owed back, for its amount.
 */
const paymentChecks = sql`
  select t.investment_id as id, t.investor_id, 'interest credit' as check_name, t.amount::text as expected,
         coalesce(a.amount::text, 'none') as actual
  from investment_transactions t
  join investments i on i.id = t.investment_id
  left join ach_payments a on a.id = t.ach_payment_id and a.payment_type = 'interest'
  where t.transaction_type = 'interest_payment' and i.investment_type = 'standard' and t.value_effect = 0
    and (a.id is null or a.amount <> t.amount - t.backup_withheld or a.posting_period <> t.posting_period)
  union all
  -- Backup withholding (decision 1911): every withheld part is in the liability account for its
  -- amount, reversed with its entry, and nothing is withheld from interest credited to a note.
  select t.investment_id, t.investor_id, 'backup withholding of ' || t.id::text, t.backup_withheld::text,
         coalesce(w.amount::text, 'none')
  from investment_transactions t
  left join backup_withholding_entries w on w.transaction_id = t.id
  where t.transaction_type in ('interest_payment', 'withdrawal') and (t.backup_withheld > 0 or w.id is not null)
    and (w.amount is distinct from t.backup_withheld
         or (t.transaction_type = 'interest_payment' and t.value_effect <> 0))
  union all
  select r.investment_id, r.investor_id, 'backup withholding reversed with ' || r.id::text,
         (-w.amount)::text, coalesce(v.amount::text, 'none')
  from investment_transactions r
  join backup_withholding_entries w on w.transaction_id = r.reverses_transaction_id
  left join backup_withholding_entries v on v.transaction_id = r.id
  where r.transaction_type = 'reversal' and v.amount is distinct from -w.amount
  union all
  select t.investment_id, t.investor_id, 'reinvested interest ' || t.id::text || ' with an ACH credit', 'none',
         t.ach_payment_id::text
  from investment_transactions t
  where t.transaction_type = 'interest_payment' and t.value_effect > 0 and t.ach_payment_id is not null
  union all
  select t.investment_id, t.investor_id,
         'interest of ' || to_char(t.posting_period, 'YYYY-MM') || ' by the reinvestment choice',
         case when t.value_effect > 0 then 'paid to the bank' else 'credited to the note' end,
         case when t.value_effect > 0 then 'credited to the note' else 'paid to the bank' end
  from investment_transactions t
  join investments i on i.id = t.investment_id
  cross join lateral (
    select coalesce((select c.reinvest from interest_reinvestment_changes c
                     where c.investment_id = i.id and c.effective_period <= t.posting_period
                     order by c.effective_period desc, c.id desc limit 1), false) as reinvest
  ) choice
  where t.transaction_type = 'interest_payment' and i.investment_type = 'standard'
    and ((t.value_effect > 0 and not choice.reinvest)
      -- The last interest of a note a transfer emptied is paid to the bank whatever the choice.
      or (t.value_effect = 0 and choice.reinvest
          and not (i.status = 'withdrawn' and t.posting_period = i.last_posted_period)))
  union all
  select null, w.investor_id, 'withdrawal ' || w.id::text, w.amount::text,
         coalesce(sum(t.amount) filter (where t.transaction_type = 'withdrawal'), 0)::text || ' drawn, '
           || coalesce(max(a.amount)::text, 'no') || ' credited'
  from withdrawals w
  left join investment_transactions t on t.withdrawal_id = w.id and t.transaction_type = 'withdrawal'
  left join ach_payments a on a.id = w.ach_payment_id
  where w.status in ('paid', 'failed') and w.ach_payment_id is not null
  group by w.id, w.investor_id, w.amount
  having coalesce(sum(t.amount) filter (where t.transaction_type = 'withdrawal'), 0) <> w.amount
      or max(a.amount) is distinct from
         w.amount - coalesce(sum(t.backup_withheld) filter (where t.transaction_type = 'withdrawal'), 0)
  union all
  -- A paid early redemption (decision 1951): one entry of the amount paid with its credit, one of the penalty.
  select e.investment_id, e.investor_id, 'early redemption ' || e.id::text,
         e.amount_paid::text || ' paid, ' || e.penalty::text || ' penalty, credited ' || e.amount_paid::text,
         coalesce(sum(t.amount) filter (where t.transaction_type = 'withdrawal'), 0)::text || ' paid, '
           || coalesce(sum(t.amount) filter (where t.transaction_type = 'redemption_penalty'), 0)::text || ' penalty, credited '
           || coalesce(max(a.amount)::text, 'nothing')
  from early_redemptions e
  left join investment_transactions t on t.early_redemption_id = e.id
  left join ach_payments a on a.id = e.ach_payment_id
  where e.status = 'paid'
  group by e.id, e.investment_id, e.investor_id, e.amount_paid, e.penalty
  having coalesce(sum(t.amount) filter (where t.transaction_type = 'withdrawal'), 0) <> e.amount_paid
      or coalesce(sum(t.amount) filter (where t.transaction_type = 'redemption_penalty'), 0) <> e.penalty
      or count(*) filter (where t.transaction_type = 'redemption_penalty') <> 1
      or max(a.amount) is distinct from
         e.amount_paid - coalesce(sum(t.backup_withheld) filter (where t.transaction_type = 'withdrawal'), 0)
  union all
  select a.investment_id, a.investor_id, 'interest credit sent before its funding settled', 'funding settled',
         'funding ' || f.status
  from ach_payments a
  join investments i on i.id = a.investment_id
  join ach_payments f on f.investment_id = a.investment_id and f.payment_type = 'funding'
  where a.payment_type = 'interest' and a.status = 'settled' and i.status <> 'cancelled' and f.status <> 'settled'
  union all
  select a.investment_id, a.investor_id, 'interest credit of a cancelled note ' || a.id::text,
         'owed back ' || a.amount::text, coalesce('owed back ' || o.amount::text, 'nothing recorded')
  from ach_payments a
  join investments i on i.id = a.investment_id
  left join amounts_owed o on o.ach_payment_id = a.id and o.direction = 'owed_by_investor'
  where a.payment_type = 'interest' and a.status = 'settled' and i.status = 'cancelled'
    and o.amount is distinct from a.amount`;

/**
 * Four-eyes adjustments (decision 1621): an applied one has exactly one `adjustment` entry on its
 * note for its amount and direction, and no entry exists without an applied adjustment.
 */
const adjustmentChecks = sql`
  select a.investment_id as id, a.investor_id, 'adjustment ' || a.id::text as check_name,
         case a.direction when 'credit' then '+' else '-' end || a.amount::text as expected,
         coalesce(t.value_effect::text, 'no entry') as actual
  from ledger_adjustments a
  left join investment_transactions t on t.id = a.transaction_id and t.transaction_type = 'adjustment'
    and t.adjustment_id = a.id and t.investment_id = a.investment_id
  where a.status = 'applied'
    and (t.id is null or t.value_effect <> case a.direction when 'credit' then a.amount else -a.amount end)
  union all
  select t.investment_id, t.investor_id, 'adjustment entry ' || t.id::text, 'an applied adjustment',
         coalesce(a.status, 'none')
  from investment_transactions t
  left join ledger_adjustments a on a.id = t.adjustment_id and a.transaction_id = t.id
  where t.transaction_type = 'adjustment' and (a.id is null or a.status <> 'applied')`;

/**
 * ACH payments against their consequences (decision 1500): a funding debit that did not settle
 * (failed, came back, or was cancelled before it was sent: PRODUCT.md 36, 39) has cancelled its note; a credit that failed or came back is owed to the investor; an
 * owed amount is resolved only by a settled re-payment; a payment the rail carries names its
 * transfer, a returned one its R code. And every difference the last daily reconciliation found
 * between the ledger's payments and the rail's events.
 */
const achChecks = sql`
  select a.investment_id as id, a.investor_id::text as investor_id,
         'funding debit ' || a.status || ' (' || a.id::text || ')' as check_name,
         'note cancelled' as expected, 'note ' || i.status as actual
  from ach_payments a join investments i on i.id = a.investment_id
  where a.payment_type = 'funding' and a.status in ('failed', 'returned', 'cancelled') and i.status <> 'cancelled'
  union all
  select a.investment_id, a.investor_id::text, a.payment_type || ' credit ' || a.status || ' (' || a.id::text || ')',
         'owed to investor ' || a.amount::text, coalesce('owed to investor ' || o.amount::text, 'nothing recorded')
  from ach_payments a
  left join amounts_owed o on o.ach_payment_id = a.id and o.direction = 'owed_to_investor'
  where a.direction = 'credit' and a.repays_amount_owed_id is null
    and ((a.payment_type = 'interest' and a.status in ('failed', 'returned'))
         or (a.payment_type = 'withdrawal' and a.status = 'returned'))
    and o.amount is distinct from a.amount
  union all
  select o.investment_id, o.investor_id::text, 'owed amount ' || o.id::text || ' resolved',
         'a settled re-payment', 'none'
  from amounts_owed o
  where o.direction = 'owed_to_investor' and o.status = 'resolved'
    and not exists (select 1 from ach_payments r where r.repays_amount_owed_id = o.id and r.status = 'settled')
  union all
  select a.investment_id, a.investor_id::text, 'payment ' || a.id::text || ' ' || a.status || ' on the rail',
         'a transfer id', 'none'
  from ach_payments a
  where a.provider = 'plaid' and a.status in ('posted', 'settled', 'returned') and a.provider_reference is null
  union all
  select a.investment_id, a.investor_id::text, 'returned payment ' || a.id::text, 'an ACH return code', 'none'
  from ach_payments a
  where a.provider = 'plaid' and a.status = 'returned' and a.return_code is null
  union all
  select a.investment_id, coalesce(a.investor_id::text, 'no investor (transfer ' || d.transfer_id || ')'),
         'reconciliation ' || to_char(d.reconciled_on, 'YYYY-MM-DD') || ': ' || d.kind, d.expected, d.actual
  from ach_reconciliation_differences d
  left join ach_payments a on a.id = d.ach_payment_id
  where d.reconciled_on = (select (value #>> '{}')::date from app_settings where key = 'ach_reconciliation_last_run')`;

/** The balance the portal shows (active and matured notes) against the same sum from the entries. */
const balanceChecks = sql`
  with values_by_note as (
    select i.investor_id, i.id, i.status,
           coalesce((select sum(t.value_effect) from investment_transactions t where t.investment_id = i.id), 0) as ledger_value,
           i.principal_amount + case when i.investment_type = 'high_yield' then i.interest_posted else i.interest_reinvested end
             - i.amount_withdrawn + i.amount_adjusted as kept_value
    from investments i where i.status in ('active', 'matured')
  )
  select null as id, investor_id, 'balance' as check_name, sum(ledger_value)::text as expected, sum(kept_value)::text as actual
  from values_by_note group by investor_id having sum(ledger_value) <> sum(kept_value)`;

/** Notes read at a time when every posting is recomputed: memory stays flat at a million notes. */
const RECOMPUTE_BATCH = 5_000;

interface RecomputeBatch {
  notes: (BreakdownNote & { investor_id: string })[];
  entries: Map<string, EntryRow[]>;
  choices: Map<string, ReinvestmentChoice[]>;
}

function groupBy<Row extends { investment_id: string }, Value>(
  rows: Row[],
  value: (row: Row) => Value,
): Map<string, Value[]> {
  const grouped = new Map<string, Value[]>();
  for (const row of rows) {
    const list = grouped.get(row.investment_id) ?? [];
    list.push(value(row));
    grouped.set(row.investment_id, list);
  }
  return grouped;
}

/** The notes after `after` in id order, with their entries and reinvestment choices. */
async function readRecomputeBatch(db: Executor, after: string | null): Promise<RecomputeBatch> {
  const notes: RecomputeBatch['notes'] = rowsOf(
    await db.execute(sql`
      select i.id, i.investor_id, i.investment_type, i.principal_amount::text as principal_amount,
             i.interest_rate_annual::text as interest_rate_annual,
             to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date,
             i.status, to_char(i.accrued_through, 'YYYY-MM-DD') as accrued_through,
             to_char(i.last_posted_period, 'YYYY-MM-DD') as last_posted_period, i.interest_accrued::text as interest_accrued
      from investments i
      where ${after === null ? sql`true` : sql`i.id > ${after}::uuid`}
      order by i.id limit ${RECOMPUTE_BATCH}`),
  );
  if (notes.length === 0) return { notes, entries: new Map(), choices: new Map() };
  const first = notes[0]!.id;
  const last = notes[notes.length - 1]!.id;
  const entryRows = rowsOf<EntryRow & { investment_id: string }>(
    await db.execute(sql`
      select t.investment_id, t.transaction_type, t.amount::text as amount, t.value_effect::text as value_effect,
             to_char(t.transaction_date, 'YYYY-MM-DD') as transaction_date,
             to_char(t.posting_period, 'YYYY-MM-DD') as posting_period,
             t.early_redemption_id is not null as is_redemption,
             case when t.reverses_transaction_id is not null then
               (select r.transaction_type from investment_transactions r where r.id = t.reverses_transaction_id) end
               as reversed_type
      from investment_transactions t
      where t.investment_id >= ${first}::uuid and t.investment_id <= ${last}::uuid`),
  );
  const choiceRows = rowsOf<{ investment_id: string; reinvest: boolean; effective_period: IsoDate }>(
    await db.execute(sql`
      select investment_id, reinvest, to_char(effective_period, 'YYYY-MM-DD') as effective_period
      from interest_reinvestment_changes
      where investment_id >= ${first}::uuid and investment_id <= ${last}::uuid
      order by id`),
  );
  return {
    notes,
    entries: groupBy(entryRows, (row) => row),
    choices: groupBy(choiceRows, (row) => ({
      effectivePeriod: row.effective_period,
      reinvest: row.reinvest,
    })),
  };
}

/**
 * Every interest posting against its amount recomputed from the note's terms (principal, rate,
 * start, the principal its transfers and conversions took away, its reinvestment choices)
 * through the shared interest schedule, the TypeScript statement of the posting rule, and not
 * through the engine's SQL: a wrong term in that SQL posts wrong amounts that still agree with
 * each other, which the checks above cannot see. A period posted that the schedule does not
 * have is reported too. Notes are read in id order, a batch at a time, the next batch read
 * while this one is recomputed.
 */
async function recomputePostings(db: Executor, problems: LedgerProblem[]): Promise<number> {
  const found: LedgerProblem[] = [];
  let recomputed = 0;
  let next = readRecomputeBatch(db, null);
  for (;;) {
    const batch = await next;
    if (batch.notes.length === 0) break;
    next = readRecomputeBatch(db, batch.notes[batch.notes.length - 1]!.id);
    // Awaited on the next turn, which throws its failure; this only keeps a failure that comes
    // while this batch is being recomputed from counting as unhandled.
    next.catch(() => undefined);
    for (const note of batch.notes) {
      const noteEntries = batch.entries.get(note.id) ?? [];
      const breakdown = breakdownOf(note, noteEntries, batch.choices.get(note.id) ?? [], {
        projected: false,
      });
      const periods = new Set<string>();
      for (const row of breakdown.rows) {
        periods.add(row.period);
        if (row.ledgerAmount !== null) recomputed += 1;
        const posted = row.ledgerAmount ?? '0.00';
        if (posted === row.posted || found.length >= PROBLEM_LIMIT) continue;
        found.push({
          investorId: note.investor_id,
          investmentId: note.id,
          check: `interest of ${row.period.slice(0, 7)}`,
          expected: row.posted,
          expectedFrom: "the note's terms",
          actual: row.ledgerAmount ?? 'nothing posted',
        });
      }
      for (const entry of noteEntries) {
        if (entry.transaction_type !== 'interest_payment' || entry.posting_period === null) continue;
        if (periods.has(entry.posting_period)) continue;
        recomputed += 1;
        if (found.length >= PROBLEM_LIMIT) continue;
        found.push({
          investorId: note.investor_id,
          investmentId: note.id,
          check: `interest of ${entry.posting_period.slice(0, 7)}`,
          expected: 'no posting',
          expectedFrom: "the note's terms",
          actual: entry.amount,
        });
      }
    }
  }
  problems.push(...found);
  return recomputed;
}

export async function runLedgerCheck(db: Executor): Promise<LedgerReport> {
  const problems: LedgerProblem[] = [];
  for (const check of [noteChecks, paymentChecks, adjustmentChecks, achChecks, balanceChecks]) {
    const result = await db.execute(sql`${check} limit ${PROBLEM_LIMIT}`);
    for (const row of rowsOf<{
      id: string | null;
      investor_id: string;
      check_name: string;
      expected: string;
      actual: string;
    }>(result)) {
      problems.push({
        investorId: row.investor_id,
        investmentId: row.id,
        check: row.check_name,
        expected: row.expected,
        actual: row.actual,
      });
    }
  }
  const counts = rowsOf<{
    investors: number;
    notes: number;
    adjustments: number;
    adjustments_net: string;
    adjustments_pending: number;
  }>(
    await db.execute(
      sql`select (select count(*)::int from investors) as investors, (select count(*)::int from investments) as notes,
                 (select count(*)::int from ledger_adjustments where status = 'applied') as adjustments,
                 (select coalesce(sum(case direction when 'credit' then amount else -amount end), 0)::text
                    from ledger_adjustments where status = 'applied') as adjustments_net,
                 (select count(*)::int from ledger_adjustments where status = 'pending') as adjustments_pending`,
    ),
  )[0]!;
  const postingsRecomputed = await recomputePostings(db, problems);
  return {
    investorsChecked: counts.investors,
    notesChecked: counts.notes,
    postingsRecomputed,
    adjustmentsChecked: counts.adjustments,
    adjustmentsNet: counts.adjustments_net,
    adjustmentsPending: counts.adjustments_pending,
    problems,
  };
}

export function formatLedgerReport(report: LedgerReport): string {
  const lines = [
    `Ledger check: ${report.investorsChecked} investors, ${report.notesChecked} notes, ${report.postingsRecomputed} interest postings recomputed, ${report.adjustmentsChecked} adjustments (net ${report.adjustmentsNet}, ${report.adjustmentsPending} awaiting approval), ${report.problems.length} disagreements`,
  ];
  for (const problem of report.problems) {
    const subject = problem.investmentId
      ? `investor ${problem.investorId}, note ${problem.investmentId}`
      : `investor ${problem.investorId}`;
    lines.push(
      `  ${subject}: ${problem.check}: from ${problem.expectedFrom ?? 'the entries'} ${problem.expected}, kept ${problem.actual}`,
    );
  }
  return lines.join('\n');
}
