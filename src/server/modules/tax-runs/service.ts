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
import {
  centsToMoney,
  compareMoney,
  parseMoneyToCents,
  toMoneyString,
} from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { decryptField } from '../../security/field-encryption';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import type { TransactionalNotice } from '../notifications/transactional';
import { buildFireFile, type FirePayer, type FireTransmitter } from './fire-file';
import {
  finishTaxRun,
  type IssuedForm,
  insertTaxForms,
  insertTaxRun,
  lockTaxRuns,
  selectCurrentForms,
  selectCurrentFormTotals,
  selectFormsToFile,
  selectInvestorPage,
  selectTaxRuns,
  selectTaxYearCandidates,
  type TaxYearCandidate,
} from './repository';
import { taxFormReadyMessage } from './tax-form-notice';

/** The latest tax year that has ended, in the business time zone. */
export function latestEndedTaxYear(context: AppContext): number {
  return Number(context.clock.today().slice(0, 4)) - 1;
}

export function assertEnded(context: AppContext, taxYear: number): void {
  if (taxYear > latestEndedTaxYear(context)) {
    throw new AppError('validation_failed', { message: taxRunMessages.yearNotEnded });
  }
}

interface Recipient {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postalCode: string;
  tinType: 'ssn' | 'itin';
  tinLastFour: string;
}

function recipientOf(row: TaxYearCandidate): Recipient | null {
  if (row.legal_first_name !== null && row.tin_last_four !== null) {
    return {
      firstName: row.legal_first_name,
      lastName: row.legal_last_name ?? '',
      address1: row.address1 ?? '',
      address2: row.address2,
      city: row.city ?? '',
      state: row.state ?? '',
      postalCode: row.postal_code ?? '',
      tinType: row.tin_type ?? 'ssn',
      tinLastFour: row.tin_last_four,
    };
  }
  return null;
}

function recipientOnForm(row: TaxYearCandidate): Recipient {
  return {
    firstName: row.form_first_name ?? '',
    lastName: row.form_last_name ?? '',
    address1: row.form_address1 ?? '',
    address2: row.form_address2,
    city: row.form_city ?? '',
    state: row.form_state ?? '',
    postalCode: row.form_postal_code ?? '',
    tinType: row.form_tin_type === 'itin' ? 'itin' : 'ssn',
    tinLastFour: row.form_tin_last_four ?? '',
  };
}

function sameRecipient(left: Recipient, right: Recipient): boolean {
  return (Object.keys(left) as (keyof Recipient)[]).every(
    (key) => (left[key] ?? null) === (right[key] ?? null),
  );
}

type CandidateAction = 'issue' | 'correct' | 'unchanged' | 'missing_tax_record';

/**
 * What a run does for one investor: issue a first form, correct one whose figure or recipient
 * changed, leave it, or skip an investor without a tax record. Issuing and correcting each
 * queue one notice. The overview counts the same actions, so the confirmation before a run
 * says what the run will do.
 */
function candidateAction(row: TaxYearCandidate): CandidateAction {
  const current = recipientOf(row);
  if (row.form_id === null) return current ? 'issue' : 'missing_tax_record';
  const onForm = recipientOnForm(row);
  const isSameAmount =
    compareMoney(toMoneyString(row.interest), toMoneyString(row.form_interest ?? '0')) === 0 &&
    compareMoney(toMoneyString(row.early_withdrawal_penalty), toMoneyString(row.form_penalty ?? '0')) === 0 &&
    compareMoney(toMoneyString(row.withheld), toMoneyString(row.form_withheld ?? '0')) === 0;
  return isSameAmount && sameRecipient(current ?? onForm, onForm) ? 'unchanged' : 'correct';
}

export interface IssuedTaxYear {
  runId: string;
  formsIssued: number;
  correctionsIssued: number;
  unchanged: number;
  missingTaxRecords: number;
  totalInterest: string;
  /** A "your form is ready" notice per new or corrected form, for the caller to queue. */
  notices: TransactionalNotice[];
}

/**
 * Issues the year's forms in the caller's transaction, one run at a time: a form for each
 * investor newly at the threshold, a correction for each whose figure or recipient changed.
 * The demo seed's history runs it too (decision 1830).
 */
export async function issueTaxYearForms(
  tx: Executor,
  input: {
    taxYear: number;
    startedBy: string;
    now: Date;
    brandName: string;
    /**
     * Takes each page's notices as the run goes (the run's own transaction), so a million
     * investors' notices are never held at once; without it they are returned.
     */
    onNotices?: (notices: TransactionalNotice[]) => Promise<void>;
  },
): Promise<IssuedTaxYear> {
  const { taxYear, now, brandName } = input;
  await lockTaxRuns(tx);
  const id = await insertTaxRun(tx, { taxYear, startedBy: input.startedBy, now });
  let formsIssued = 0;
  let correctionsIssued = 0;
  let unchanged = 0;
  let missingTaxRecords = 0;
  let totalCents = 0n;
  const notices: TransactionalNotice[] = [];
  // Page by page over the investors (issue 25: a million investors in flat memory).
  let after: string | null = null;
  for (;;) {
    const range = await selectInvestorPage(tx, { after, limit: TAX_RUN_PAGE_SIZE });
    if (!range) break;
    after = range.last;
    const candidates = await selectTaxYearCandidates(tx, { taxYear, threshold: TAX_FORM_THRESHOLD, range });
    const forms: IssuedForm[] = [];
    const pageNotices: TransactionalNotice[] = [];
    for (const row of candidates) {
      const interest = toMoneyString(row.interest);
      const action = candidateAction(row);
      if (action === 'missing_tax_record') {
        missingTaxRecords += 1;
        continue;
      }
      totalCents += parseMoneyToCents(interest) ?? 0n;
      if (action === 'unchanged') {
        unchanged += 1;
        continue;
      }
      const isCorrection = action === 'correct';
      forms.push({
        investorId: row.investor_id,
        taxYear,
        taxRunId: id,
        version: isCorrection ? (row.form_version ?? 1) + 1 : 1,
        supersedesFormId: isCorrection ? row.form_id : null,
        interestAmount: interest,
        earlyWithdrawalPenalty: toMoneyString(row.early_withdrawal_penalty),
        federalTaxWithheld: toMoneyString(row.withheld),
        ...(recipientOf(row) ?? recipientOnForm(row)),
        now,
      });
      if (isCorrection) correctionsIssued += 1;
      else formsIssued += 1;
      pageNotices.push({
        investorId: row.investor_id,
        ...taxFormReadyMessage(brandName, { taxYear, interest, isCorrection }),
      });
    }
    await insertTaxForms(tx, forms);
    if (input.onNotices) await input.onNotices(pageNotices);
    else notices.push(...pageNotices);
  }
  const totalInterest = centsToMoney(totalCents);
  await finishTaxRun(tx, { id, formsIssued, correctionsIssued, unchanged, missingTaxRecords, totalInterest });
  return { runId: id, formsIssued, correctionsIssued, unchanged, missingTaxRecords, totalInterest, notices };
}

/** Investors per page of the tax run. */
const TAX_RUN_PAGE_SIZE = 5_000;

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
      onNotices: (notices) => enqueueNotices(tx, notices, now),
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
  const [runs, forms, totals, candidates] = [
    await selectTaxRuns(context.db, taxYear),
    await selectCurrentForms(context.db, taxYear, {
      limit: TAX_FORMS_PAGE_SIZE,
      offset: (formsPage - 1) * TAX_FORMS_PAGE_SIZE,
    }),
    await selectCurrentFormTotals(context.db, taxYear),
    await selectTaxYearCandidates(context.db, { taxYear, threshold: TAX_FORM_THRESHOLD }),
  ];
  const actions = candidates.map(candidateAction);
  const missing = candidates.filter((_, index) => actions[index] === 'missing_tax_record');
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
    missing_tax_record_count: missing.length,
    missing_tax_records: missing.slice(0, 100).map((row) => ({
      investor_id: row.investor_id,
      email: row.email,
      interest: toMoneyString(row.interest),
    })),
    is_fire_configured: fireSettings(context) !== null,
    next_run: {
      new_forms: actions.filter((action) => action === 'issue').length,
      corrections: actions.filter((action) => action === 'correct').length,
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
