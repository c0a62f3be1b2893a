/**
 * The identity step of the bank-link wizard (PRODUCT.md 22): the form goes to the KYC
 * provider; an approved identity becomes the tax record a payer must keep, with the SSN
 * encrypted and only its last four ever shown. Nothing here logs or returns the SSN.
 */
import type { z } from 'zod';
import type { IdentityStatusResponse, IdentitySubmitResponse } from '../../../shared/banking/contracts';
import type { identitySubmission } from '../../../shared/banking/contracts';
import { identityFormSchema } from '../../../shared/banking/identity';
import { bankMessages } from '../../../shared/banking/messages';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { encryptField } from '../../security/field-encryption';
import { enforceRateLimit } from '../../security/rate-limiter';
import { announceVerification } from './account-verified';
import { bankingLimits, tooManyAttempts } from './banking-limits';
import { fillMissingInvestorName, findTaxRecord, type TaxRecordRow, upsertTaxRecord } from './repository';

/** A form that broke a rule: the first message, and the first message of each field for the form. */
export class IdentityValidationError extends AppError {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super('validation_failed', { message });
  }
}

export function describeIdentity(record: TaxRecordRow | undefined): IdentityStatusResponse {
  if (!record) return { status: 'not_started', legal_name: null, ssn_last_four: null, checked_at: null };
  return {
    status: record.kycStatus as IdentityStatusResponse['status'],
    legal_name: `${record.legalFirstName} ${record.legalLastName}`,
    ssn_last_four: record.ssnLastFour,
    checked_at: record.kycCheckedAt.toISOString(),
  };
}

export async function getIdentityStatus(
  context: AppContext,
  investorId: string,
): Promise<IdentityStatusResponse> {
  return describeIdentity(await findTaxRecord(context.db, investorId));
}

/** True when the investor may link a bank account. */
export async function isIdentityApproved(context: AppContext, investorId: string): Promise<boolean> {
  return (await findTaxRecord(context.db, investorId))?.kycStatus === 'approved';
}

export async function submitIdentity(
  context: AppContext,
  investorId: string,
  body: z.infer<typeof identitySubmission>,
): Promise<IdentitySubmitResponse> {
  const parsed = identityFormSchema(context.clock.today()).safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      fieldErrors[field] ??= issue.message;
    }
    const first = parsed.error.issues[0]?.message ?? bankMessages.identityRejected;
    throw new IdentityValidationError(first, fieldErrors);
  }
  const identity = parsed.data;
  // Onboarding gives the first record; changing one needs the step-up, audit and notice of
  // Settings › Tax information, so this door does not overwrite it.
  if (await findTaxRecord(context.db, investorId)) {
    throw new AppError('conflict', { message: bankMessages.identityOnFile });
  }
  const now = context.clock.now();
  await enforceRateLimit(context.db, bankingLimits.identityChecks, investorId, now, tooManyAttempts);

  const outcome = await context.providers.kyc.verifyIdentity(identity);
  context.log.info(
    { investorId, kycProvider: context.providers.kyc.name, kycStatus: outcome.status },
    'identity check finished',
  );
  if (outcome.status === 'rejected') {
    // A rejected identity is not kept: there is no tax record to keep, and less PII at rest.
    throw new AppError('bad_request', { status: 422, message: bankMessages.identityRejected });
  }
  const record = await context.db.transaction(async (tx) => {
    const saved = await upsertTaxRecord(tx, {
      investorId,
      legalFirstName: identity.firstName,
      legalLastName: identity.lastName,
      dateOfBirth: identity.dateOfBirth,
      address1: identity.address1,
      address2: identity.address2 ?? null,
      city: identity.city,
      state: identity.state,
      postalCode: identity.postalCode,
      ssnEncrypted: encryptField(context.config.fieldEncryptionKey, identity.ssn),
      ssnLastFour: identity.ssn.slice(-4),
      tinType: 'ssn',
      kycStatus: outcome.status,
      kycProvider: context.providers.kyc.name,
      kycReference: outcome.reference,
      kycCheckedAt: now,
      updatedAt: now,
    });
    await fillMissingInvestorName(tx, investorId, identity, now);
    return saved;
  });
  if (outcome.status === 'review') {
    return {
      ok: false,
      error: bankMessages.identityInReview,
      field_errors: null,
      identity: describeIdentity(record),
    };
  }
  await announceVerification(context, investorId, { verified: 'identity' });
  return { ok: true, error: null, field_errors: null, identity: describeIdentity(record) };
}
