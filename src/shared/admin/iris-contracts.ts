/**
 * Contracts of IRIS filing on /admin/tax (issue 25 section 1, decision 1900): the files of a
 * tax year from 2026, their acknowledgements and the errors the IRS listed.
 */
import { z } from 'zod';
import { moneyString } from '../products/contracts';
import { taxYearSchema } from './back-office-contracts';

/** FIRE takes tax years up to 2025 (and their corrections); IRIS every year from 2026. */
export const IRIS_FIRST_TAX_YEAR = 2026;
export const IRIS_TRANSMISSIONS_PAGE_SIZE = 20;
/** Records per A2A XML file: one transmission may be at most 100 MB (decision 1900). */
export const IRIS_XML_RECORDS_PER_FILE = 50_000;
/** The most errors one acknowledgement may list (the screen shows them all for its file). */
export const IRIS_MAX_ACK_ERRORS = 5_000;

export const irisKinds = ['original', 'correction'] as const;
export const irisFormats = ['xml', 'csv'] as const;
export const irisAckStatuses = [
  'accepted',
  'accepted_with_errors',
  'partially_accepted',
  'rejected',
] as const;
export type IrisAckStatus = (typeof irisAckStatuses)[number];
export const irisTransmissionStatuses = ['awaiting_acknowledgement', ...irisAckStatuses] as const;

export const irisAckStatusLabels: Record<(typeof irisTransmissionStatuses)[number], string> = {
  awaiting_acknowledgement: 'Awaiting acknowledgement',
  accepted: 'Accepted',
  accepted_with_errors: 'Accepted with errors',
  partially_accepted: 'Partially accepted',
  rejected: 'Rejected',
};

export const irisOverviewQuery = z.object({
  year: taxYearSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const irisErrorSchema = z.object({
  /** The record the error is about; null for an error about the whole submission. */
  record_id: z.number().int().min(1).max(1_000_000).nullable(),
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9._-]+$/, 'An error code is letters, digits, dots, dashes and underscores.'),
  message: z.string().trim().max(1000),
});
export type IrisErrorEntry = z.infer<typeof irisErrorSchema>;

export const irisTransmissionSchema = z.object({
  id: z.uuid(),
  batch_id: z.uuid(),
  tax_year: z.number().int(),
  kind: z.enum(irisKinds),
  format: z.enum(irisFormats),
  is_test: z.boolean(),
  file_number: z.number().int(),
  file_count: z.number().int(),
  unique_transmission_id: z.string(),
  record_count: z.number().int(),
  total_interest: moneyString,
  total_early_withdrawal_penalty: moneyString,
  total_federal_tax_withheld: moneyString,
  created_by: z.string(),
  created_at: z.string(),
  status: z.enum(irisTransmissionStatuses),
  receipt_id: z.string().nullable(),
  errors: z.array(irisErrorSchema),
  acknowledged_at: z.string().nullable(),
  rejected_records: z.number().int(),
  records_with_errors: z.number().int(),
});
export type IrisTransmission = z.infer<typeof irisTransmissionSchema>;

export const irisOverviewResponse = z.object({
  tax_year: z.number().int(),
  /** Which IRS system takes this year's returns. */
  channel: z.enum(['fire', 'iris']),
  /** Settings still missing before a file can be built (names of environment variables). */
  missing_settings: z.array(z.string()),
  /** Whether IRIS_SCHEMA_DIR is set: XML files are validated before download. */
  schema_validation: z.boolean(),
  csv_records_per_file: z.number().int(),
  xml_records_per_file: z.number().int(),
  state: z.object({
    /** Forms a new original file would take (never filed, or rejected and not filed since). */
    originals: z.number().int(),
    /** Forms a new correction file would take (a newer version than the accepted record). */
    corrections: z.number().int(),
    awaiting_transmissions: z.number().int(),
    awaiting_records: z.number().int(),
    rejected_records: z.number().int(),
  }),
  transmissions: z.array(irisTransmissionSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type IrisOverviewResponse = z.infer<typeof irisOverviewResponse>;

export const irisFilingRequest = z.object({
  tax_year: taxYearSchema,
  kind: z.enum(irisKinds),
  format: z.enum(irisFormats),
  /** Files for the IRS's Assurance Testing System (TestCd T); they never count as filed. */
  test: z.boolean().default(false),
});
export type IrisFilingRequest = z.infer<typeof irisFilingRequest>;

export const irisFilingResponse = z.object({
  batch_id: z.uuid(),
  file_count: z.number().int(),
  record_count: z.number().int(),
});

export const irisTransmissionParams = z.object({ id: z.uuid() });

export const irisRecordProblemSchema = z.object({
  record_id: z.number().int(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  errors: z.array(irisErrorSchema),
  investor_id: z.uuid(),
  recipient_name: z.string(),
  tin_last_four: z.string(),
});

export const irisTransmissionResponse = z.object({
  transmission: irisTransmissionSchema,
  /** Records rejected or flagged by the IRS (the first 500). */
  problems: z.array(irisRecordProblemSchema),
});
export type IrisTransmissionResponse = z.infer<typeof irisTransmissionResponse>;

export const irisAcknowledgementRequest = z
  .object({
    status: z.enum(irisAckStatuses),
    /** The Receipt ID IRIS gave the transmission. */
    receipt_id: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z0-9-]+$/, 'A Receipt ID is letters, digits and dashes.'),
    errors: z.array(irisErrorSchema).max(IRIS_MAX_ACK_ERRORS).default([]),
  })
  .refine((body) => body.status === 'accepted' || body.errors.length > 0, {
    message: 'List the errors the IRS gave (at least one) for this status.',
    path: ['errors'],
  })
  .refine(
    (body) => body.status !== 'partially_accepted' || body.errors.some((error) => error.record_id !== null),
    {
      message: 'A partially accepted file names the rejected records: give their record IDs.',
      path: ['errors'],
    },
  );
export type IrisAcknowledgementRequest = z.infer<typeof irisAcknowledgementRequest>;

export const irisMessages = {
  fireRetired: 'FIRE does not take tax years from 2026: file them through IRIS below.',
  irisTooEarly: 'Tax years up to 2025 are filed through FIRE.',
  missingSettings: (names: string[]) => `Set ${names.join(', ')} to build IRIS files.`,
  nothingToFile:
    'No forms are waiting to be filed as that kind: every current form is filed or awaiting its acknowledgement.',
  alreadyAcknowledged: 'This file already has its acknowledgement recorded.',
  unknownRecords: (ids: number[]) => `The file has no record ${ids.join(', ')}.`,
  schemaInvalid: 'The file does not pass the IRS schema in IRIS_SCHEMA_DIR; nothing was downloaded.',
  schemaUnreadable: 'IRIS_SCHEMA_DIR holds no IRIS schema (no .xsd declaring IRTransmission).',
} as const;

/**
 * "1, E-1099INT-001, Recipient TIN is invalid" lines (record ID, error code, message; the record
 * ID may be empty for a submission error) -> entries; the acknowledgement form reads a pasted
 * list or an uploaded CSV with it. A header line is skipped.
 */
export function parseIrisErrorLines(text: string): { errors: IrisErrorEntry[]; badLines: number[] } {
  const errors: IrisErrorEntry[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || (index === 0 && /record/i.test(line) && /code/i.test(line))) return;
    const [recordText = '', codeText = '', ...rest] = line.split(',');
    const recordId = recordText.trim() === '' ? null : Number(recordText.trim());
    const parsed = irisErrorSchema.safeParse({
      record_id: recordId,
      code: codeText.trim(),
      message: rest.join(',').trim().replace(/^"|"$/g, ''),
    });
    if (parsed.success && (recordId === null || Number.isInteger(recordId))) errors.push(parsed.data);
    else badLines.push(index + 1);
  });
  return { errors, badLines };
}
