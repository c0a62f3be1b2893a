/** SQL of the year-end tax run (decision 1622). */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { iso } from '../transfers/repository';

/** One investor's interest for the year with what the tax record and the current form say. */
export interface TaxYearCandidate {
  investor_id: string;
  email: string;
  interest: string;
  /** Box 2: the year's early redemption penalties (decision 1953). */
  early_withdrawal_penalty: string;
  /** Box 4: backup withholding in the year, net of reversals (decision 1911). */
  withheld: string;
  legal_first_name: string | null;
  legal_last_name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  tin_type: 'ssn' | 'itin' | null;
  tin_last_four: string | null;
  form_id: string | null;
  form_version: number | null;
  form_interest: string | null;
  form_penalty: string | null;
  form_withheld: string | null;
  form_first_name: string | null;
  form_last_name: string | null;
  form_address1: string | null;
  form_address2: string | null;
  form_city: string | null;
  form_state: string | null;
  form_postal_code: string | null;
  form_tin_type: string | null;
  form_tin_last_four: string | null;
}

/**
 * Interest paid or credited in the calendar year, net of reversed postings (as decision 603's
 * form), for every investor at or over the threshold, with backup withholding in the year (a form
 * is due whatever the amount then: 1099-INT instructions), or already holding a form for the year.
 * With `range`, only the investors whose id is in it (the run goes page by page, issue 25).
 */
export async function selectTaxYearCandidates(
  db: Executor,
  input: { taxYear: number; threshold: string; range?: { first: string; last: string } },
): Promise<TaxYearCandidate[]> {
  const inRange = (column: string) =>
    input.range
      ? sql`${sql.raw(column)} between ${input.range.first}::uuid and ${input.range.last}::uuid`
      : sql`true`;
  const result = await db.execute(sql`
    with interest as (
      select t.investor_id,
             sum(case when t.transaction_type = 'interest_payment' then t.amount else -t.amount end) as interest
      from investment_transactions t
      left join investment_transactions r on r.id = t.reverses_transaction_id
      where (t.transaction_type = 'interest_payment' or (t.transaction_type = 'reversal' and r.transaction_type = 'interest_payment'))
        and t.transaction_date >= make_date(${input.taxYear}::int, 1, 1)
        and t.transaction_date < make_date(${input.taxYear}::int + 1, 1, 1)
        and ${inRange('t.investor_id')}
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
    )
    select v.id as investor_id, v.email, coalesce(i.interest, 0)::text as interest,
           coalesce(p.penalty, 0)::text as early_withdrawal_penalty,
           coalesce(w.withheld, 0)::numeric(14, 2)::text as withheld, f.federal_tax_withheld::text as form_withheld,
           r.legal_first_name, r.legal_last_name, r.address1, r.address2, r.city, r.state, r.postal_code, r.tin_type,
           r.ssn_last_four as tin_last_four,
           f.id as form_id, f.version as form_version, f.interest_amount::text as form_interest,
           f.early_withdrawal_penalty::text as form_penalty,
           f.recipient_first_name as form_first_name, f.recipient_last_name as form_last_name,
           f.recipient_address1 as form_address1, f.recipient_address2 as form_address2, f.recipient_city as form_city,
           f.recipient_state as form_state, f.recipient_postal_code as form_postal_code, f.tin_type as form_tin_type,
           f.tin_last_four as form_tin_last_four
    from investors v
    left join interest i on i.investor_id = v.id
    left join penalty p on p.investor_id = v.id
    left join withheld w on w.investor_id = v.id
    left join tax_records r on r.investor_id = v.id
    left join tax_forms f on f.investor_id = v.id and f.tax_year = ${input.taxYear}::int and f.is_current
    where (coalesce(i.interest, 0) >= ${input.threshold}::numeric or coalesce(w.withheld, 0) > 0 or f.id is not null)
      and ${inRange('v.id')}
    order by v.id`);
  return rowsOf<TaxYearCandidate>(result);
}

/** The first and last investor id of the next page of `limit` investors after `after`. */
export async function selectInvestorPage(
  db: Executor,
  input: { after: string | null; limit: number },
): Promise<{ first: string; last: string } | null> {
  const after = input.after === null ? sql`true` : sql`id > ${input.after}::uuid`;
  const result = await db.execute(sql`
    with page as (select id from investors where ${after} order by id limit ${input.limit})
    select min(id::text) as first, max(id::text) as last from page`);
  const row = rowsOf<{ first: string | null; last: string | null }>(result)[0];
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
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

export interface IssuedForm {
  investorId: string;
  taxYear: number;
  taxRunId: string;
  version: number;
  supersedesFormId: string | null;
  interestAmount: string;
  /** Box 2: early withdrawal penalty. */
  earlyWithdrawalPenalty: string;
  /** Box 4: federal income tax withheld (backup withholding). */
  federalTaxWithheld: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postalCode: string;
  tinType: 'ssn' | 'itin';
  tinLastFour: string;
  now: Date;
}

/** Issues a form; a correction first retires the form it supersedes (only one is current). */
export async function insertTaxForm(tx: Executor, form: IssuedForm): Promise<void> {
  await insertTaxForms(tx, [form]);
}

/** Issues many forms in two statements (the run's pages, issue 25's million investors). */
export async function insertTaxForms(tx: Executor, forms: IssuedForm[]): Promise<void> {
  if (forms.length === 0) return;
  const superseded = forms.flatMap((form) => (form.supersedesFormId ? [form.supersedesFormId] : []));
  if (superseded.length > 0) {
    await tx.execute(sql`
      update tax_forms set is_current = false
      where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(superseded)}::jsonb))`);
  }
  const rows = forms.map((form) => ({
    investor_id: form.investorId,
    tax_year: form.taxYear,
    tax_run_id: form.taxRunId,
    version: form.version,
    supersedes_form_id: form.supersedesFormId,
    interest_amount: form.interestAmount,
    early_withdrawal_penalty: form.earlyWithdrawalPenalty,
    federal_tax_withheld: form.federalTaxWithheld,
    first_name: form.firstName,
    last_name: form.lastName,
    address1: form.address1,
    address2: form.address2,
    city: form.city,
    state: form.state,
    postal_code: form.postalCode,
    tin_type: form.tinType,
    tin_last_four: form.tinLastFour,
    issued_at: form.now.toISOString(),
  }));
  await tx.execute(sql`
    insert into tax_forms (investor_id, tax_year, tax_run_id, version, is_correction, is_current, supersedes_form_id,
      interest_amount, early_withdrawal_penalty, federal_tax_withheld, recipient_first_name, recipient_last_name,
      recipient_address1, recipient_address2, recipient_city, recipient_state, recipient_postal_code, tin_type, tin_last_four,
      issued_at)
    select r.investor_id, r.tax_year, r.tax_run_id, r.version, r.version > 1, true, r.supersedes_form_id,
      r.interest_amount, r.early_withdrawal_penalty, r.federal_tax_withheld, r.first_name, r.last_name, r.address1,
      r.address2, r.city, r.state, r.postal_code, r.tin_type, r.tin_last_four, r.issued_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(investor_id uuid, tax_year int, tax_run_id uuid,
      version int, supersedes_form_id uuid, interest_amount numeric, early_withdrawal_penalty numeric,
      federal_tax_withheld numeric, first_name text, last_name text, address1 text, address2 text, city text,
      state text, postal_code text, tin_type text, tin_last_four text, issued_at timestamptz)`);
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
