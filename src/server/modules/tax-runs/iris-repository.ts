/** SQL of IRIS filing (decision 1900): which kept forms to file, the files, the IRS's answers. */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { iso } from '../transfers/repository';

export type IrisKind = 'original' | 'correction';
export type IrisFormat = 'xml' | 'csv';
export type IrisAckStatus = 'accepted' | 'accepted_with_errors' | 'partially_accepted' | 'rejected';

/**
 * The current forms a new file of the kind takes, numbered 1.. by recipient name (then investor). Live (not
 * test) records only decide: an investor with a record awaiting the IRS's answer is left out; an
 * original is for an investor with no accepted record (never filed, or every filing rejected);
 * a correction for one whose accepted record is of an older version of the form, and it refers
 * to the latest accepted record.
 */
function chosenForms(taxYear: number, kind: IrisKind): SQL {
  const which =
    kind === 'original'
      ? sql`a.investor_id is null`
      : sql`a.investor_id is not null and a.tax_form_id <> f.id`;
  return sql`
    recs as (
      select r.investor_id, r.tax_form_id, r.status, r.transmission_id, r.record_id, t.seq
      from iris_records r join iris_transmissions t on t.id = r.transmission_id
      where r.tax_year = ${taxYear}::int and not t.is_test
    ),
    pending as (select distinct investor_id from recs where status = 'pending'),
    accepted as (
      select distinct on (investor_id) investor_id, tax_form_id, transmission_id, record_id
      from recs where status = 'accepted' order by investor_id, seq desc, record_id desc
    ),
    chosen as (
      select f.id as tax_form_id, f.investor_id, a.transmission_id as corrects_transmission_id,
             a.record_id as corrects_record_id, row_number() over (order by f.recipient_last_name, f.recipient_first_name, f.investor_id) as n
      from tax_forms f
      left join accepted a on a.investor_id = f.investor_id
      where f.tax_year = ${taxYear}::int and f.is_current
        and not exists (select 1 from pending p where p.investor_id = f.investor_id)
        and ${which}
    )`;
}

/**
 * Makes the files of one batch in one statement: a transmission row per `perFile` records with
 * its totals, and the records. Returns how many files (0: nothing to file).
 */
export async function insertIrisBatch(
  tx: Executor,
  input: {
    batchId: string;
    taxYear: number;
    kind: IrisKind;
    format: IrisFormat;
    isTest: boolean;
    perFile: number;
    tcc: string;
    createdBy: string;
    now: Date;
  },
): Promise<number> {
  const per = input.perFile;
  await tx.execute(sql`
    with ${chosenForms(input.taxYear, input.kind)},
    numbered as (select c.*, ((c.n - 1) / ${per}::int) + 1 as file_number from chosen c),
    files as (
      insert into iris_transmissions (batch_id, tax_year, kind, format, is_test, file_number, file_count,
        unique_transmission_id, record_count, total_interest, total_early_withdrawal_penalty,
        total_federal_tax_withheld, created_by, created_at)
      select ${input.batchId}::uuid, ${input.taxYear}::int, ${input.kind}, ${input.format}, ${input.isTest},
             g.file_number, (select max(file_number) from numbered),
             gen_random_uuid()::text || ':IRIS:' || ${input.tcc} || '::A', count(*),
             sum(f.interest_amount), sum(f.early_withdrawal_penalty), sum(f.federal_tax_withheld),
             ${input.createdBy}::uuid, ${input.now}::timestamptz
      from numbered g join tax_forms f on f.id = g.tax_form_id
      group by g.file_number
      returning id, file_number
    )
    insert into iris_records (transmission_id, record_id, tax_form_id, investor_id, tax_year,
      corrects_transmission_id, corrects_record_id)
    select files.id, ((g.n - 1) % ${per}::int) + 1, g.tax_form_id, g.investor_id, ${input.taxYear}::int,
           g.corrects_transmission_id, g.corrects_record_id
    from numbered g join files on files.file_number = g.file_number`);
  const result = await tx.execute(
    sql`select count(*)::int as files from iris_transmissions where batch_id = ${input.batchId}::uuid`,
  );
  return rowsOf<{ files: number }>(result)[0]!.files;
}

export async function countBatchRecords(tx: Executor, batchId: string): Promise<number> {
  const result = await tx.execute(
    sql`select coalesce(sum(record_count), 0)::int as n from iris_transmissions where batch_id = ${batchId}::uuid`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/** What a new file of each kind would take now, and what waits on the IRS. */
export async function selectIrisState(db: Executor, taxYear: number) {
  const count = async (kind: IrisKind) => {
    const result = await db.execute(
      sql`with ${chosenForms(taxYear, kind)} select count(*)::int as n from chosen`,
    );
    return rowsOf<{ n: number }>(result)[0]!.n;
  };
  const waiting = await db.execute(sql`
    select count(*)::int as transmissions, coalesce(sum(record_count), 0)::int as records
    from iris_transmissions
    where tax_year = ${taxYear}::int and not is_test and status = 'awaiting_acknowledgement'`);
  const rejected = await db.execute(sql`
    with latest as (
      select distinct on (r.investor_id) r.status
      from iris_records r join iris_transmissions t on t.id = r.transmission_id
      where r.tax_year = ${taxYear}::int and not t.is_test
      order by r.investor_id, t.seq desc, r.record_id desc
    )
    select count(*)::int as n from latest where status = 'rejected'`);
  const wait = rowsOf<{ transmissions: number; records: number }>(waiting)[0]!;
  return {
    originals: await count('original'),
    corrections: await count('correction'),
    awaitingTransmissions: wait.transmissions,
    awaitingRecords: wait.records,
    rejectedRecords: rowsOf<{ n: number }>(rejected)[0]!.n,
  };
}

const transmissionColumns = sql`
  t.id, t.batch_id, t.tax_year, t.kind, t.format, t.is_test, t.file_number, t.file_count,
  t.unique_transmission_id, t.record_count, t.total_interest::text as total_interest,
  t.total_early_withdrawal_penalty::text as total_early_withdrawal_penalty,
  t.total_federal_tax_withheld::text as total_federal_tax_withheld,
  a.first_name || ' ' || a.last_name as created_by, ${iso('t.created_at')} as created_at, t.status, t.receipt_id,
  t.errors, ${iso('t.acknowledged_at')} as acknowledged_at,
  (select count(*)::int from iris_records r where r.transmission_id = t.id and r.status = 'rejected') as rejected_records,
  (select count(*)::int from iris_records r where r.transmission_id = t.id and jsonb_array_length(r.errors) > 0)
    as records_with_errors`;

export interface TransmissionRow {
  id: string;
  batch_id: string;
  tax_year: number;
  kind: IrisKind;
  format: IrisFormat;
  is_test: boolean;
  file_number: number;
  file_count: number;
  unique_transmission_id: string;
  record_count: number;
  total_interest: string;
  total_early_withdrawal_penalty: string;
  total_federal_tax_withheld: string;
  created_by: string;
  created_at: string;
  status: 'awaiting_acknowledgement' | IrisAckStatus;
  receipt_id: string | null;
  errors: IrisError[];
  acknowledged_at: string | null;
  rejected_records: number;
  records_with_errors: number;
}

export interface IrisError {
  record_id: number | null;
  code: string;
  message: string;
}

export async function selectTransmissions(
  db: Executor,
  input: { taxYear: number; page: number; pageSize: number },
): Promise<{ rows: TransmissionRow[]; total: number }> {
  const result = await db.execute(sql`
    select ${transmissionColumns}
    from iris_transmissions t join admin_users a on a.id = t.created_by
    where t.tax_year = ${input.taxYear}::int
    order by max(t.seq) over (partition by t.batch_id) desc, t.file_number
    limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`);
  const total = await db.execute(
    sql`select count(*)::int as n from iris_transmissions where tax_year = ${input.taxYear}::int`,
  );
  return { rows: rowsOf<TransmissionRow>(result), total: rowsOf<{ n: number }>(total)[0]!.n };
}

export async function selectTransmission(db: Executor, id: string): Promise<TransmissionRow | null> {
  const result = await db.execute(sql`
    select ${transmissionColumns}
    from iris_transmissions t join admin_users a on a.id = t.created_by
    where t.id = ${id}::uuid`);
  return rowsOf<TransmissionRow>(result)[0] ?? null;
}

/** A transmission's records the IRS rejected or flagged, with their errors (at most `limit`). */
export async function selectRecordProblems(db: Executor, transmissionId: string, limit: number) {
  const result = await db.execute(sql`
    select r.record_id, r.status, r.errors, r.investor_id,
           f.recipient_first_name || ' ' || f.recipient_last_name as recipient_name, f.tin_last_four
    from iris_records r join tax_forms f on f.id = r.tax_form_id
    where r.transmission_id = ${transmissionId}::uuid and (r.status = 'rejected' or jsonb_array_length(r.errors) > 0)
    order by r.record_id limit ${limit}`);
  return rowsOf<{
    record_id: number;
    status: 'pending' | 'accepted' | 'rejected';
    errors: IrisError[];
    investor_id: string;
    recipient_name: string;
    tin_last_four: string;
  }>(result);
}

export interface IrisRecordRow {
  record_id: number;
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
  corrects_receipt_id: string | null;
  corrects_record_id: number | null;
}

/** One page of a file's records in record order (keyset paging: memory stays flat). */
export async function selectTransmissionRecords(
  db: Executor,
  input: { transmissionId: string; afterRecordId: number; limit: number },
): Promise<IrisRecordRow[]> {
  // The page's records first (the primary key's order, `limit` rows), then the joins: joined
  // first, a fresh file's unanalysed records made the planner join every remaining record of the
  // file and sort them for each page (a 50,000-record XML file: quadratic, decision 1905).
  const result = await db.execute(sql`
    with r as materialized (
      select record_id, tax_form_id, corrects_transmission_id, corrects_record_id
      from iris_records
      where transmission_id = ${input.transmissionId}::uuid and record_id > ${input.afterRecordId}::int
      order by record_id limit ${input.limit}
    )
    select r.record_id, f.investor_id, f.interest_amount::text as interest_amount,
           f.early_withdrawal_penalty::text as early_withdrawal_penalty,
           f.federal_tax_withheld::text as federal_tax_withheld,
           f.recipient_first_name, f.recipient_last_name, f.recipient_address1, f.recipient_address2,
           f.recipient_city, f.recipient_state, f.recipient_postal_code, tr.ssn_encrypted,
           c.receipt_id as corrects_receipt_id, r.corrects_record_id
    from r
    join tax_forms f on f.id = r.tax_form_id
    left join tax_records tr on tr.investor_id = f.investor_id
    left join iris_transmissions c on c.id = r.corrects_transmission_id
    order by r.record_id`);
  return rowsOf<IrisRecordRow>(result);
}

/**
 * Records the IRS's answer. Accepted: every record accepted. Accepted with errors: every record
 * accepted, the listed ones keep their errors (they need a correction). Partially accepted: the
 * listed records are rejected, the others accepted. Rejected: every record rejected.
 */
export async function updateAcknowledgement(
  tx: Executor,
  input: {
    transmissionId: string;
    status: IrisAckStatus;
    receiptId: string;
    errors: IrisError[];
    by: string;
    now: Date;
  },
): Promise<boolean> {
  const submissionErrors = input.errors.filter((error) => error.record_id === null);
  const updated = await tx.execute(sql`
    update iris_transmissions set status = ${input.status}, receipt_id = ${input.receiptId},
      errors = ${JSON.stringify(submissionErrors)}::jsonb, acknowledged_by = ${input.by}::uuid,
      acknowledged_at = ${input.now}::timestamptz
    where id = ${input.transmissionId}::uuid and status = 'awaiting_acknowledgement'
    returning id`);
  if (rowsOf(updated).length === 0) return false;
  const everyRecord = input.status === 'rejected' ? 'rejected' : 'accepted';
  await tx.execute(sql`
    update iris_records set status = ${everyRecord} where transmission_id = ${input.transmissionId}::uuid`);
  const byRecord = new Map<number, IrisError[]>();
  for (const error of input.errors) {
    if (error.record_id === null) continue;
    byRecord.set(error.record_id, [...(byRecord.get(error.record_id) ?? []), error]);
  }
  if (byRecord.size > 0) {
    const rows = [...byRecord].map(([recordId, errors]) => ({ record_id: recordId, errors }));
    const rejectListed = input.status === 'partially_accepted' || input.status === 'rejected';
    await tx.execute(sql`
      update iris_records r set errors = x.errors,
        status = case when ${rejectListed} then 'rejected' else r.status end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(record_id int, errors jsonb)
      where r.transmission_id = ${input.transmissionId}::uuid and r.record_id = x.record_id`);
  }
  return true;
}

/** Record ids the errors name that are not in the file. */
export async function selectUnknownRecordIds(
  db: Executor,
  transmissionId: string,
  recordIds: number[],
): Promise<number[]> {
  if (recordIds.length === 0) return [];
  const result = await db.execute(sql`
    select x.id from jsonb_array_elements_text(${JSON.stringify(recordIds)}::jsonb) as e(value)
    cross join lateral (select e.value::int as id) x
    where not exists (select 1 from iris_records r where r.transmission_id = ${transmissionId}::uuid and r.record_id = x.id)
    order by x.id limit 20`);
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}
