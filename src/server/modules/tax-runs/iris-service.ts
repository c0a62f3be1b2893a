/**
 * IRIS filing of the year's 1099-INT returns (issue 25 section 1, decision 1900): the files are
 * built from the kept forms (as the FIRE file of decision 1622), so their totals are the forms';
 * each file is kept with its records so that the IRS's acknowledgement, recorded by staff, can
 * be matched to the records, a correction can name the accepted record it replaces, and a
 * rejected record returns to the forms waiting to be filed.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  IRIS_FIRST_TAX_YEAR,
  IRIS_TRANSMISSIONS_PAGE_SIZE,
  IRIS_XML_RECORDS_PER_FILE,
  type IrisAcknowledgementRequest,
  type IrisFilingRequest,
  type IrisOverviewResponse,
  type IrisTransmission,
  type IrisTransmissionResponse,
  irisMessages,
} from '../../../shared/admin/iris-contracts';
import { AppError } from '../../../shared/errors/app-error';
import { toMoneyString } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import { decryptField } from '../../security/field-encryption';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { IrisRecordContext, IrisSettings, IrisTransmissionContext } from './iris-elements';
import { csvHead, csvRows, IrisDataError, IrisRecordWriter, transmissionEnvelope } from './iris-file';
import {
  countBatchRecords,
  insertIrisBatch,
  type IrisRecordRow,
  selectIrisState,
  selectRecordProblems,
  selectTransmission,
  selectTransmissionRecords,
  selectTransmissions,
  selectUnknownRecordIds,
  type TransmissionRow,
  updateAcknowledgement,
} from './iris-repository';
import { lockTaxRuns } from './repository';
import { assertEnded, latestEndedTaxYear, parsePostalAddress } from './service';

/** Records read from the database per page while a file is written. */
const PAGE_SIZE = 2_000;

type IrisConfig = Pick<
  AppContext['config'],
  | 'PAYER_TIN'
  | 'IRIS_TCC'
  | 'IRIS_CONTACT_NAME'
  | 'IRIS_CONTACT_PHONE'
  | 'IRIS_CONTACT_EMAIL'
  | 'COMPANY_POSTAL_ADDRESS'
>;

/** The IRIS settings, or the names of the ones missing (the screen lists them). */
export function irisSettings(config: IrisConfig): { settings: IrisSettings | null; missing: string[] } {
  const address = parsePostalAddress(config.COMPANY_POSTAL_ADDRESS);
  const missing = [
    config.PAYER_TIN ? null : 'PAYER_TIN',
    config.IRIS_TCC ? null : 'IRIS_TCC',
    config.IRIS_CONTACT_NAME ? null : 'IRIS_CONTACT_NAME',
    config.IRIS_CONTACT_PHONE ? null : 'IRIS_CONTACT_PHONE',
    config.IRIS_CONTACT_EMAIL ? null : 'IRIS_CONTACT_EMAIL',
    address ? null : 'COMPANY_POSTAL_ADDRESS (as "Name, street, city, ST 12345")',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0 || !address) return { settings: null, missing };
  const [line1, ...more] = address.address.split(',').map((part) => part.trim());
  return {
    settings: {
      tcc: config.IRIS_TCC!,
      contactName: config.IRIS_CONTACT_NAME!,
      contactPhone: config.IRIS_CONTACT_PHONE!,
      contactEmail: config.IRIS_CONTACT_EMAIL!,
      payer: {
        tin: config.PAYER_TIN!,
        name: address.name,
        phone: config.IRIS_CONTACT_PHONE!,
        address: {
          line1: line1 ?? '',
          line2: more.length > 0 ? more.join(', ') : null,
          city: address.city,
          state: address.state,
          zip: address.zip,
        },
      },
    },
    missing: [],
  };
}

function requireSettings(context: AppContext): IrisSettings {
  const { settings, missing } = irisSettings(context.config);
  if (!settings) throw new AppError('conflict', { message: irisMessages.missingSettings(missing) });
  return settings;
}

function assertIrisYear(context: AppContext, taxYear: number): void {
  assertEnded(context, taxYear);
  if (taxYear < IRIS_FIRST_TAX_YEAR) throw new AppError('conflict', { message: irisMessages.irisTooEarly });
}

function toTransmission(row: TransmissionRow): IrisTransmission {
  return {
    ...row,
    total_interest: toMoneyString(row.total_interest),
    total_early_withdrawal_penalty: toMoneyString(row.total_early_withdrawal_penalty),
    total_federal_tax_withheld: toMoneyString(row.total_federal_tax_withheld),
  };
}

export async function loadIrisOverview(
  context: AppContext,
  input: { taxYear: number; page: number },
): Promise<IrisOverviewResponse> {
  const isIris = input.taxYear >= IRIS_FIRST_TAX_YEAR;
  const { missing } = irisSettings(context.config);
  const empty = {
    originals: 0,
    corrections: 0,
    awaitingTransmissions: 0,
    awaitingRecords: 0,
    rejectedRecords: 0,
  };
  const state = isIris ? await selectIrisState(context.db, input.taxYear) : empty;
  const list = isIris
    ? await selectTransmissions(context.db, { ...input, pageSize: IRIS_TRANSMISSIONS_PAGE_SIZE })
    : { rows: [], total: 0 };
  return {
    tax_year: input.taxYear,
    channel: isIris ? 'iris' : 'fire',
    missing_settings: missing,
    schema_validation: Boolean(context.config.IRIS_SCHEMA_DIR),
    csv_records_per_file: context.config.IRIS_CSV_RECORDS_PER_FILE,
    xml_records_per_file: IRIS_XML_RECORDS_PER_FILE,
    state: {
      originals: state.originals,
      corrections: state.corrections,
      awaiting_transmissions: state.awaitingTransmissions,
      awaiting_records: state.awaitingRecords,
      rejected_records: state.rejectedRecords,
    },
    transmissions: list.rows.map(toTransmission),
    page: input.page,
    page_size: IRIS_TRANSMISSIONS_PAGE_SIZE,
    total: list.total,
  };
}

/** Files every form waiting to be filed as the kind, in files of the format's size. */
export async function createIrisFiling(
  context: AppContext,
  admin: Pick<AdminPrincipal, 'adminUserId' | 'email' | 'ipAddress'>,
  request: IrisFilingRequest,
): Promise<{ batch_id: string; file_count: number; record_count: number }> {
  assertIrisYear(context, request.tax_year);
  const settings = requireSettings(context);
  const batchId = randomUUID();
  const now = context.clock.now();
  const perFile =
    request.format === 'csv' ? context.config.IRIS_CSV_RECORDS_PER_FILE : IRIS_XML_RECORDS_PER_FILE;
  const { files, records } = await context.db.transaction(async (tx) => {
    await lockTaxRuns(tx);
    const fileCount = await insertIrisBatch(tx, {
      batchId,
      taxYear: request.tax_year,
      kind: request.kind,
      format: request.format,
      isTest: request.test,
      perFile,
      tcc: settings.tcc,
      createdBy: admin.adminUserId,
      now,
    });
    if (fileCount === 0) throw new AppError('not_found', { message: irisMessages.nothingToFile });
    const recordCount = await countBatchRecords(tx, batchId);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'iris_filing.create',
      target: { type: 'iris_batch', id: batchId },
      after: {
        tax_year: request.tax_year,
        kind: request.kind,
        format: request.format,
        test: request.test,
        files: fileCount,
        records: recordCount,
      },
      at: now,
    });
    return { files: fileCount, records: recordCount };
  });
  return { batch_id: batchId, file_count: files, record_count: records };
}

export async function loadIrisTransmission(
  context: AppContext,
  id: string,
): Promise<IrisTransmissionResponse> {
  const row = await selectTransmission(context.db, id);
  if (!row) throw new AppError('not_found', { message: 'No such IRIS file.' });
  const problems = await selectRecordProblems(context.db, id, 500);
  return { transmission: toTransmission(row), problems };
}

function recordContext(
  context: AppContext,
  transmission: TransmissionRow,
  row: IrisRecordRow,
): IrisRecordContext {
  return {
    taxYear: transmission.tax_year,
    recordId: row.record_id,
    isCorrection: transmission.kind === 'correction',
    correctsUniqueRecordId:
      row.corrects_receipt_id && row.corrects_record_id !== null
        ? `${row.corrects_receipt_id}|1|${row.corrects_record_id}`
        : null,
    tin: row.ssn_encrypted ? decryptField(context.config.fieldEncryptionKey, row.ssn_encrypted) : '',
    firstName: row.recipient_first_name,
    lastName: row.recipient_last_name,
    address: {
      line1: row.recipient_address1,
      line2: row.recipient_address2,
      city: row.recipient_city,
      state: row.recipient_state,
      zip: row.recipient_postal_code,
    },
    accountNumber: row.investor_id.replaceAll('-', '').slice(0, 20).toUpperCase(),
    interest: toMoneyString(row.interest_amount),
    earlyWithdrawalPenalty: toMoneyString(row.early_withdrawal_penalty),
    federalTaxWithheld: toMoneyString(row.federal_tax_withheld),
  };
}

/**
 * The file's text, chunk by chunk: the head, the records a page at a time, the tail. Only one
 * page of records is in memory at any time.
 */
export async function* irisFileChunks(
  context: AppContext,
  transmission: TransmissionRow,
  settings: IrisSettings,
): AsyncGenerator<string> {
  const header: IrisTransmissionContext = {
    settings,
    uniqueTransmissionId: transmission.unique_transmission_id,
    taxYear: transmission.tax_year,
    isPriorYear: transmission.tax_year < latestEndedTaxYear(context),
    kind: transmission.kind,
    isTest: transmission.is_test,
    recordCount: transmission.record_count,
    totals: {
      interest: toMoneyString(transmission.total_interest),
      earlyWithdrawalPenalty: toMoneyString(transmission.total_early_withdrawal_penalty),
      federalTaxWithheld: toMoneyString(transmission.total_federal_tax_withheld),
    },
  };
  const isXml = transmission.format === 'xml';
  const envelope = isXml ? transmissionEnvelope(header) : null;
  const writer = new IrisRecordWriter();
  yield envelope ? envelope.head : csvHead();
  let after = 0;
  for (;;) {
    const rows = await selectTransmissionRecords(context.db, {
      transmissionId: transmission.id,
      afterRecordId: after,
      limit: PAGE_SIZE,
    });
    if (rows.length === 0) break;
    const records = rows.map((row) => recordContext(context, transmission, row));
    yield isXml ? records.map((record) => writer.record(record)).join('') : csvRows(records, settings);
    after = rows.at(-1)!.record_id;
    // A short page is the last (no query for an empty one: a CSV file is a page, and there are thousands).
    if (rows.length < PAGE_SIZE) break;
  }
  if (envelope) yield envelope.tail;
}

export function irisFileName(transmission: TransmissionRow): string {
  const kind = transmission.kind === 'correction' ? '-correction' : '';
  const test = transmission.is_test ? '-ats' : '';
  const part =
    transmission.file_count > 1 ? `-${transmission.file_number}-of-${transmission.file_count}` : '';
  return `1099-INT-${transmission.tax_year}-iris${kind}${test}${part}.${transmission.format}`;
}

/** The XSD errors of a file, as xmllint reports them: "line 12: Element 'X': ...". */
export class IrisSchemaError extends Error {
  constructor(readonly errors: string[]) {
    super(irisMessages.schemaInvalid);
    this.name = 'IrisSchemaError';
  }
}

/**
 * Validates an XML file against the schema package in `schemaDir`: the .xsd declaring
 * IRTransmission is the main schema, every other .xsd in the folder (and one level of
 * sub-folders, as the IRS package nests its common types) is preloaded for its imports.
 */
export async function validateAgainstSchemaDir(xml: string, schemaDir: string): Promise<string[]> {
  const files: { fileName: string; contents: string }[] = [];
  const collect = async (dir: string, prefix: string, depth: number) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && depth < 2)
        await collect(join(dir, entry.name), `${prefix}${entry.name}/`, depth + 1);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.xsd'))
        files.push({
          fileName: `${prefix}${entry.name}`,
          contents: await readFile(join(dir, entry.name), 'utf8'),
        });
    }
  };
  try {
    await collect(schemaDir, '', 0);
  } catch {
    throw new AppError('conflict', { message: irisMessages.schemaUnreadable });
  }
  const main = files.find((file) => /<xs(d)?:element\s+name="IRTransmission"/.test(file.contents));
  if (!main) throw new AppError('conflict', { message: irisMessages.schemaUnreadable });
  const { validateXML } = await import('xmllint-wasm');
  const pages = Math.min(65_536, Math.max(256, Math.ceil((xml.length * 12) / 65_536)));
  const result = await validateXML({
    xml: [{ fileName: 'transmission.xml', contents: xml }],
    schema: [main],
    preload: files.filter((file) => file !== main),
    maxMemoryPages: pages,
  });
  return result.errors
    .slice(0, 200)
    .map((error) => (error.loc ? `line ${error.loc.lineNumber}: ${error.message}` : error.message));
}

export interface IrisDownload {
  fileName: string;
  contentType: string;
  body: Readable | AsyncIterable<string>;
}

/**
 * The file to download. Without IRIS_SCHEMA_DIR it streams straight from the database. With it,
 * an XML file is first written to a private temporary file, validated, and only then streamed
 * (and the temporary file removed); schema errors refuse the download.
 */
export async function downloadIrisFile(context: AppContext, id: string): Promise<IrisDownload> {
  const transmission = await selectTransmission(context.db, id);
  if (!transmission) throw new AppError('not_found', { message: 'No such IRIS file.' });
  const settings = requireSettings(context);
  const fileName = irisFileName(transmission);
  const contentType =
    transmission.format === 'xml' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8';
  const schemaDir = context.config.IRIS_SCHEMA_DIR;
  const chunks = guardData(irisFileChunks(context, transmission, settings));
  if (transmission.format !== 'xml' || !schemaDir) {
    // The first chunk is built before the answer starts, so a data problem is still a clean 409.
    const first = await chunks.next();
    return { fileName, contentType, body: prepend(first, chunks) };
  }
  const folder = await mkdtemp(join(tmpdir(), 'iris-'));
  const path = join(folder, fileName);
  try {
    const handle = await open(path, 'w', 0o600);
    try {
      for await (const chunk of chunks) await handle.write(chunk);
    } finally {
      await handle.close();
    }
    const errors = await validateAgainstSchemaDir(await readFile(path, 'utf8'), schemaDir);
    if (errors.length > 0) throw new IrisSchemaError(errors);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  const stream = createReadStream(path);
  stream.on('close', () => void rm(folder, { recursive: true, force: true }));
  return { fileName, contentType, body: stream };
}

async function* guardData(chunks: AsyncGenerator<string>): AsyncGenerator<string> {
  try {
    yield* chunks;
  } catch (error) {
    if (error instanceof IrisDataError) throw new AppError('conflict', { message: error.message });
    throw error;
  }
}

async function* prepend(first: IteratorResult<string>, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  if (!first.done) yield first.value;
  yield* rest;
}

export async function recordIrisAcknowledgement(
  context: AppContext,
  admin: Pick<AdminPrincipal, 'adminUserId' | 'email' | 'ipAddress'>,
  id: string,
  body: IrisAcknowledgementRequest,
): Promise<IrisTransmissionResponse> {
  const transmission = await selectTransmission(context.db, id);
  if (!transmission) throw new AppError('not_found', { message: 'No such IRIS file.' });
  const recordIds = [
    ...new Set(body.errors.flatMap((error) => (error.record_id === null ? [] : [error.record_id]))),
  ];
  const unknown = await selectUnknownRecordIds(context.db, id, recordIds);
  if (unknown.length > 0)
    throw new AppError('validation_failed', { message: irisMessages.unknownRecords(unknown) });
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await lockTaxRuns(tx);
    const updated = await updateAcknowledgement(tx, {
      transmissionId: id,
      status: body.status,
      receiptId: body.receipt_id,
      errors: body.errors,
      by: admin.adminUserId,
      now,
    });
    if (!updated) throw new AppError('conflict', { message: irisMessages.alreadyAcknowledged });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'iris_filing.acknowledge',
      target: { type: 'iris_transmission', id },
      after: { status: body.status, receipt_id: body.receipt_id, errors: body.errors.length },
      at: now,
    });
  });
  return loadIrisTransmission(context, id);
}
