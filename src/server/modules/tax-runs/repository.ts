/** SQL of the year-end tax run (decision 1622). */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { iso } from '../transfers/repository';

export type CandidateAction = 'issue' | 'correct' | 'unchanged' | 'missing_tax_record';

/**
 * Interest paid or credited in the calendar year, net of reversed postings (as decision 603's
 * form), for every investor at or over the threshold, with backup withholding in the year (a form
 * is due whatever the amount then: 1099-INT instructions), or already holding a form for the year.
 *
 * Each row says what a run does for the investor (`action`), decided here so that the run and the
 * overview's count agree: issue a first form (a tax record with a legal name and a TIN), skip an
 * investor without one (`missing_tax_record`), or, for an investor holding a current form, leave
 * it (`unchanged`: box 1, box 2 and box 4 equal to the year's figures and the recipient as the tax
 * record now gives it equal to the form's, or the tax record gone) or correct it. The `next_*`
 * columns are the recipient a new form carries: the tax record's, else the form's.
 */
function decidedCandidates(input: { taxYear: number; threshold: string }): SQL {
  return sql`
    with interest as (
      select t.investor_id,
             sum(case when t.transaction_type = 'interest_payment' then t.amount else -t.amount end) as interest
      from investment_transactions t
      left join investment_transactions r on r.id = t.reverses_transaction_id
      where (t.transaction_type = 'interest_payment' or (t.transaction_type = 'reversal' and r.transaction_type = 'interest_payment'))
        and t.transaction_date >= make_date(${input.taxYear}::int, 1, 1)
        and t.transaction_date < make_date(${input.taxYear}::int + 1, 1, 1)
      group by t.investor_id
    ),
    penalty as (
      select t.investor_id, sum(t.amount) as penalty
      from investment_transactions t
      where t.transaction_type = 'redemption_penalty'
        and t.transaction_date >= make_date(${input.taxYear}::int, 1, 1)
        and t.transaction_date < make_date(${input.taxYear}::int + 1, 1, 1)
      group by t.investor_id
    ),
    withheld as (
      select w.investor_id, sum(w.amount) as withheld
      from backup_withholding_entries w
      where w.entry_date >= make_date(${input.taxYear}::int, 1, 1)
        and w.entry_date < make_date(${input.taxYear}::int + 1, 1, 1)
      group by w.investor_id
    ),
    joined as (
      select v.id as investor_id, v.email, coalesce(i.interest, 0) as interest,
             coalesce(p.penalty, 0) as early_withdrawal_penalty,
             coalesce(w.withheld, 0)::numeric(14, 2) as withheld,
             (r.legal_first_name is not null and r.ssn_last_four is not null) as has_record,
             r.legal_first_name, coalesce(r.legal_last_name, '') as legal_last_name,
             coalesce(r.address1, '') as address1, r.address2, coalesce(r.city, '') as city,
             coalesce(r.state, '') as state, coalesce(r.postal_code, '') as postal_code,
             coalesce(r.tin_type, 'ssn') as tin_type, r.ssn_last_four as tin_last_four,
             f.id as form_id, f.version as form_version, f.interest_amount as form_interest,
             f.early_withdrawal_penalty as form_penalty, f.federal_tax_withheld as form_withheld,
             f.recipient_first_name as form_first_name, f.recipient_last_name as form_last_name,
             f.recipient_address1 as form_address1, f.recipient_address2 as form_address2,
             f.recipient_city as form_city, f.recipient_state as form_state,
             f.recipient_postal_code as form_postal_code,
             case when f.tin_type = 'itin' then 'itin' else 'ssn' end as form_tin_type,
             f.tin_last_four as form_tin_last_four
      from investors v
      left join interest i on i.investor_id = v.id
      left join penalty p on p.investor_id = v.id
      left join withheld w on w.investor_id = v.id
      left join tax_records r on r.investor_id = v.id
      left join tax_forms f on f.investor_id = v.id and f.tax_year = ${input.taxYear}::int and f.is_current
      where (coalesce(i.interest, 0) >= ${input.threshold}::numeric or coalesce(w.withheld, 0) > 0 or f.id is not null)
    )
    select j.*,
           case
             when j.form_id is null then case when j.has_record then 'issue' else 'missing_tax_record' end
             when j.interest = j.form_interest and j.early_withdrawal_penalty = j.form_penalty
               and j.withheld = j.form_withheld
               and (not j.has_record or (
                 j.legal_first_name = j.form_first_name and j.legal_last_name = j.form_last_name
                 and j.address1 = j.form_address1 and j.address2 is not distinct from j.form_address2
                 and j.city = j.form_city and j.state = j.form_state and j.postal_code = j.form_postal_code
                 and j.tin_type = j.form_tin_type and j.tin_last_four = j.form_tin_last_four))
               then 'unchanged'
             else 'correct'
           end as action,
           case when j.has_record then j.legal_first_name else j.form_first_name end as next_first_name,
           case when j.has_record then j.legal_last_name else j.form_last_name end as next_last_name,
           case when j.has_record then j.address1 else j.form_address1 end as next_address1,
           case when j.has_record then j.address2 else j.form_address2 end as next_address2,
           case when j.has_record then j.city else j.form_city end as next_city,
           case when j.has_record then j.state else j.form_state end as next_state,
           case when j.has_record then j.postal_code else j.form_postal_code end as next_postal_code,
           case when j.has_record then j.tin_type else j.form_tin_type end as next_tin_type,
           case when j.has_record then j.tin_last_four else j.form_tin_last_four end as next_tin_last_four
    from joined j`;
}

/** What the next run would do, counted, with the first `limit` investors it would skip for want of a tax record. */
export async function selectTaxYearOutlook(
  db: Executor,
  input: { taxYear: number; threshold: string; limit: number },
): Promise<{
  newForms: number;
  corrections: number;
  /** Every candidate without a tax record; `missing` is the first `limit` of them. */
  missingCount: number;
  missing: { investor_id: string; email: string; interest: string }[];
}> {
  // One pass over the year's postings for both the counts and the first few without a record.
  const result = await db.execute(sql`
    with decided as materialized (${decidedCandidates(input)})
    select count(*) filter (where action = 'issue')::int as new_forms,
           count(*) filter (where action = 'correct')::int as corrections,
           count(*) filter (where action = 'missing_tax_record')::int as missing_count,
           coalesce((
             select json_agg(json_build_object('investor_id', m.investor_id, 'email', m.email, 'interest', m.interest::text)
                             order by m.investor_id)
             from (select investor_id, email, interest from decided where action = 'missing_tax_record'
                   order by investor_id limit ${input.limit}) m), '[]'::json) as missing
    from decided`);
  const row = rowsOf<{
    new_forms: number;
    corrections: number;
    missing_count: number;
    missing: { investor_id: string; email: string; interest: string }[];
  }>(result)[0]!;
  return {
    newForms: row.new_forms,
    corrections: row.corrections,
    missingCount: row.missing_count,
    missing: row.missing,
  };
}

export interface TaxFormsIssued {
  formsIssued: number;
  correctionsIssued: number;
  unchanged: number;
  missingTaxRecords: number;
  /** Box 1 of every investor the run keeps a form for (issued, corrected or unchanged). */
  interest: string;
}

/**
 * The tax run's forms, set-based (issue 25's million investors, decision 1905): every candidate's
 * decision is kept in a temporary table (one pass over the year's postings: paging by investor id
 * ranges cost eight times as much at a million), the forms they correct retired, the new and
 * corrected forms inserted and, with `notices`, a "your form is ready" notice queued for each from
 * the forms just inserted, in the caller's transaction.
 * A notice is the template (the issue or the correction one, as taxFormReadyMessage builds it)
 * with `notices.placeholder` replaced by the form's box 1 as formatUsd writes it.
 */
export async function issueTaxForms(
  tx: Executor,
  input: {
    taxYear: number;
    threshold: string;
    runId: string;
    now: Date;
    notices: { issue: string; correct: string; placeholder: string; kind: string } | null;
  },
): Promise<TaxFormsIssued> {
  await tx.execute(sql`
    create temporary table if not exists tax_run_decisions (
      investor_id uuid not null, action text not null, interest numeric not null,
      early_withdrawal_penalty numeric not null, withheld numeric not null, form_id uuid, form_version int,
      first_name text, last_name text, address1 text, address2 text, city text, state text,
      postal_code text, tin_type text, tin_last_four text
    ) on commit drop`);
  await tx.execute(sql`truncate tax_run_decisions`);
  await tx.execute(sql`
    insert into tax_run_decisions
    select d.investor_id, d.action, d.interest, d.early_withdrawal_penalty, d.withheld, d.form_id, d.form_version,
           d.next_first_name, d.next_last_name, d.next_address1, d.next_address2, d.next_city, d.next_state,
           d.next_postal_code, d.next_tin_type, d.next_tin_last_four
    from (${decidedCandidates(input)}) d`);
  // Statistics for the statements below (a temporary table is never analysed automatically).
  await tx.execute(sql`analyze tax_run_decisions`);
  await tx.execute(sql`
    update tax_forms f set is_current = false
    from tax_run_decisions p where p.action = 'correct' and f.id = p.form_id`);
  const notices = input.notices;
  const inserted = sql`
    insert into tax_forms (investor_id, tax_year, tax_run_id, version, is_correction, is_current, supersedes_form_id,
      interest_amount, early_withdrawal_penalty, federal_tax_withheld, recipient_first_name, recipient_last_name,
      recipient_address1, recipient_address2, recipient_city, recipient_state, recipient_postal_code, tin_type,
      tin_last_four, issued_at)
    select p.investor_id, ${input.taxYear}::int, ${input.runId}::uuid,
           case when p.action = 'correct' then coalesce(p.form_version, 1) + 1 else 1 end, p.action = 'correct', true,
           case when p.action = 'correct' then p.form_id end,
           p.interest, p.early_withdrawal_penalty, p.withheld, p.first_name, p.last_name, p.address1, p.address2,
           p.city, p.state, p.postal_code, p.tin_type, p.tin_last_four, ${input.now}::timestamptz
    from tax_run_decisions p where p.action in ('issue', 'correct')
    order by p.investor_id`;
  if (notices) {
    await tx.execute(sql`
      with inserted as (${inserted} returning investor_id, interest_amount, is_correction)
      insert into investor_notice_queue (investor_id, kind, notice, occurred_at, next_attempt_at, created_at)
      select i.investor_id, ${notices.kind},
             replace(case when i.is_correction then ${notices.correct} else ${notices.issue} end,
                     ${notices.placeholder}, ${formatUsdSql(sql`i.interest_amount`)})::jsonb,
             ${input.now}::timestamptz, ${input.now}::timestamptz, ${input.now}::timestamptz
      from inserted i order by i.investor_id`);
  } else {
    await tx.execute(inserted);
  }
  const result = await tx.execute(sql`
    select count(*) filter (where action = 'issue')::int as issued,
           count(*) filter (where action = 'correct')::int as corrected,
           count(*) filter (where action = 'unchanged')::int as unchanged,
           count(*) filter (where action = 'missing_tax_record')::int as missing,
           coalesce(sum(interest) filter (where action <> 'missing_tax_record'), 0)::numeric(16, 2)::text as interest
    from tax_run_decisions`);
  const row = rowsOf<{
    issued: number;
    corrected: number;
    unchanged: number;
    missing: number;
    interest: string;
  }>(result)[0]!;
  return {
    formsIssued: row.issued,
    correctionsIssued: row.corrected,
    unchanged: row.unchanged,
    missingTaxRecords: row.missing,
    interest: row.interest,
  };
}

/**
 * formatUsd in SQL for a money column: "$12,345.67", "-$3.00" (en-US, two decimals). The tax
 * run's notices are built with it; a test holds it to formatUsd.
 */
export function formatUsdSql(value: SQL): SQL {
  return sql`(case when ${value} < 0 then '-' else '' end || '$' || to_char(abs(${value}), 'FM999,999,999,999,990.00'))`;
}

/** One run at a time: a second run of any year waits for the first to commit. */
export async function lockTaxRuns(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(1622)`);
}

export async function insertTaxRun(
  tx: Executor,
  input: { taxYear: number; startedBy: string; now: Date },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into tax_runs (tax_year, started_by, started_at)
    values (${input.taxYear}::int, ${input.startedBy}::uuid, ${input.now}::timestamptz) returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export async function finishTaxRun(
  tx: Executor,
  input: {
    id: string;
    formsIssued: number;
    correctionsIssued: number;
    unchanged: number;
    missingTaxRecords: number;
    totalInterest: string;
  },
): Promise<void> {
  await tx.execute(sql`
    update tax_runs set forms_issued = ${input.formsIssued}, corrections_issued = ${input.correctionsIssued},
      unchanged_count = ${input.unchanged}, missing_tax_record_count = ${input.missingTaxRecords},
      total_interest = ${input.totalInterest}::numeric
    where id = ${input.id}::uuid`);
}

export async function selectTaxRuns(db: Executor, taxYear: number) {
  const result = await db.execute(sql`
    select r.id, r.tax_year, a.first_name || ' ' || a.last_name as started_by, ${iso('r.started_at')} as started_at,
           r.forms_issued, r.corrections_issued, r.unchanged_count, r.missing_tax_record_count,
           r.total_interest::text as total_interest
    from tax_runs r join admin_users a on a.id = r.started_by
    where r.tax_year = ${taxYear}::int order by r.started_at desc, r.id desc limit 50`);
  return rowsOf<{
    id: string;
    tax_year: number;
    started_by: string;
    started_at: string;
    forms_issued: number;
    corrections_issued: number;
    unchanged_count: number;
    missing_tax_record_count: number;
    total_interest: string;
  }>(result);
}

/** One page of the year's current forms, by recipient name. */
export async function selectCurrentForms(
  db: Executor,
  taxYear: number,
  page: { limit: number; offset: number },
) {
  const result = await db.execute(sql`
    select id, investor_id, recipient_first_name || ' ' || recipient_last_name as recipient_name, tin_last_four,
           interest_amount::text as interest_amount, federal_tax_withheld::text as federal_tax_withheld, version,
           is_correction, ${iso('issued_at')} as issued_at
    from tax_forms where tax_year = ${taxYear}::int and is_current
    order by recipient_last_name, recipient_first_name, investor_id
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<{
    id: string;
    investor_id: string;
    recipient_name: string;
    tin_last_four: string;
    interest_amount: string;
    federal_tax_withheld: string;
    version: number;
    is_correction: boolean;
    issued_at: string;
  }>(result);
}

/** The year's current forms counted and summed (box 1 and box 4), whatever their number. */
export async function selectCurrentFormTotals(db: Executor, taxYear: number) {
  const result = await db.execute(sql`
    select count(*)::int as form_count, count(*) filter (where is_correction)::int as correction_count,
           coalesce(sum(interest_amount), 0)::numeric(16, 2)::text as interest,
           coalesce(sum(federal_tax_withheld), 0)::numeric(16, 2)::text as federal_tax_withheld
    from tax_forms where tax_year = ${taxYear}::int and is_current`);
  return rowsOf<{
    form_count: number;
    correction_count: number;
    interest: string;
    federal_tax_withheld: string;
  }>(result)[0]!;
}

export interface FilingRow {
  investor_id: string;
  interest_amount: string;
  early_withdrawal_penalty: string;
  federal_tax_withheld: string;
  recipient_first_name: string;
  recipient_last_name: string;
  recipient_address1: string;
  recipient_address2: string | null;
  recipient_city: string;
  recipient_state: string;
  recipient_postal_code: string;
  ssn_encrypted: string | null;
}

/**
 * The forms a FIRE file reports: an original file, every investor's first form (as issued to
 * them); a correction file, the current form of every investor whose form was corrected.
 */
export async function selectFormsToFile(
  db: Executor,
  input: { taxYear: number; kind: 'original' | 'correction' },
): Promise<FilingRow[]> {
  const which = input.kind === 'original' ? sql`f.version = 1` : sql`f.is_correction and f.is_current`;
  const result = await db.execute(sql`
    select f.investor_id, f.interest_amount::text as interest_amount,
           f.early_withdrawal_penalty::text as early_withdrawal_penalty,
           f.federal_tax_withheld::text as federal_tax_withheld, f.recipient_first_name, f.recipient_last_name,
           f.recipient_address1, f.recipient_address2, f.recipient_city, f.recipient_state, f.recipient_postal_code,
           r.ssn_encrypted
    from tax_forms f left join tax_records r on r.investor_id = f.investor_id
    where f.tax_year = ${input.taxYear}::int and ${which}
    order by f.investor_id`);
  return rowsOf<FilingRow>(result);
}
