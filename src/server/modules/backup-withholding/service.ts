/**
 * The substitute Form W-9 and backup withholding (issue 25 section 2; decisions 1910-1913): the
 * investor certifies the TIN on file; staff record IRS B notices and resolve them; staff read the
 * year's withholding for Form 945. The money engine withholds by the SQL rule in
 * withholding-rule.ts; the split of one payment is the shared `splitInterestPayment`.
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors/app-error';
import type {
  AdminBackupWithholdingResponse,
  BNoticeView,
  Form945Response,
  RecordBNoticeRequest,
  ResolveBNoticeRequest,
} from '../../../shared/tax/backup-withholding-contracts';
import {
  backupWithholdingReasonLabels,
  type BackupWithholdingReason,
} from '../../../shared/tax/backup-withholding';
import type { TinType } from '../../../shared/tax/tin';
import {
  type BackupWithholdingStatus,
  W9_CERTIFICATION_VERSION,
  w9CertificationMessages,
  type W9CertificationResponse,
  type W9CertificationSubmission,
  type W9CertificationView,
} from '../../../shared/tax/w9-certification';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { decryptField } from '../../security/field-encryption';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from '../admin-auth/service';
import type { InvestorSession } from '../auth/session-guard';
import { findTaxRecord, type TaxRecordRow } from '../banking/repository';
import { backupWithholdingRuleOf } from '../money/engine-context';
import {
  adminEmailsOf,
  type BNoticeRow,
  findCurrentCertification,
  insertCertification,
  insertNotice,
  listNotices,
  lockInvestorRow,
  lockNotice,
  readForm945Figures,
  readWithholdingState,
  resolveNotice,
  supersedeCertification,
  sumWithheld,
  type TinCertificationRow,
} from './repository';

function certificationView(row: TinCertificationRow | undefined): W9CertificationView | null {
  if (!row) return null;
  return {
    version: row.certificationVersion,
    certified_at: row.certifiedAt.toISOString(),
    tin_type: row.tinType as TinType,
    tin_last_four: row.tinLastFour,
    legal_name: row.legalName,
    subject_to_backup_withholding: row.subjectToBackupWithholding,
  };
}

/** The investor's certification and whether interest paid today would be withheld from. */
export async function readBackupWithholdingStatus(
  context: AppContext,
  db: Executor,
  investorId: string,
): Promise<BackupWithholdingStatus> {
  const rule = backupWithholdingRuleOf(context);
  const today = context.clock.today();
  const [certification, state] = [
    await findCurrentCertification(db, investorId),
    await readWithholdingState(db, investorId, today, rule),
  ];
  const reason = state.reason as BackupWithholdingReason | null;
  const graceUntil =
    !certification && state.hasTin && state.graceUntil && today < state.graceUntil ? state.graceUntil : null;
  return {
    certification: certificationView(certification),
    needs_certification: state.hasTin && !certification,
    is_withheld: reason !== null,
    reasons: reason ? [reason] : [],
    rate: context.config.BACKUP_WITHHOLDING_RATE,
    grace_until: graceUntil,
    current_version: W9_CERTIFICATION_VERSION,
  };
}

function legalNameOf(record: TaxRecordRow): string {
  return `${record.legalFirstName} ${record.legalLastName}`;
}

/**
 * Records the investor's certification of the TIN on file (in `tx` when the tax information save
 * carries it, so the new TIN and its certification are one change).
 */
export async function recordCertification(
  context: AppContext,
  tx: Executor,
  request: FastifyRequest,
  session: InvestorSession,
  input: { submission: W9CertificationSubmission; record: TaxRecordRow },
): Promise<TinCertificationRow> {
  if (input.submission.version !== W9_CERTIFICATION_VERSION) {
    throw new AppError('conflict', {
      message:
        'The certification text has changed since this page was opened. Reload the page and read it again.',
    });
  }
  const userAgent = request.headers['user-agent'];
  return insertCertification(tx, {
    investorId: session.investorId,
    userId: session.userId,
    sessionId: session.sessionId,
    certificationVersion: W9_CERTIFICATION_VERSION,
    tinType: input.record.tinType,
    tinLastFour: input.record.ssnLastFour,
    legalName: legalNameOf(input.record),
    subjectToBackupWithholding: input.submission.crossOutItem2,
    isUsPerson: true,
    fatcaCode: null,
    certifiedAt: context.clock.now(),
    ipAddress: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 400) : null,
  });
}

/** `POST /api/settings/w9-certification`: certifies the TIN already on file. */
export async function certifyTinOnFile(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
  submission: W9CertificationSubmission,
): Promise<W9CertificationResponse> {
  await context.db.transaction(async (tx) => {
    const record = await findTaxRecord(tx, session.investorId);
    if (!record || record.kycStatus === 'rejected') {
      throw new AppError('conflict', { message: w9CertificationMessages.noTin });
    }
    // One certification at a time per investor: the unique current index would refuse the second.
    await lockInvestorRow(tx, session.investorId);
    await recordCertification(context, tx, request, session, { submission, record });
  });
  context.log.info(
    { investorId: session.investorId, version: W9_CERTIFICATION_VERSION },
    'W-9 certification recorded',
  );
  return {
    ok: true,
    message: w9CertificationMessages.certified,
    status: await readBackupWithholdingStatus(context, context.db, session.investorId),
  };
}

/**
 * Before a tax record's TIN is replaced: a different number (or type) ends the certification,
 * which was for the old one (decision 1910). Called in the transaction that saves the record.
 */
export async function supersedeCertificationIfTinChanges(
  context: AppContext,
  tx: Executor,
  investorId: string,
  next: { tin: string; tinType: string },
): Promise<boolean> {
  const before = await findTaxRecord(tx, investorId);
  if (!before) return false;
  const tinOnFile = decryptField(context.config.fieldEncryptionKey, before.ssnEncrypted);
  if (tinOnFile === next.tin && before.tinType === next.tinType) return false;
  return (await supersedeCertification(tx, investorId, 'tin_changed', context.clock.now())) > 0;
}

// ---------------------------------------------------------------- back office

function noticeView(row: BNoticeRow, emails: Map<string, string>): BNoticeView {
  return {
    id: row.id,
    kind: row.noticeKind as BNoticeView['kind'],
    received_on: row.receivedOn,
    recorded_at: row.recordedAt.toISOString(),
    recorded_by: emails.get(row.recordedBy) ?? 'former staff member',
    resolution: row.resolution as BNoticeView['resolution'],
    resolution_note: row.resolutionNote,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedBy ? (emails.get(row.resolvedBy) ?? 'former staff member') : null,
  };
}

async function requireInvestor(db: Executor, investorId: string): Promise<void> {
  if (!(await lockInvestorRow(db, investorId)))
    throw new AppError('not_found', { message: 'Investor not found.' });
}

export async function loadAdminBackupWithholding(
  context: AppContext,
  investorId: string,
): Promise<AdminBackupWithholdingResponse> {
  await requireInvestor(context.db, investorId);
  const notices = await listNotices(context.db, investorId);
  const emails = await adminEmailsOf(context.db, [
    ...new Set(notices.flatMap((row) => [row.recordedBy, ...(row.resolvedBy ? [row.resolvedBy] : [])])),
  ]);
  const year = Number(context.clock.today().slice(0, 4));
  return {
    status: await readBackupWithholdingStatus(context, context.db, investorId),
    notices: notices.map((row) => noticeView(row, emails)),
    withheld_this_year: await sumWithheld(context.db, investorId, year),
    year,
  };
}

const bNoticeMessages = {
  alreadyOpen: 'This investor already has an open B notice. Resolve it before recording another.',
  future: 'The date received cannot be in the future.',
  alreadyResolved: 'This notice is already resolved.',
  noticeNotFound: 'B notice not found.',
} as const;

export async function recordBNotice(
  context: AppContext,
  admin: AdminPrincipal,
  investorId: string,
  body: RecordBNoticeRequest,
): Promise<AdminBackupWithholdingResponse> {
  const today = context.clock.today();
  if (body.received_on > today) {
    throw new AppError('validation_failed', { message: bNoticeMessages.future });
  }
  await requireInvestor(context.db, investorId);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const saved = await insertNotice(tx, {
      investorId,
      noticeKind: body.kind,
      receivedOn: body.received_on,
      recordedBy: admin.adminUserId,
      recordedAt: now,
    });
    if (!saved) throw new AppError('conflict', { message: bNoticeMessages.alreadyOpen });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'investor.b_notice_record',
      target: { type: 'investor', id: investorId },
      before: null,
      after: { notice_id: saved.id, kind: body.kind, received_on: body.received_on },
      at: now,
    });
  });
  return loadAdminBackupWithholding(context, investorId);
}

export async function resolveBNotice(
  context: AppContext,
  admin: AdminPrincipal,
  investorId: string,
  noticeId: string,
  body: ResolveBNoticeRequest,
): Promise<AdminBackupWithholdingResponse> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const notice = await lockNotice(tx, investorId, noticeId);
    if (!notice) throw new AppError('not_found', { message: bNoticeMessages.noticeNotFound });
    if (notice.resolvedAt) throw new AppError('conflict', { message: bNoticeMessages.alreadyResolved });
    const note = body.note && body.note.length > 0 ? body.note : null;
    await resolveNotice(tx, {
      noticeId,
      resolution: body.resolution,
      note,
      resolvedBy: admin.adminUserId,
      now,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'investor.b_notice_resolve',
      target: { type: 'investor', id: investorId },
      before: { notice_id: noticeId, resolution: null },
      after: { notice_id: noticeId, resolution: body.resolution, note },
      at: now,
    });
  });
  return loadAdminBackupWithholding(context, investorId);
}

export async function loadForm945(context: AppContext, year: number): Promise<Form945Response> {
  const figures = await readForm945Figures(context.db, year);
  return {
    year,
    total_withheld: figures.totalWithheld,
    interest_amount: figures.interestAmount,
    payments: figures.payments,
    by_month: figures.byMonth,
    investors: figures.investors.map((row) => ({
      investor_id: row.investorId,
      name: row.name,
      tin_last_four: row.tinLastFour,
      payments: row.payments,
      interest_amount: row.interestAmount,
      withheld: row.withheld,
      reasons: row.reasons as BackupWithholdingReason[],
    })),
  };
}

/** The year's withholding by investor as CSV, with the total as the last line (Form 945 line 1). */
export function form945Csv(report: Form945Response): string {
  const header = [
    'Investor ID',
    'Name',
    'TIN (last four)',
    'Payments',
    'Interest paid',
    'Withheld',
    'Reasons',
  ];
  const rows = report.investors.map((row) => [
    row.investor_id,
    row.name,
    row.tin_last_four ?? '',
    String(row.payments),
    row.interest_amount,
    row.withheld,
    row.reasons.map((reason) => backupWithholdingReasonLabels[reason]).join('; '),
  ]);
  const total = ['Total', '', '', String(report.payments), report.interest_amount, report.total_withheld, ''];
  return stringify([header, ...rows, total]);
}
