/**
 * The year-end tax run (issue 16 item 5, decision 1622). For an ended tax year it issues the
 * 1099-INT of every investor with at least $10 of interest (kept as issued: figure and recipient),
 * queues a "your form is ready" notice in the same transaction (decision 1311's durable queue,
 * channels per the investor's preferences), and on a re-run issues a corrected form to anyone
 * whose figure or recipient details changed since. The IRS file (Publication 1220) is built from
 * the kept forms, so its totals are the forms' totals.
 */
import {
  TAX_FORMS_PAGE_SIZE,
  type TaxRun,
  type TaxYearOverviewResponse,
  taxRunMessages,
} from '../../../shared/admin/back-office-contracts';
import { IRIS_FIRST_TAX_YEAR, irisMessages } from '../../../shared/admin/iris-contracts';
import { TAX_FORM_THRESHOLD } from '../../../shared/portal/tax-form-threshold';
import { AppError } from '../../../shared/errors/app-error';
import { parseMoneyToCents, toMoneyString } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { decryptField } from '../../security/field-encryption';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import { buildFireFile, type FirePayer, type FireTransmitter } from './fire-file';
import {
  finishTaxRun,
  insertTaxRun,
  issueTaxForms,
  lockTaxRuns,
  selectCurrentForms,
  selectCurrentFormTotals,
  selectFormsToFile,
  selectTaxRuns,
  selectTaxYearOutlook,
} from './repository';
import { taxFormReadyText } from './tax-form-notice';

/** The latest tax year that has ended, in the business time zone. */
export function latestEndedTaxYear(context: AppContext): number {
  return Number(context.clock.today().slice(0, 4)) - 1;
}

export function assertEnded(context: AppContext, taxYear: number): void {
  if (taxYear > latestEndedTaxYear(context)) {
    throw new AppError('validation_failed', { message: taxRunMessages.yearNotEnded });
  }
}

export interface IssuedTaxYear {
  runId: string;
  formsIssued: number;
  correctionsIssued: number;
  unchanged: number;
  missingTaxRecords: number;
  totalInterest: string;
}

/** Stands for the form's box 1 in the notice templates; the run's SQL puts formatUsd's text there. */
const AMOUNT_PLACEHOLDER = '@@tax-form-box-1@@';

/**
 * Issues the year's forms in the caller's transaction, one run at a time: a form for each
 * investor newly at the threshold, a correction for each whose figure or recipient changed
 * (the decision: decidedCandidates' `action` in the repository). Set-based (issue 25: a million
 * investors, decision 1905): the forms are inserted, and the notices queued, by SQL from the
 * candidate query, so nothing is held in this process whatever the number of investors. With `queueNotices`, each new or
 * corrected form queues a "your form is ready" notice (taxFormReadyMessage) in the same
 * transaction; the demo seed's history runs it without (decision 1830: no notices for history).
 */
export async function issueTaxYearForms(
  tx: Executor,
  input: {
    taxYear: number;
    startedBy: string;
    now: Date;
    brandName: string;
    queueNotices: boolean;
  },
): Promise<IssuedTaxYear> {
  const { taxYear, now, brandName } = input;
  await lockTaxRuns(tx);
  const id = await insertTaxRun(tx, { taxYear, startedBy: input.startedBy, now });
  const template = (isCorrection: boolean) => {
    const message = taxFormReadyText(brandName, { taxYear, amount: AMOUNT_PLACEHOLDER, isCorrection });
    return { kind: message.kind, json: JSON.stringify(message) };
  };
  const notices = input.queueNotices
    ? {
        issue: template(false).json,
        correct: template(true).json,
        kind: template(false).kind,
        placeholder: AMOUNT_PLACEHOLDER,
      }
    : null;
  const issued = await issueTaxForms(tx, {
    taxYear,
    threshold: TAX_FORM_THRESHOLD,
    runId: id,
    now,
    notices,
  });
  const totalInterest = toMoneyString(issued.interest);
  await finishTaxRun(tx, { id, ...issued, totalInterest });
  return {
    runId: id,
    formsIssued: issued.formsIssued,
    correctionsIssued: issued.correctionsIssued,
    unchanged: issued.unchanged,
    missingTaxRecords: issued.missingTaxRecords,
    totalInterest,
  };
}

export async function runTaxYear(
  context: AppContext,
  admin: AdminPrincipal,
  taxYear: number,
): Promise<TaxRun> {
  assertEnded(context, taxYear);
  const now = context.clock.now();
  const runId = await context.db.transaction(async (tx) => {
    const issued = await issueTaxYearForms(tx, {
      taxYear,
      startedBy: admin.adminUserId,
      now,
      brandName: context.config.BRAND_NAME,
      queueNotices: true,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'tax_run.run',
      target: { type: 'tax_run', id: issued.runId },
      after: {
        tax_year: taxYear,
        forms_issued: issued.formsIssued,
        corrections_issued: issued.correctionsIssued,
        unchanged: issued.unchanged,
        missing_tax_records: issued.missingTaxRecords,
        total_interest: issued.totalInterest,
      },
      at: now,
    });
    return issued.runId;
  });
  const runs = await selectTaxRuns(context.db, taxYear);
  const run = runs.find((entry) => entry.id === runId)!;
  return { ...run, total_interest: toMoneyString(run.total_interest) };
}

export async function loadTaxYear(
  context: AppContext,
  requestedYear?: number,
  formsPage = 1,
): Promise<TaxYearOverviewResponse> {
  const latest = latestEndedTaxYear(context);
  const taxYear = Math.min(requestedYear ?? latest, latest);
  const [runs, forms, totals, outlook] = [
    await selectTaxRuns(context.db, taxYear),
    await selectCurrentForms(context.db, taxYear, {
      limit: TAX_FORMS_PAGE_SIZE,
      offset: (formsPage - 1) * TAX_FORMS_PAGE_SIZE,
    }),
    await selectCurrentFormTotals(context.db, taxYear),
    await selectTaxYearOutlook(context.db, { taxYear, threshold: TAX_FORM_THRESHOLD, limit: 100 }),
  ];
  return {
    tax_year: taxYear,
    latest_year: latest,
    runs: runs.map((run) => ({ ...run, total_interest: toMoneyString(run.total_interest) })),
    forms: forms.map((form) => ({
      ...form,
      interest_amount: toMoneyString(form.interest_amount),
      federal_tax_withheld: toMoneyString(form.federal_tax_withheld),
    })),
    forms_page: formsPage,
    totals: {
      form_count: totals.form_count,
      interest: toMoneyString(totals.interest),
      federal_tax_withheld: toMoneyString(totals.federal_tax_withheld),
      correction_count: totals.correction_count,
      original_count: totals.form_count - totals.correction_count,
    },
    missing_tax_record_count: outlook.missingCount,
    missing_tax_records: outlook.missing.map((row) => ({
      investor_id: row.investor_id,
      email: row.email,
      interest: toMoneyString(row.interest),
    })),
    is_fire_configured: fireSettings(context) !== null,
    next_run: {
      new_forms: outlook.newForms,
      corrections: outlook.corrections,
    },
  };
}

/** "Steadyline Notes LLC, 100 Harbor Street, Suite 400, Boston, MA 02210" -> its parts. */
export function parsePostalAddress(address: string): Omit<FirePayer, 'tin' | 'phone'> | null {
  const parts = address.split(',').map((part) => part.trim());
  const last = parts.at(-1)?.match(/^([A-Za-z]{2})\s+(\d{5}(?:-?\d{4})?)$/);
  if (parts.length < 4 || !last) return null;
  return {
    name: parts[0]!,
    address: parts.slice(1, -2).join(', '),
    city: parts.at(-2)!,
    state: last[1]!.toUpperCase(),
    zip: last[2]!,
  };
}

export function fireSettings(context: AppContext): { transmitter: FireTransmitter; payer: FirePayer } | null {
  const { PAYER_TIN, IRS_TCC, IRS_CONTACT_NAME, IRS_CONTACT_PHONE, COMPANY_POSTAL_ADDRESS, SUPPORT_EMAIL } =
    context.config;
  const address = parsePostalAddress(COMPANY_POSTAL_ADDRESS);
  if (!PAYER_TIN || !IRS_TCC || !IRS_CONTACT_NAME || !IRS_CONTACT_PHONE || !address) return null;
  const tin = PAYER_TIN.replace('-', '');
  return {
    transmitter: {
      ...address,
      tin,
      tcc: IRS_TCC,
      contactName: IRS_CONTACT_NAME,
      contactPhone: IRS_CONTACT_PHONE,
      contactEmail: SUPPORT_EMAIL,
    },
    payer: { ...address, tin, phone: IRS_CONTACT_PHONE },
  };
}

/** The Publication 1220 file of the year's forms; the full TINs are decrypted only here. */
export async function buildTaxYearFireFile(
  context: AppContext,
  input: { taxYear: number; kind: 'original' | 'correction'; isTest: boolean },
): Promise<{ fileName: string; body: string }> {
  assertEnded(context, input.taxYear);
  if (input.taxYear >= IRIS_FIRST_TAX_YEAR)
    throw new AppError('conflict', { message: irisMessages.fireRetired });
  const settings = fireSettings(context);
  if (!settings) throw new AppError('conflict', { message: taxRunMessages.fireNotConfigured });
  const rows = await selectFormsToFile(context.db, { taxYear: input.taxYear, kind: input.kind });
  if (rows.length === 0) throw new AppError('not_found', { message: taxRunMessages.noForms });
  const body = buildFireFile({
    taxYear: input.taxYear,
    isTest: input.isTest,
    isPriorYear: input.taxYear < latestEndedTaxYear(context),
    isCorrection: input.kind === 'correction',
    ...settings,
    payees: rows.map((row) => ({
      accountNumber: row.investor_id.replaceAll('-', '').slice(0, 20).toUpperCase(),
      tin: row.ssn_encrypted ? decryptField(context.config.fieldEncryptionKey, row.ssn_encrypted) : '',
      firstName: row.recipient_first_name,
      lastName: row.recipient_last_name,
      address: [row.recipient_address1, row.recipient_address2].filter(Boolean).join(' '),
      city: row.recipient_city,
      state: row.recipient_state,
      zip: row.recipient_postal_code,
      interestCents: parseMoneyToCents(row.interest_amount) ?? 0n,
      earlyWithdrawalPenaltyCents: parseMoneyToCents(row.early_withdrawal_penalty) ?? 0n,
      federalTaxWithheldCents: parseMoneyToCents(row.federal_tax_withheld) ?? 0n,
    })),
  });
  const suffix = `${input.kind === 'correction' ? '-correction' : ''}${input.isTest ? '-test' : ''}`;
  return { fileName: `1099-INT-${input.taxYear}${suffix}.txt`, body };
}
