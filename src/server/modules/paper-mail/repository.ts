/**
 * SQL of the paper mail (decision 1924). Who needs paper is read from the consent events: a
 * current tax form whose investor has no current tax-forms consent; statements and
 * transactional notices written while an investor's ESIGN consent was withdrawn. Those become
 * `paper_mail_items` when a batch is made; a paper copy an investor asks for is an item at once.
 */
import { type SQL, sql } from 'drizzle-orm';
import { currentDisclosureVersion } from '../../../shared/consents/consent-disclosures';
import type { PaperPurpose } from '../../../shared/consents/consent-contracts';
import { type Executor, rowsOf } from '../../db/client';
import { transactionalKinds } from '../notifications/transactional';

const transactionalKindList = sql.join(
  transactionalKinds.map((kind) => sql`${kind}`),
  sql`, `,
);

/** Tax forms of the year furnished on paper: no current consent to electronic tax forms. */
function taxFormCandidates(taxYear: number) {
  return sql`
    select f.investor_id, 'tax_form'::text as document_kind, f.id as document_id, 'no_consent'::text as reason,
           f.issued_at as requested_at
    from tax_forms f
    where f.tax_year = ${taxYear} and f.is_current
      -- The latest tax-forms event of the investor, one index probe (investor, kind, seq desc).
      and not coalesce((
        select c.action = 'given' and c.disclosure_version = ${currentDisclosureVersion.tax_forms}
        from electronic_consents c
        where c.investor_id = f.investor_id and c.kind = 'tax_forms'
        order by c.seq desc limit 1), false)
      and not exists (
        select 1 from paper_mail_items i where i.document_kind = 'tax_form' and i.document_id = f.id)`;
}

/**
 * The consent to electronic records in force when a document was written: the latest event at
 * or before that instant. Documents written while it was withdrawn go on paper, even if the
 * investor consented again since (they were never given electronically with consent).
 */
function recordsConsentAt(investorId: SQL, instant: SQL) {
  return sql`(
    select c.action from electronic_consents c
    where c.investor_id = ${investorId} and c.kind = 'electronic_records' and c.recorded_at <= ${instant}
    order by c.seq desc limit 1)`;
}

/** Investors who ever withdrew: the only ones whose records can be on paper (keeps the scan small). */
const everWithdrawn = sql`select distinct investor_id from electronic_consents
  where kind = 'electronic_records' and action = 'withdrawn'`;

/** Statements and notices written while the investor's consent to electronic records was withdrawn. */
const recordCandidates = sql`
  select s.investor_id, 'statement'::text as document_kind, s.id as document_id,
         'consent_withdrawn'::text as reason, s.generated_at as requested_at
  from investor_statements s
  where s.investor_id in (${everWithdrawn})
    and ${recordsConsentAt(sql`s.investor_id`, sql`s.generated_at`)} = 'withdrawn'
    and not exists (select 1 from paper_mail_items i where i.document_kind = 'statement' and i.document_id = s.id)
  union all
  select q.investor_id, 'notice'::text, q.id, 'consent_withdrawn'::text, q.occurred_at
  from investor_notice_queue q
  where q.investor_id in (${everWithdrawn}) and q.kind in (${transactionalKindList})
    and ${recordsConsentAt(sql`q.investor_id`, sql`q.occurred_at`)} = 'withdrawn'
    and not exists (select 1 from paper_mail_items i where i.document_kind = 'notice' and i.document_id = q.id)`;

/** Waiting items already stored (paper copies asked for, pieces left from an earlier batch). */
function storedWaiting(purpose: PaperPurpose, taxYear: number | null) {
  return purpose === 'tax_forms'
    ? sql`
      select i.id as item_id, i.investor_id, i.document_kind, i.document_id, i.reason, i.requested_at
      from paper_mail_items i join tax_forms f on f.id = i.document_id
      where i.batch_id is null and i.document_kind = 'tax_form' and f.tax_year = ${taxYear}`
    : sql`
      select i.id as item_id, i.investor_id, i.document_kind, i.document_id, i.reason, i.requested_at
      from paper_mail_items i
      where i.batch_id is null and i.document_kind in ('statement', 'notice')`;
}

function waitingUnion(purpose: PaperPurpose, taxYear: number | null) {
  const candidates = purpose === 'tax_forms' ? taxFormCandidates(taxYear ?? 0) : recordCandidates;
  return sql`(select s.investor_id, s.document_kind, s.document_id, s.reason, s.requested_at
    from (${storedWaiting(purpose, taxYear)}) s) union all (${candidates})`;
}

export interface WaitingRow {
  investor_id: string;
  name: string;
  email: string;
  document_kind: 'tax_form' | 'statement' | 'notice';
  document_id: string;
  reason: 'no_consent' | 'consent_withdrawn' | 'requested';
  title: string;
  has_address: boolean;
}

/** A title per document for lists: the form's year, the statement's month, the notice's title. */
const documentTitle = sql`
  case w.document_kind
    when 'tax_form' then (select
      case when f.is_correction then 'Corrected ' else '' end || f.tax_year || ' Form 1099-INT'
      from tax_forms f where f.id = w.document_id)
    when 'statement' then (select 'Statement for ' || to_char(s.period, 'FMMonth YYYY')
      from investor_statements s where s.id = w.document_id)
    else (select q.notice->>'title' from investor_notice_queue q where q.id = w.document_id)
  end`;

const hasAddress = sql`
  case when w.document_kind = 'tax_form' then true
       else exists (select 1 from tax_records t where t.investor_id = w.investor_id) end`;

export async function selectWaiting(
  db: Executor,
  input: { purpose: PaperPurpose; taxYear: number | null; limit: number },
): Promise<{ rows: WaitingRow[]; total: number }> {
  const rows = rowsOf<WaitingRow & { total: number }>(
    await db.execute(sql`
      select w.investor_id,
             coalesce(t.legal_first_name || ' ' || t.legal_last_name,
                      nullif(trim(coalesce(v.first_name, '') || ' ' || coalesce(v.last_name, '')), ''), v.email) as name,
             v.email, w.document_kind, w.document_id, w.reason, ${documentTitle} as title,
             ${hasAddress} as has_address, (count(*) over ())::int as total
      from (${waitingUnion(input.purpose, input.taxYear)}) w
      join investors v on v.id = w.investor_id
      left join tax_records t on t.investor_id = w.investor_id
      order by w.requested_at, w.document_id
      limit ${input.limit}`),
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function countWaiting(
  db: Executor,
  purpose: PaperPurpose,
  taxYear: number | null,
): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from (${waitingUnion(purpose, taxYear)}) w`),
  );
  return row?.count ?? 0;
}

/** One batch at a time: two staff pressing "Make batch" together cannot print a piece twice. */
export async function lockBatchMaking(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('paper_mail_batches'))`);
}

/** Stores the computed candidates as waiting items, so the batch can take them by id. */
export async function storeCandidates(
  tx: Executor,
  purpose: PaperPurpose,
  taxYear: number | null,
): Promise<void> {
  const candidates = purpose === 'tax_forms' ? taxFormCandidates(taxYear ?? 0) : recordCandidates;
  // Materialised first: read while inserting, the "no item yet" check would probe a table that
  // grows under it (quadratic on PostgreSQL with a 200,000-row batch).
  await tx.execute(sql`
    with c as materialized (${candidates})
    insert into paper_mail_items (investor_id, document_kind, document_id, reason, requested_at)
    select c.investor_id, c.document_kind, c.document_id, c.reason, c.requested_at from c
    on conflict (document_kind, document_id) where batch_id is null do nothing`);
}

/** Takes every waiting item of the purpose that can be addressed into a new batch; returns its pieces. */
export async function insertBatchTakingWaiting(
  tx: Executor,
  input: { purpose: PaperPurpose; taxYear: number | null; createdBy: string; now: Date },
): Promise<{ id: string; pieceCount: number } | null> {
  const waiting = storedWaiting(input.purpose, input.taxYear);
  const pieceKey = input.purpose === 'tax_forms' ? sql`w.document_id` : sql`w.investor_id`;
  // One statement: the waiting items with an address, read once, become the batch.
  const [batch] = rowsOf<{ id: string | null; pieces: number }>(
    await tx.execute(sql`
      with ready as materialized (
        select w.item_id, ${pieceKey} as piece from (${waiting}) w where ${hasAddress}),
      made as (
        insert into paper_mail_batches (purpose, tax_year, piece_count, created_by, created_at)
        select ${input.purpose}, ${input.taxYear}, count(distinct piece), ${input.createdBy}::uuid,
               ${input.now.toISOString()}
        from ready having count(*) > 0
        returning id, piece_count),
      taken as (
        update paper_mail_items i set batch_id = (select id from made)
        where i.id in (select item_id from ready) and exists (select 1 from made)
        returning i.id)
      select (select id from made) as id, coalesce((select piece_count from made), 0)::int as pieces,
             (select count(*) from taken)::int as taken`),
  );
  if (!batch?.id) return null;
  return { id: batch.id, pieceCount: batch.pieces };
}

export interface BatchRow {
  id: string;
  purpose: PaperPurpose;
  tax_year: number | null;
  piece_count: number;
  created_at: string;
  created_on: string;
  created_by_email: string;
  mailed_on: string | null;
  mailed_count: number | null;
  mailed_by_email: string | null;
}

function batchSelect(timeZone: string) {
  return sql`
    select b.id, b.purpose, b.tax_year, b.piece_count,
           to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
           to_char(b.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as created_on,
           c.email as created_by_email, to_char(b.mailed_on, 'YYYY-MM-DD') as mailed_on, b.mailed_count,
           m.email as mailed_by_email
    from paper_mail_batches b
    join admin_users c on c.id = b.created_by
    left join admin_users m on m.id = b.mailed_by`;
}

export async function selectBatches(
  db: Executor,
  input: { purpose: PaperPurpose; taxYear: number | null; timeZone: string; limit: number },
): Promise<BatchRow[]> {
  return rowsOf<BatchRow>(
    await db.execute(sql`
      ${batchSelect(input.timeZone)}
      where b.purpose = ${input.purpose} and b.tax_year is not distinct from ${input.taxYear}
      order by b.created_at desc, b.id desc limit ${input.limit}`),
  );
}

export async function findBatch(
  db: Executor,
  id: string,
  timeZone: string,
  options: { forUpdate?: boolean } = {},
): Promise<BatchRow | null> {
  const [row] = rowsOf<BatchRow>(
    await db.execute(sql`
      ${batchSelect(timeZone)} where b.id = ${id}::uuid ${options.forUpdate ? sql`for update of b` : sql``}`),
  );
  return row ?? null;
}

export async function countUnmailedBatches(
  db: Executor,
  purpose: PaperPurpose,
  taxYear: number | null,
): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count from paper_mail_batches
      where purpose = ${purpose} and tax_year is not distinct from ${taxYear} and mailed_on is null`),
  );
  return row?.count ?? 0;
}

export async function updateBatchMailed(
  tx: Executor,
  input: { id: string; mailedOn: string; mailedCount: number; mailedBy: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    update paper_mail_batches set mailed_on = ${input.mailedOn}::date, mailed_count = ${input.mailedCount},
      mailed_by = ${input.mailedBy}::uuid, mailed_recorded_at = ${input.now.toISOString()}
    where id = ${input.id}::uuid`);
}

export interface BatchItemRow {
  investor_id: string;
  document_kind: 'tax_form' | 'statement' | 'notice';
  document_id: string;
  reason: 'no_consent' | 'consent_withdrawn' | 'requested';
}

export async function selectBatchItems(db: Executor, batchId: string): Promise<BatchItemRow[]> {
  return rowsOf<BatchItemRow>(
    await db.execute(sql`
      select i.investor_id, i.document_kind, i.document_id, i.reason
      from paper_mail_items i
      left join tax_forms f on i.document_kind = 'tax_form' and f.id = i.document_id
      left join tax_records t on t.investor_id = i.investor_id
      where i.batch_id = ${batchId}::uuid
      order by coalesce(f.recipient_postal_code, t.postal_code), i.investor_id,
               case i.document_kind when 'tax_form' then 0 when 'statement' then 1 else 2 end, i.requested_at, i.id`),
  );
}

export interface TaxFormPrintRow {
  id: string;
  tax_year: number;
  is_correction: boolean;
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
  tin_last_four: string;
}

export async function findTaxFormForPrint(db: Executor, id: string): Promise<TaxFormPrintRow | null> {
  const [row] = rowsOf<TaxFormPrintRow>(
    await db.execute(sql`
      select id, tax_year, is_correction, interest_amount::text as interest_amount,
             early_withdrawal_penalty::text as early_withdrawal_penalty,
             federal_tax_withheld::text as federal_tax_withheld, recipient_first_name,
             recipient_last_name, recipient_address1, recipient_address2, recipient_city, recipient_state,
             recipient_postal_code, tin_last_four
      from tax_forms where id = ${id}::uuid`),
  );
  return row ?? null;
}

export async function findStatementPeriod(
  db: Executor,
  id: string,
): Promise<{ investor_id: string; period: string } | null> {
  const [row] = rowsOf<{ investor_id: string; period: string }>(
    await db.execute(sql`
      select investor_id, to_char(period, 'YYYY-MM-DD') as period from investor_statements where id = ${id}::uuid`),
  );
  return row ?? null;
}

export interface NoticePrintRow {
  occurred_at: string;
  notice: unknown;
}

export async function findNotice(db: Executor, id: string): Promise<NoticePrintRow | null> {
  const [row] = rowsOf<NoticePrintRow>(
    await db.execute(sql`
      select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as occurred_at, notice
      from investor_notice_queue where id = ${id}::uuid`),
  );
  return row ?? null;
}

/** The investor's current form of a year, for a paper copy they ask for. */
export async function findCurrentTaxFormId(
  db: Executor,
  investorId: string,
  taxYear: number,
): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from tax_forms where investor_id = ${investorId}::uuid and tax_year = ${taxYear} and is_current`),
  );
  return row?.id ?? null;
}

export async function insertRequestedItem(
  tx: Executor,
  input: { investorId: string; documentKind: 'tax_form'; documentId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into paper_mail_items (investor_id, document_kind, document_id, reason, requested_at)
    values (${input.investorId}::uuid, ${input.documentKind}, ${input.documentId}::uuid, 'requested', ${input.now.toISOString()})
    on conflict (document_kind, document_id) where batch_id is null do nothing`);
}

export interface PaperCopyRow {
  id: string;
  document_kind: 'tax_form' | 'statement' | 'notice';
  title: string;
  reason: 'no_consent' | 'consent_withdrawn' | 'requested';
  requested_at: string;
  mailed_on: string | null;
}

/** The investor's own paper mail, newest first (the Documents page shows it). */
export async function selectPaperCopies(
  db: Executor,
  investorId: string,
  limit: number,
): Promise<PaperCopyRow[]> {
  return rowsOf<PaperCopyRow>(
    await db.execute(sql`
      select w.id, w.document_kind, ${documentTitle} as title, w.reason,
             to_char(w.requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as requested_at,
             to_char(b.mailed_on, 'YYYY-MM-DD') as mailed_on
      from paper_mail_items w left join paper_mail_batches b on b.id = w.batch_id
      where w.investor_id = ${investorId}::uuid
      order by w.requested_at desc, w.id desc limit ${limit}`),
  );
}

export async function selectInvestorAddress(db: Executor, investorId: string) {
  const [row] = rowsOf<{
    legal_first_name: string;
    legal_last_name: string;
    address1: string;
    address2: string | null;
    city: string;
    state: string;
    postal_code: string;
    ssn_last_four: string;
  }>(
    await db.execute(sql`
      select legal_first_name, legal_last_name, address1, address2, city, state, postal_code, ssn_last_four
      from tax_records where investor_id = ${investorId}::uuid`),
  );
  return row ?? null;
}
