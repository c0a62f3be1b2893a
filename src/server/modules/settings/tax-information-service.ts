/**
 * Tax information on /settings (issue 13 item 14): the investor adds or changes the tax record
 * of PRODUCT.md 22 (legal name, date of birth, address, SSN or ITIN). Every save needs a fresh
 * SMS code (step-up), runs the same KYC check as the bank wizard's identity step (within its
 * hourly budget), is audited in tax_record_changes and is announced to the account's e-mail
 * address. The TIN is encrypted before it is kept, and leaves only as its last four digits:
 * nothing here logs or returns it.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors/app-error';
import {
  type TaxInformationForm,
  taxInformationFormSchema,
  taxInformationMessages,
  type TaxInformationResponse,
  type TaxInformationSubmission,
  type TaxInformationView,
} from '../../../shared/settings/tax-information';
import { describeTinOnFile, type TinType } from '../../../shared/tax/tin';
import type { AppContext } from '../../context';
import { decryptField, encryptField } from '../../security/field-encryption';
import { enforceRateLimit } from '../../security/rate-limiter';
import { type InvestorSession, requireStepUp } from '../auth/session-guard';
import { bankingLimits, tooManyAttempts } from '../banking/banking-limits';
import { verifyWithProvider } from '../banking/identity-service';
import { insertIdentityVerification } from '../banking/identity-verification-repository';
import {
  fillMissingInvestorName,
  findTaxRecord,
  insertTaxRecordChange,
  lockTaxRecord,
  type TaxRecordRow,
  upsertTaxRecord,
} from '../banking/repository';
import { recordCertification, supersedeCertificationIfTinChanges } from '../backup-withholding/service';
import { renderTransactionalEmail } from '../notifications/transactional';
import { findInvestorAccount } from './repository';

/** The parts of a tax record a change can touch, as the audit and the notice name them. */
export type TaxRecordPart = 'legal_name' | 'date_of_birth' | 'address' | 'tin';

const partLabels: Record<TaxRecordPart, string> = {
  legal_name: 'legal name',
  date_of_birth: 'date of birth',
  address: 'address',
  tin: 'taxpayer identification number',
};

export function toTaxInformationView(record: TaxRecordRow | undefined): TaxInformationView | null {
  if (!record || (record.kycStatus !== 'approved' && record.kycStatus !== 'review')) return null;
  return {
    status: record.kycStatus,
    legal_first_name: record.legalFirstName,
    legal_last_name: record.legalLastName,
    date_of_birth: record.dateOfBirth,
    address1: record.address1,
    address2: record.address2,
    city: record.city,
    state: record.state,
    postal_code: record.postalCode,
    tin_type: record.tinType as TinType,
    tin_last_four: record.ssnLastFour,
    updated_at: record.updatedAt.toISOString(),
  };
}

function validated(context: AppContext, body: TaxInformationSubmission, existing: TaxRecordRow | undefined) {
  const tinOnFile = existing ? (existing.tinType as TinType) : null;
  const parsed = taxInformationFormSchema(context.clock.today(), tinOnFile).safeParse(body);
  if (!parsed.success) {
    throw new AppError('validation_failed', {
      message: parsed.error.issues[0]?.message ?? taxInformationMessages.rejected,
    });
  }
  return parsed.data;
}

/** The TIN to keep: the one typed, or (left empty on a change) the one on file, decrypted here only. */
function tinToKeep(
  context: AppContext,
  form: TaxInformationForm,
  existing: TaxRecordRow | undefined,
): string {
  if (form.tin !== '') return form.tin;
  if (!existing)
    throw new AppError('validation_failed', { status: 422, message: taxInformationMessages.rejected });
  return decryptField(context.config.fieldEncryptionKey, existing.ssnEncrypted);
}

function changedParts(
  context: AppContext,
  form: TaxInformationForm,
  tin: string,
  existing: TaxRecordRow | undefined,
): TaxRecordPart[] {
  if (!existing) return ['legal_name', 'date_of_birth', 'address', 'tin'];
  const parts: TaxRecordPart[] = [];
  if (form.firstName !== existing.legalFirstName || form.lastName !== existing.legalLastName) {
    parts.push('legal_name');
  }
  if (form.dateOfBirth !== existing.dateOfBirth) parts.push('date_of_birth');
  const address = [form.address1, form.address2 ?? null, form.city, form.state, form.postalCode];
  const addressOnFile = [
    existing.address1,
    existing.address2,
    existing.city,
    existing.state,
    existing.postalCode,
  ];
  if (address.some((value, index) => value !== addressOnFile[index])) parts.push('address');
  const tinOnFile = decryptField(context.config.fieldEncryptionKey, existing.ssnEncrypted);
  if (form.tinType !== existing.tinType || tin !== tinOnFile) parts.push('tin');
  return parts;
}

async function sendChangeNotice(
  context: AppContext,
  investorId: string,
  input: { parts: TaxRecordPart[]; isNew: boolean; tinType: TinType; lastFour: string },
): Promise<void> {
  const account = await findInvestorAccount(context.db, investorId);
  if (!account) return;
  const brand = context.config.BRAND_NAME;
  const what = input.parts.map((part) => partLabels[part]).join(', ');
  const sent = await context.messages.sendEmail({
    to: account.user.email,
    ...renderTransactionalEmail(context.config, {
      subject: input.isNew
        ? `Tax information added to your ${brand} account`
        : `Your ${brand} tax information was changed`,
      preheader: input.isNew ? 'We now have the details for your tax forms.' : `Changed: ${what}.`,
      heading: input.isNew ? 'Your tax information was added' : 'Your tax information was changed',
      paragraphs: [
        input.isNew
          ? `Your legal name, address and ${describeTinOnFile(input.tinType, input.lastFour)} are now on file. We use them for your Form 1099-INT.`
          : `The ${what} on your account changed. The number on file is the ${describeTinOnFile(input.tinType, input.lastFour)}.`,
        `If you did not make this change, contact ${context.config.SUPPORT_EMAIL} right away.`,
      ],
      action: { label: 'Review tax information', path: '/settings#tax' },
    }),
  });
  if (sent.status === 'failed') {
    context.log.warn(
      { investorId, outboxMessageId: sent.outboxMessageId },
      'tax information notice was refused',
    );
  }
}

export async function saveTaxInformation(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
  body: TaxInformationSubmission,
): Promise<TaxInformationResponse> {
  await requireStepUp(context, request);
  const { investorId } = session;
  const existing = await findTaxRecord(context.db, investorId);
  const form = validated(context, body, existing);
  const tin = tinToKeep(context, form, existing);
  const parts = changedParts(context, form, tin, existing);
  if (existing && parts.length === 0) {
    if (body.certification) {
      const submission = body.certification;
      await context.db.transaction((tx) =>
        recordCertification(context, tx, request, session, { submission, record: existing }),
      );
    }
    return {
      ok: true,
      changed: false,
      message: taxInformationMessages.unchanged,
      tax_information: toTaxInformationView(existing)!,
    };
  }
  const now = context.clock.now();
  await enforceRateLimit(context.db, bankingLimits.identityChecks, investorId, now, tooManyAttempts);
  const outcome = await verifyWithProvider(context, { ...form, ssn: tin }, investorId);
  context.log.info(
    { investorId, kycProvider: context.providers.kyc.name, kycStatus: outcome.status, changedParts: parts },
    'tax information checked',
  );
  if (outcome.status === 'rejected') {
    // The record on file stays as it was: a refused change keeps nothing.
    throw new AppError('validation_failed', { status: 422, message: taxInformationMessages.rejected });
  }
  const lastFour = tin.slice(-4);
  const saved = await context.db.transaction(async (tx) => {
    const before = await lockTaxRecord(tx, investorId);
    await supersedeCertificationIfTinChanges(context, tx, investorId, { tin, tinType: form.tinType });
    const record = await upsertTaxRecord(tx, {
      investorId,
      legalFirstName: form.firstName,
      legalLastName: form.lastName,
      dateOfBirth: form.dateOfBirth,
      address1: form.address1,
      address2: form.address2 ?? null,
      city: form.city,
      state: form.state,
      postalCode: form.postalCode,
      ssnEncrypted: encryptField(context.config.fieldEncryptionKey, tin),
      ssnLastFour: lastFour,
      tinType: form.tinType,
      kycStatus: outcome.status,
      kycProvider: context.providers.kyc.name,
      kycReference: outcome.reference,
      kycCheckedAt: now,
      updatedAt: now,
    });
    await insertTaxRecordChange(tx, {
      investorId,
      userId: session.userId,
      sessionId: session.sessionId,
      action: before ? 'changed' : 'added',
      changedFields: parts,
      tinLastFourBefore: before?.ssnLastFour ?? null,
      tinLastFourAfter: lastFour,
      kycStatus: outcome.status,
      kycReference: outcome.reference,
      ipAddress: request.ip,
      createdAt: now,
    });
    await insertIdentityVerification(tx, { investorId, provider: context.providers.kyc.name, outcome, now });
    await fillMissingInvestorName(tx, investorId, form, now);
    if (body.certification) {
      await recordCertification(context, tx, request, session, { submission: body.certification, record });
    }
    return record;
  });
  try {
    await sendChangeNotice(context, investorId, { parts, isNew: !existing, tinType: form.tinType, lastFour });
  } catch (error) {
    // The change is committed; a lost notice is logged, never turned into a failed save.
    context.log.error({ err: error, investorId }, 'tax information notice failed');
  }
  return {
    ok: true,
    changed: true,
    message: outcome.status === 'review' ? taxInformationMessages.inReview : taxInformationMessages.saved,
    tax_information: toTaxInformationView(saved)!,
  };
}
