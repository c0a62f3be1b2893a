/** Reads behind the investor's documents: promissory notes and 1099-INT tax forms. */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

export interface PromissoryNoteListRow {
  investment_id: string;
  investment_type: 'standard' | 'high_yield';
  principal_amount: string;
  interest_rate_annual: string;
  start_date: string;
  status: 'active' | 'matured' | 'withdrawn' | 'cancelled';
}

/** Every note the investor holds or held; a cancelled note was never funded and has no promissory note. */
export async function listPromissoryNotes(
  db: Executor,
  investorId: string,
): Promise<PromissoryNoteListRow[]> {
  const result = await db.execute(sql`
    select i.id as investment_id, i.investment_type, i.principal_amount::text as principal_amount,
           i.interest_rate_annual::text as interest_rate_annual, to_char(i.start_date, 'YYYY-MM-DD') as start_date,
           i.status
    from investments i
    where i.investor_id = ${investorId}::uuid and i.status <> 'cancelled'
    order by i.start_date desc, i.id`);
  return rowsOf<PromissoryNoteListRow>(result);
}

export interface PromissoryNoteRow extends PromissoryNoteListRow {
  term_years: number;
  maturity_date: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  authorized_at: string | null;
  agreement_version: string | null;
  bank_name: string | null;
  bank_last_four: string | null;
  source_investment_id: string | null;
}

/** One of the investor's notes with what its promissory note prints; null when it is not theirs. */
export async function findPromissoryNote(
  db: Executor,
  investorId: string,
  investmentId: string,
): Promise<PromissoryNoteRow | null> {
  const result = await db.execute(sql`
    select i.id as investment_id, i.investment_type, i.principal_amount::text as principal_amount,
           i.interest_rate_annual::text as interest_rate_annual, to_char(i.start_date, 'YYYY-MM-DD') as start_date,
           i.status, i.term_years, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date,
           v.first_name, v.last_name, v.email,
           to_char(d.authorized_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as authorized_at,
           d.agreement_version, b.institution_name as bank_name, b.account_last_four as bank_last_four,
           i.source_investment_id
    from investments i
    join investors v on v.id = i.investor_id
    left join debit_authorizations d on d.investment_id = i.id
    left join bank_accounts b on b.id = d.bank_account_id
    where i.id = ${investmentId}::uuid and i.investor_id = ${investorId}::uuid and i.status <> 'cancelled'`);
  return rowsOf<PromissoryNoteRow>(result)[0] ?? null;
}

/**
 * Interest paid or credited per calendar year (net of reversed postings), for the years
 * before `beforeYear` whose total is at least the threshold: the years a 1099-INT is due.
 */
export async function listTaxYears(
  db: Executor,
  investorId: string,
  input: { beforeYear: number; threshold: string },
): Promise<{ year: number; interest: string }[]> {
  const result = await db.execute(sql`
    select y.year, y.interest::text as interest from (
      select extract(year from t.transaction_date)::int as year,
             sum(case when t.transaction_type = 'interest_payment' then t.amount else -t.amount end) as interest
      from investment_transactions t
      left join investment_transactions r on r.id = t.reverses_transaction_id
      where t.investor_id = ${investorId}::uuid
        and (t.transaction_type = 'interest_payment' or (t.transaction_type = 'reversal' and r.transaction_type = 'interest_payment'))
        and t.transaction_date < make_date(${input.beforeYear}::int, 1, 1)
      group by 1
    ) y
    where y.interest >= ${input.threshold}::numeric
    order by y.year desc`);
  return rowsOf<{ year: number; interest: string }>(result);
}

export interface IssuedTaxFormRow {
  year: number;
  interest: string;
  /** Box 2 (decision 1953). */
  earlyWithdrawalPenalty: string;
  /** Box 4: backup withholding (decision 1911). */
  withheld: string;
  recipient: TaxRecordRow;
}

/** The 1099-INT forms the year-end tax run issued to the investor: the current version per year, as printed. */
export async function listIssuedTaxForms(db: Executor, investorId: string): Promise<IssuedTaxFormRow[]> {
  const result = await db.execute(sql`
    select tax_year as year, interest_amount::text as interest, federal_tax_withheld::text as withheld,
           early_withdrawal_penalty::text as early_withdrawal_penalty, recipient_first_name as legal_first_name, recipient_last_name as legal_last_name,
           recipient_address1 as address1, recipient_address2 as address2, recipient_city as city,
           recipient_state as state, recipient_postal_code as postal_code, tin_last_four as ssn_last_four
    from tax_forms where investor_id = ${investorId}::uuid and is_current
    order by tax_year desc`);
  return rowsOf<
    { year: number; interest: string; withheld: string; early_withdrawal_penalty: string } & TaxRecordRow
  >(result).map(({ year, interest, withheld, early_withdrawal_penalty, ...recipient }) => ({
    year,
    interest,
    withheld,
    earlyWithdrawalPenalty: early_withdrawal_penalty,
    recipient,
  }));
}

export interface TaxRecordRow {
  legal_first_name: string;
  legal_last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postal_code: string;
  ssn_last_four: string;
}

/** The tax record's printable fields; the encrypted SSN is never read here. */
export async function findTaxRecord(db: Executor, investorId: string): Promise<TaxRecordRow | null> {
  const result = await db.execute(sql`
    select legal_first_name, legal_last_name, address1, address2, city, state, postal_code, ssn_last_four
    from tax_records where investor_id = ${investorId}::uuid`);
  return rowsOf<TaxRecordRow>(result)[0] ?? null;
}

export interface SignedAgreementRow {
  investment_id: string;
  kind: 'purchase' | 'conversion';
  investment_type: 'standard' | 'high_yield';
  agreement_version: string;
  amount: string;
  accepted_at: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  ip_address: string | null;
}

/**
 * The agreements the investor accepted: the Perpetual Note Agreement with the ACH debit
 * authorisation of each purchase, and the one accepted for each conversion (one per note).
 */
function signedAgreementsOf(investorId: string) {
  return sql`
    select a.investment_id, a.kind, i.investment_type, a.agreement_version, a.amount::text as amount,
           to_char(a.accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as accepted_at,
           v.first_name, v.last_name, v.email, a.ip_address
    from (
      select d.investment_id, 'purchase' as kind, d.agreement_version, d.amount, d.authorized_at as accepted_at, d.ip_address
      from debit_authorizations d where d.investor_id = ${investorId}::uuid
      union all
      select c.investment_id, 'conversion' as kind, c.agreement_version, c.amount, c.accepted_at, c.ip_address
      from conversion_agreements c where c.investor_id = ${investorId}::uuid
    ) a
    join investments i on i.id = a.investment_id and i.investor_id = ${investorId}::uuid
    join investors v on v.id = i.investor_id`;
}

export async function listSignedAgreements(db: Executor, investorId: string): Promise<SignedAgreementRow[]> {
  const result = await db.execute(
    sql`${signedAgreementsOf(investorId)} order by a.accepted_at desc, a.investment_id`,
  );
  return rowsOf<SignedAgreementRow>(result);
}

/** The agreement accepted for one of the investor's notes; null when there is none or it is not theirs. */
export async function findSignedAgreement(
  db: Executor,
  investorId: string,
  investmentId: string,
): Promise<SignedAgreementRow | null> {
  const result = await db.execute(
    sql`${signedAgreementsOf(investorId)} where a.investment_id = ${investmentId}::uuid`,
  );
  return rowsOf<SignedAgreementRow>(result)[0] ?? null;
}
