/** The investor's documents (PRODUCT.md 20): promissory notes per investment and 1099-INT tax forms per year. */
import { AppError } from '../../../shared/errors/app-error';
import { toMoneyString } from '../../../shared/money/decimal-string';
import type { DocumentListResponse } from '../../../shared/portal/document-contracts';
import { taxFormPendingMessage } from '../../../shared/portal/tax-form-availability';
import { TAX_FORM_THRESHOLD } from '../../../shared/portal/tax-form-threshold';
import type { AppContext } from '../../context';
import { trimRate } from '../products/product-mapper';
import { statementMonthOf } from '../../../shared/portal/document-contracts';
import {
  findStatement,
  findStatementHolder,
  listStatementEntries,
  listStatements,
} from '../statements/statement-repository';
import {
  findPromissoryNote,
  findSignedAgreement,
  findTaxRecord,
  type IssuedTaxFormRow,
  listIssuedTaxForms,
  listPromissoryNotes,
  listSignedAgreements,
  listTaxYears,
} from './document-repository';
import type { PdfIssuer } from './promissory-note-pdf';
import { investmentNotFoundMessage } from './transaction-service';

export const noTaxRecordMessage =
  'We don’t have your tax details yet. Add them under Settings › Tax information (/settings#tax) to receive tax forms.';
export const noTaxFormMessage = 'There is no tax form for that year.';
export const noStatementMessage = 'There is no statement for that month.';
export const noAgreementMessage = 'There is no signed agreement for that note.';

function issuerOf(context: AppContext): PdfIssuer {
  return {
    brandName: context.config.BRAND_NAME,
    postalAddress: context.config.COMPANY_POSTAL_ADDRESS,
    supportEmail: context.config.SUPPORT_EMAIL,
    timeZone: context.clock.timeZone,
  };
}

function currentYear(context: AppContext): number {
  return Number(context.clock.today().slice(0, 4));
}

interface TaxFormYears {
  issued: IssuedTaxFormRow[];
  /** Years with enough interest, this one included, whose form the tax run has not issued yet. */
  pending: number[];
}

/**
 * A form is offered only once the year-end tax run has issued it (decision 1622): before that,
 * a year with enough interest is only announced.
 */
async function taxFormYears(context: AppContext, investorId: string): Promise<TaxFormYears> {
  const issued = await listIssuedTaxForms(context.db, investorId);
  const withInterest = await listTaxYears(context.db, investorId, {
    beforeYear: currentYear(context) + 1,
    threshold: TAX_FORM_THRESHOLD,
  });
  const issuedYears = new Set(issued.map((form) => form.year));
  return {
    issued,
    pending: withInterest.map((entry) => entry.year).filter((year) => !issuedYears.has(year)),
  };
}

export async function listDocuments(context: AppContext, investorId: string): Promise<DocumentListResponse> {
  const notes = await listPromissoryNotes(context.db, investorId);
  const statements = await listStatements(context.db, investorId);
  const agreements = await listSignedAgreements(context.db, investorId);
  const record = await findTaxRecord(context.db, investorId);
  const years: TaxFormYears = record ? await taxFormYears(context, investorId) : { issued: [], pending: [] };
  const today = context.clock.today();
  return {
    statements: statements.map((statement) => ({
      month: statementMonthOf(statement.period),
      opening_balance: toMoneyString(statement.opening_balance),
      closing_balance: toMoneyString(statement.closing_balance),
      generated_at: statement.generated_at,
    })),
    signed_agreements: agreements.map((agreement) => ({
      investment_id: agreement.investment_id,
      kind: agreement.kind,
      investment_type: agreement.investment_type,
      agreement_version: agreement.agreement_version,
      amount: toMoneyString(agreement.amount),
      accepted_at: agreement.accepted_at,
    })),
    promissory_notes: notes.map((note) => ({
      ...note,
      principal_amount: toMoneyString(note.principal_amount),
      interest_rate_annual: trimRate(note.interest_rate_annual),
    })),
    has_tax_record: record !== null,
    tax_forms: years.issued.map((form) => ({ year: form.year, interest: toMoneyString(form.interest) })),
    upcoming_tax_forms: years.pending.map((year) => ({ year, message: taxFormPendingMessage(year, today) })),
  };
}

export async function buildPromissoryNotePdf(
  context: AppContext,
  investorId: string,
  investmentId: string,
): Promise<PDFKit.PDFDocument> {
  const note = await findPromissoryNote(context.db, investorId, investmentId);
  if (!note) throw new AppError('not_found', { message: investmentNotFoundMessage });
  // pdfkit takes about a second to load: only a download pays for it, not every start.
  const { promissoryNotePdf } = await import('./promissory-note-pdf');
  return promissoryNotePdf(note, issuerOf(context));
}

export async function buildTaxFormPdf(
  context: AppContext,
  investorId: string,
  year: number,
): Promise<PDFKit.PDFDocument> {
  const { issued, pending } = await taxFormYears(context, investorId);
  const form = issued.find((entry) => entry.year === year);
  if (!form) {
    const record = await findTaxRecord(context.db, investorId);
    if (!record) throw new AppError('not_found', { message: noTaxRecordMessage });
    const message = pending.includes(year)
      ? taxFormPendingMessage(year, context.clock.today())
      : noTaxFormMessage;
    throw new AppError('not_found', { message });
  }
  const { taxFormPdf } = await import('./tax-form-pdf');
  return taxFormPdf(
    {
      year,
      interest: toMoneyString(form.interest),
      earlyWithdrawalPenalty: toMoneyString(form.earlyWithdrawalPenalty),
      federalTaxWithheld: toMoneyString(form.withheld),
      investorId,
      record: form.recipient,
      payerTin: context.config.PAYER_TIN ?? null,
    },
    issuerOf(context),
  );
}

export async function buildStatementPdf(
  context: AppContext,
  investorId: string,
  month: string,
): Promise<PDFKit.PDFDocument> {
  const period = `${month}-01`;
  const statement = await findStatement(context.db, investorId, period);
  const holder = statement ? await findStatementHolder(context.db, investorId) : null;
  if (!statement || !holder) throw new AppError('not_found', { message: noStatementMessage });
  const entries = await listStatementEntries(context.db, investorId, period);
  const { statementPdf } = await import('../statements/statement-pdf');
  return statementPdf(statement, entries, holder, issuerOf(context));
}

export async function buildSignedAgreementPdf(
  context: AppContext,
  investorId: string,
  investmentId: string,
): Promise<PDFKit.PDFDocument> {
  const agreement = await findSignedAgreement(context.db, investorId, investmentId);
  if (!agreement) throw new AppError('not_found', { message: noAgreementMessage });
  const { signedAgreementPdf } = await import('./agreement-pdf');
  return signedAgreementPdf(agreement, issuerOf(context));
}
