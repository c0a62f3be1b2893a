/**
 * Contracts of the consents to electronic delivery, the investor's paper-copy requests and the
 * back office's print batches (decisions 1920-1924).
 */
import { z } from 'zod';
import { calendarDate } from '../dates/date-schemas';
import { consentKinds } from './consent-disclosures';

export const consentStates = ['none', 'given', 'withdrawn'] as const;

export const consentView = z.object({
  kind: z.enum(consentKinds),
  state: z.enum(consentStates),
  /** The version the latest consent or withdrawal was recorded against. */
  version: z.string().nullable(),
  current_version: z.string(),
  /** Given to the current disclosure and not withdrawn. */
  is_current: z.boolean(),
  recorded_at: z.string().nullable(),
});
export type ConsentView = z.infer<typeof consentView>;

export const consentStatusResponse = z.object({
  electronic_records: consentView,
  tax_forms: consentView,
  /** Where paper is mailed (the tax record's address), null when there is none yet. */
  mailing_address: z.array(z.string()).nullable(),
  /** Who gives the disclosures: the text names the company's postal address, as the PDF does. */
  company_postal_address: z.string(),
});
export type ConsentStatusResponse = z.infer<typeof consentStatusResponse>;

const disclosureVersion = z.string().trim().min(1).max(40);

export { ACCESS_CODE_LENGTH } from './consent-disclosures';
export const accessCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6}$/, 'Enter the 6-character code from the PDF');

/** Either consent: the disclosure version read, the code from its PDF, and the box ticked. */
export const giveConsentRequest = z.object({
  version: disclosureVersion,
  access_code: accessCodeSchema,
  consent: z.literal(true, { error: 'Tick the box to consent' }),
});
export type GiveConsentRequest = z.infer<typeof giveConsentRequest>;

export const consentKindParams = z.object({ kind: z.enum(consentKinds) });

// ---------------------------------------------------------------- paper copies (investor)

export const paperDocumentKinds = ['tax_form', 'statement', 'notice'] as const;
export const paperReasons = ['no_consent', 'consent_withdrawn', 'requested'] as const;

export const paperCopyRequest = z.object({
  tax_year: z.coerce.number().int().min(1900).max(2199),
});

export const paperCopyView = z.object({
  id: z.uuid(),
  document_kind: z.enum(paperDocumentKinds),
  title: z.string(),
  reason: z.enum(paperReasons),
  requested_at: z.string(),
  /** Null until staff mark the batch mailed. */
  mailed_on: z.string().nullable(),
});
export type PaperCopyView = z.infer<typeof paperCopyView>;

export const paperCopyListResponse = z.object({ paper_copies: z.array(paperCopyView) });
export type PaperCopyListResponse = z.infer<typeof paperCopyListResponse>;

// ---------------------------------------------------------------- print batches (back office)

export const paperPurposes = ['tax_forms', 'records'] as const;
export type PaperPurpose = (typeof paperPurposes)[number];

export const paperQueueQuery = z.object({
  purpose: z.enum(paperPurposes),
  year: z.coerce.number().int().min(1900).max(2199).optional(),
});

export const paperQueueEntry = z.object({
  investor_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  document_kind: z.enum(paperDocumentKinds),
  title: z.string(),
  reason: z.enum(paperReasons),
  /** False when there is no postal address to mail to: the piece waits until there is one. */
  has_address: z.boolean(),
});
export type PaperQueueEntry = z.infer<typeof paperQueueEntry>;

export const paperBatchView = z.object({
  id: z.uuid(),
  purpose: z.enum(paperPurposes),
  tax_year: z.number().int().nullable(),
  piece_count: z.number().int(),
  created_at: z.string(),
  created_by_email: z.string(),
  mailed_on: z.string().nullable(),
  mailed_count: z.number().int().nullable(),
  mailed_by_email: z.string().nullable(),
});
export type PaperBatchView = z.infer<typeof paperBatchView>;

export const paperQueueResponse = z.object({
  purpose: z.enum(paperPurposes),
  tax_year: z.number().int().nullable(),
  waiting: z.array(paperQueueEntry),
  waiting_total: z.number().int(),
  batches: z.array(paperBatchView),
});
export type PaperQueueResponse = z.infer<typeof paperQueueResponse>;

export const createPaperBatchRequest = z.object({
  purpose: z.enum(paperPurposes),
  tax_year: z.number().int().min(1900).max(2199).optional(),
});
export type CreatePaperBatchRequest = z.infer<typeof createPaperBatchRequest>;

export const paperBatchParams = z.object({ id: z.uuid() });

export const markBatchMailedRequest = z.object({
  mailed_on: calendarDate(),
  mailed_count: z.number().int().min(1).max(100_000),
});
export type MarkBatchMailedRequest = z.infer<typeof markBatchMailedRequest>;

export const paperBatchResponse = z.object({ batch: paperBatchView });

// ---------------------------------------------------------------- the tax calendar

export const taxCalendarDeadline = z.object({
  key: z.enum(['recipient_copies', 'electronic_filing']),
  label: z.string(),
  /** The date the rule names (January 31, March 31 of the next year). */
  nominal_date: z.string(),
  /** Moved to the next business day when the nominal date is a weekend or holiday. */
  due_date: z.string(),
  is_past: z.boolean(),
});

export const taxCalendarOpenItem = z.object({
  key: z.enum([
    'forms_not_issued',
    'corrections_pending',
    'missing_tax_records',
    'paper_not_mailed',
    'paper_batches_unmailed',
  ]),
  label: z.string(),
  count: z.number().int(),
});

export const taxCalendarResponse = z.object({
  tax_year: z.number().int(),
  today: z.string(),
  deadlines: z.array(taxCalendarDeadline),
  open_items: z.array(taxCalendarOpenItem),
});
export type TaxCalendarResponse = z.infer<typeof taxCalendarResponse>;
