/**
 * Paper mail (decision 1924), one module for both reasons paper goes out: tax forms without a
 * consent to electronic tax forms (issue 25), and statements and notices after an investor
 * withdrew the consent to electronic records (issue 26); plus the paper copies investors ask
 * for. Staff make a print batch (one PDF, addresses in the envelope windows) and mark it mailed
 * with the date and count; both are audited.
 */
import type {
  CreatePaperBatchRequest,
  MarkBatchMailedRequest,
  PaperBatchView,
  PaperCopyListResponse,
  PaperPurpose,
  PaperQueueResponse,
  TaxCalendarResponse,
} from '../../../shared/consents/consent-contracts';
import { consentMessages } from '../../../shared/consents/consent-disclosures';
import { AppError } from '../../../shared/errors/app-error';
import { toMoneyString } from '../../../shared/money/decimal-string';
import { statementMonthLabel, statementMonthOf } from '../../../shared/portal/statement-months';
import { taxYearDeadlines } from '../../../shared/tax/tax-calendar';
import type { AppContext } from '../../context';
import { enforceRateLimit } from '../../security/rate-limiter';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import { addressLines } from '../consents/repository';
import type { PdfIssuer } from '../portal/promissory-note-pdf';
import { findStatement, findStatementHolder, listStatementEntries } from '../statements/statement-repository';
import { latestEndedTaxYear, loadTaxYear } from '../tax-runs/service';
import type { EnclosedDocument, MailPiece } from './batch-pdf';
import {
  type BatchRow,
  countUnmailedBatches,
  countWaiting,
  findBatch,
  findCurrentTaxFormId,
  findNotice,
  findStatementPeriod,
  findTaxFormForPrint,
  insertBatchTakingWaiting,
  insertRequestedItem,
  lockBatchMaking,
  selectBatches,
  selectBatchItems,
  selectInvestorAddress,
  selectPaperCopies,
  selectWaiting,
  storeCandidates,
  updateBatchMailed,
} from './repository';

/** An investor asks for paper copies: a few a day is plenty, and each one is a letter we mail. */
const paperCopyRequests = { name: 'paper-copy:request', limit: 5, windowSeconds: 86_400 };

const purposeLabels: Record<PaperPurpose, string> = {
  tax_forms: 'tax forms',
  records: 'statements and notices',
};

function issuerOf(context: AppContext): PdfIssuer {
  return {
    brandName: context.config.BRAND_NAME,
    postalAddress: context.config.COMPANY_POSTAL_ADDRESS,
    supportEmail: context.config.SUPPORT_EMAIL,
    timeZone: context.clock.timeZone,
  };
}

function batchView(row: BatchRow): PaperBatchView {
  const { created_on: _createdOn, ...view } = row;
  return view;
}

function yearFor(purpose: PaperPurpose, year: number | undefined, context: AppContext): number | null {
  if (purpose !== 'tax_forms') return null;
  return Math.min(year ?? latestEndedTaxYear(context), latestEndedTaxYear(context));
}

export async function loadPaperQueue(
  context: AppContext,
  input: { purpose: PaperPurpose; year?: number },
): Promise<PaperQueueResponse> {
  const taxYear = yearFor(input.purpose, input.year, context);
  const waiting = await selectWaiting(context.db, { purpose: input.purpose, taxYear, limit: 200 });
  const batches = await selectBatches(context.db, {
    purpose: input.purpose,
    taxYear,
    timeZone: context.clock.timeZone,
    limit: 50,
  });
  return {
    purpose: input.purpose,
    tax_year: taxYear,
    waiting: waiting.rows.map((row) => ({
      investor_id: row.investor_id,
      name: row.name,
      email: row.email,
      document_kind: row.document_kind,
      title: row.title,
      reason: row.reason,
      has_address: row.has_address,
    })),
    waiting_total: waiting.total,
    batches: batches.map(batchView),
  };
}

export async function createPaperBatch(
  context: AppContext,
  admin: AdminPrincipal,
  body: CreatePaperBatchRequest,
): Promise<PaperBatchView> {
  const taxYear = yearFor(body.purpose, body.tax_year, context);
  const now = context.clock.now();
  const id = await context.db.transaction(async (tx) => {
    await lockBatchMaking(tx);
    await storeCandidates(tx, body.purpose, taxYear);
    const batch = await insertBatchTakingWaiting(tx, {
      purpose: body.purpose,
      taxYear,
      createdBy: admin.adminUserId,
      now,
    });
    if (!batch) throw new AppError('conflict', { message: consentMessages.nothingToPrint });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'paper_batch.create',
      target: { type: 'paper_batch', id: batch.id },
      after: { purpose: body.purpose, tax_year: taxYear, piece_count: batch.pieceCount },
      at: now,
    });
    return batch.id;
  });
  const row = await findBatch(context.db, id, context.clock.timeZone);
  return batchView(row!);
}

export async function markPaperBatchMailed(
  context: AppContext,
  admin: AdminPrincipal,
  input: { id: string; body: MarkBatchMailedRequest },
): Promise<PaperBatchView> {
  const now = context.clock.now();
  const today = context.clock.today();
  const { mailed_on: mailedOn, mailed_count: mailedCount } = input.body;
  await context.db.transaction(async (tx) => {
    const batch = await findBatch(tx, input.id, context.clock.timeZone, { forUpdate: true });
    if (!batch) throw new AppError('not_found', { message: consentMessages.batchNotFound });
    if (batch.mailed_on) throw new AppError('conflict', { message: consentMessages.batchAlreadyMailed });
    if (mailedCount > batch.piece_count) {
      throw new AppError('validation_failed', { message: consentMessages.mailedCountTooHigh });
    }
    if (mailedOn < batch.created_on) {
      throw new AppError('validation_failed', { message: consentMessages.mailedBeforeCreated });
    }
    if (mailedOn > today)
      throw new AppError('validation_failed', { message: consentMessages.mailedInFuture });
    await updateBatchMailed(tx, { id: input.id, mailedOn, mailedCount, mailedBy: admin.adminUserId, now });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'paper_batch.mark_mailed',
      target: { type: 'paper_batch', id: input.id },
      before: { mailed_on: null, mailed_count: null },
      after: { mailed_on: mailedOn, mailed_count: mailedCount, piece_count: batch.piece_count },
      at: now,
    });
  });
  const row = await findBatch(context.db, input.id, context.clock.timeZone);
  return batchView(row!);
}

function reasonSentence(purpose: PaperPurpose, reasons: Set<string>, brandName: string): string {
  if (reasons.has('requested') && reasons.size === 1) return 'Here is the paper copy you asked for.';
  if (purpose === 'tax_forms') {
    return `Here is your tax form on paper. You have not agreed to receive tax forms electronically, so we mail them; to get them in your ${brandName} account instead, consent in Settings.`;
  }
  return `You asked us to stop giving you records electronically, so we mail your statements and notices. To receive them in your ${brandName} account again, consent in Settings.`;
}

async function enclosedDocument(
  context: AppContext,
  item: { investor_id: string; document_kind: 'tax_form' | 'statement' | 'notice'; document_id: string },
): Promise<EnclosedDocument | null> {
  if (item.document_kind === 'tax_form') {
    const form = await findTaxFormForPrint(context.db, item.document_id);
    if (!form) return null;
    return {
      kind: 'tax_form',
      title: `${form.is_correction ? 'Corrected ' : ''}${form.tax_year} Form 1099-INT (Copy B)`,
      form: {
        year: form.tax_year,
        interest: toMoneyString(form.interest_amount),
        earlyWithdrawalPenalty: toMoneyString(form.early_withdrawal_penalty),
        federalTaxWithheld: toMoneyString(form.federal_tax_withheld),
        investorId: item.investor_id,
        record: {
          legal_first_name: form.recipient_first_name,
          legal_last_name: form.recipient_last_name,
          address1: form.recipient_address1,
          address2: form.recipient_address2,
          city: form.recipient_city,
          state: form.recipient_state,
          postal_code: form.recipient_postal_code,
          ssn_last_four: form.tin_last_four,
        },
        payerTin: context.config.PAYER_TIN ?? null,
      },
    };
  }
  if (item.document_kind === 'statement') {
    const found = await findStatementPeriod(context.db, item.document_id);
    if (!found) return null;
    const statement = await findStatement(context.db, found.investor_id, found.period);
    const holder = await findStatementHolder(context.db, found.investor_id);
    if (!statement || !holder) return null;
    const entries = await listStatementEntries(context.db, found.investor_id, found.period);
    return {
      kind: 'statement',
      title: `Statement for ${statementMonthLabel(statementMonthOf(found.period))}`,
      statement,
      entries,
      holder,
    };
  }
  const notice = await findNotice(context.db, item.document_id);
  if (!notice) return null;
  const message = (typeof notice.notice === 'string' ? JSON.parse(notice.notice) : notice.notice) as {
    title?: string;
    body?: string;
    email?: { paragraphs?: string[] };
  };
  const paragraphs = message.email?.paragraphs?.length ? message.email.paragraphs : [message.body ?? ''];
  return {
    kind: 'notice',
    title: message.title ?? 'Notice',
    occurredAt: notice.occurred_at,
    paragraphs,
  };
}

/** The batch's pieces: one per tax form, or one per investor with all their statements and notices. */
export async function buildPaperBatchPdf(
  context: AppContext,
  batchId: string,
): Promise<{ pdf: PDFKit.PDFDocument; fileName: string }> {
  const batch = await findBatch(context.db, batchId, context.clock.timeZone);
  if (!batch) throw new AppError('not_found', { message: consentMessages.batchNotFound });
  const items = await selectBatchItems(context.db, batchId);
  const pieces: MailPiece[] = [];
  const addresses = new Map<string, string[] | null>();
  let current: { key: string; piece: MailPiece; reasons: Set<string> } | null = null;
  for (const item of items) {
    const document = await enclosedDocument(context, item);
    if (!document) continue;
    const key = batch.purpose === 'tax_forms' ? item.document_id : item.investor_id;
    if (!current || current.key !== key) {
      let address: string[] | null;
      if (document.kind === 'tax_form') {
        const record = document.form.record;
        address = addressLines(record);
      } else {
        if (!addresses.has(item.investor_id)) {
          const row = await selectInvestorAddress(context.db, item.investor_id);
          addresses.set(item.investor_id, row ? addressLines(row) : null);
        }
        address = addresses.get(item.investor_id) ?? null;
      }
      if (!address) continue;
      current = { key, piece: { address, reason: '', documents: [] }, reasons: new Set() };
      pieces.push(current.piece);
    }
    current.piece.documents.push(document);
    current.reasons.add(item.reason);
    current.piece.reason = reasonSentence(batch.purpose, current.reasons, context.config.BRAND_NAME);
  }
  const { batchPdf } = await import('./batch-pdf');
  const pdf = batchPdf(pieces, issuerOf(context), {
    batchId,
    createdOn: batch.created_on,
    purposeLabel: batch.tax_year
      ? `${batch.tax_year} ${purposeLabels[batch.purpose]}`
      : purposeLabels[batch.purpose],
  });
  const fileName = `paper-batch-${batch.purpose === 'tax_forms' ? `${batch.tax_year}-tax-forms` : 'records'}-${batch.created_on}-${batchId.slice(0, 8)}.pdf`;
  return { pdf, fileName };
}

// ---------------------------------------------------------------- the investor's paper copies

export async function listPaperCopies(
  context: AppContext,
  investorId: string,
): Promise<PaperCopyListResponse> {
  const rows = await selectPaperCopies(context.db, investorId, 50);
  return { paper_copies: rows };
}

export async function requestTaxFormPaperCopy(
  context: AppContext,
  input: { investorId: string; taxYear: number },
): Promise<PaperCopyListResponse> {
  const now = context.clock.now();
  const formId = await findCurrentTaxFormId(context.db, input.investorId, input.taxYear);
  if (!formId) throw new AppError('not_found', { message: consentMessages.noTaxForm });
  await enforceRateLimit(
    context.db,
    paperCopyRequests,
    input.investorId,
    now,
    'Too many paper copies asked for.',
  );
  await context.db.transaction(async (tx) => {
    await insertRequestedItem(tx, {
      investorId: input.investorId,
      documentKind: 'tax_form',
      documentId: formId,
      now,
    });
  });
  return listPaperCopies(context, input.investorId);
}

// ---------------------------------------------------------------- the tax calendar

export async function loadTaxCalendar(context: AppContext, year?: number): Promise<TaxCalendarResponse> {
  const taxYear = yearFor('tax_forms', year, context) ?? latestEndedTaxYear(context);
  const today = context.clock.today();
  const overview = await loadTaxYear(context, taxYear);
  const paperWaiting = await countWaiting(context.db, 'tax_forms', taxYear);
  const unmailed = await countUnmailedBatches(context.db, 'tax_forms', taxYear);
  return {
    tax_year: taxYear,
    today,
    deadlines: taxYearDeadlines(taxYear).map((deadline) => ({
      key: deadline.key,
      label: deadline.label,
      nominal_date: deadline.nominalDate,
      due_date: deadline.dueDate,
      is_past: deadline.dueDate < today,
    })),
    open_items: [
      { key: 'forms_not_issued', label: 'Forms not yet issued', count: overview.next_run.new_forms },
      {
        key: 'corrections_pending',
        label: 'Corrections not yet issued',
        count: overview.next_run.corrections,
      },
      {
        key: 'missing_tax_records',
        label: 'Investors owed a form without a tax record',
        count: overview.missing_tax_record_count,
      },
      { key: 'paper_not_mailed', label: 'Paper copies not yet in a batch', count: paperWaiting },
      { key: 'paper_batches_unmailed', label: 'Print batches not marked mailed', count: unmailed },
    ],
  };
}
