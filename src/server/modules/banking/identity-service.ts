/**
 * The identity step of the bank-link wizard (PRODUCT.md 22): the form goes to the KYC
 * provider; an approved identity becomes the tax record a payer must keep, with the SSN
 * encrypted and only its last four ever shown. Nothing here logs or returns the SSN.
 */
import type { z } from 'zod';
import type { AdminIdentity } from '../../../shared/admin/dashboard-contracts';
import type { IdentityStatusResponse, IdentitySubmitResponse } from '../../../shared/banking/contracts';
import type { identitySubmission } from '../../../shared/banking/contracts';
import { identityFormSchema } from '../../../shared/banking/identity';
import { bankMessages } from '../../../shared/banking/messages';
import { type WatchlistStatus, watchlistMessages } from '../../../shared/banking/watchlist';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { Executor } from '../../db/client';
import { type KycIdentity, type KycOutcome, KycProviderError } from '../../providers/kyc';
import { encryptField } from '../../security/field-encryption';
import { enforceRateLimit } from '../../security/rate-limiter';
import { supersedeCertificationIfTinChanges } from '../backup-withholding/service';
import { announceVerification } from './account-verified';
import { bankingLimits, tooManyAttempts } from './banking-limits';
import {
  clearWatchlistHits,
  hasWatchlistHit,
  type IdentityVerificationRow,
  insertIdentityVerification,
  latestIdentityVerification,
  selectStaffVerification,
  updateIdentityVerification,
} from './identity-verification-repository';
import {
  fillMissingInvestorName,
  findInvestorEmail,
  findTaxRecord,
  markTaxRecordChecked,
  removeTaxRecord,
  type TaxRecordRow,
  upsertTaxRecord,
} from './repository';

/** A form that broke a rule: the first message, and the first message of each field for the form. */
export class IdentityValidationError extends AppError {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super('validation_failed', { message });
  }
}

export function describeIdentity(
  record: TaxRecordRow | undefined,
  latest: IdentityVerificationRow | undefined,
  hasHit: boolean,
  providerName: string,
): IdentityStatusResponse {
  const watchlist: WatchlistStatus = hasHit
    ? 'hit'
    : ((latest?.watchlistStatus as WatchlistStatus | undefined) ?? 'not_screened');
  if (!record) {
    // A failed attempt keeps no PII; its row says it failed, so the wizard shows what to do.
    const hasFailed = latest?.status === 'rejected';
    return {
      status: hasFailed ? 'rejected' : 'not_started',
      legal_name: null,
      ssn_last_four: null,
      checked_at: hasFailed ? latest.checkedAt.toISOString() : null,
      watchlist,
      can_recheck: false,
    };
  }
  const status = record.kycStatus as IdentityStatusResponse['status'];
  return {
    status,
    legal_name: `${record.legalFirstName} ${record.legalLastName}`,
    ssn_last_four: record.ssnLastFour,
    checked_at: record.kycCheckedAt.toISOString(),
    watchlist,
    can_recheck:
      status === 'review' &&
      latest?.status === 'review' &&
      latest.reference === record.kycReference &&
      latest.provider === providerName,
  };
}

export async function getIdentityStatus(
  context: AppContext,
  investorId: string,
): Promise<IdentityStatusResponse> {
  const [record, latest, hasHit] = await Promise.all([
    findTaxRecord(context.db, investorId),
    latestIdentityVerification(context.db, investorId),
    hasWatchlistHit(context.db, investorId),
  ]);
  return describeIdentity(record, latest, hasHit, context.providers.kyc.name);
}

/** True when the investor may link a bank account. */
export async function isIdentityApproved(context: AppContext, investorId: string): Promise<boolean> {
  return (await findTaxRecord(context.db, investorId))?.kycStatus === 'approved';
}

/** Refuses a purchase or conversion while a watchlist hit waits for staff (decision 1520). */
export async function assertNoWatchlistHold(db: Executor, investorId: string): Promise<void> {
  if (await hasWatchlistHit(db, investorId)) {
    throw new AppError('forbidden', { message: watchlistMessages.purchasesPaused });
  }
}

/** Asks the KYC provider; a provider that does not answer is a clear 503, never a 500. */
async function askProvider<T>(context: AppContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof KycProviderError) {
      context.log.warn(
        { kycProvider: context.providers.kyc.name, reason: error.message },
        'KYC provider failed',
      );
      throw new AppError('unavailable', { message: bankMessages.identityUnavailable });
    }
    throw error;
  }
}

/** Sends an identity to the KYC provider for the investor (the wizard and Settings › Tax information). */
export async function verifyWithProvider(
  context: AppContext,
  identity: KycIdentity,
  investorId: string,
): Promise<KycOutcome> {
  const email = await findInvestorEmail(context.db, investorId);
  return askProvider(context, () =>
    context.providers.kyc.verifyIdentity(identity, { clientUserId: investorId, email }),
  );
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

  const outcome = await verifyWithProvider(context, identity, investorId);
  context.log.info(
    {
      investorId,
      kycProvider: context.providers.kyc.name,
      kycStatus: outcome.status,
      watchlist: outcome.watchlist,
    },
    'identity check finished',
  );
  if (outcome.status === 'rejected') {
    // A rejected identity is not kept: there is no tax record to keep, and less PII at rest.
    // The attempt itself is (no PII), so the wizard shows the failed state and what to do.
    await insertIdentityVerification(context.db, {
      investorId,
      provider: context.providers.kyc.name,
      outcome,
      now,
    });
    throw new AppError('bad_request', { status: 422, message: bankMessages.identityRejected });
  }
  const { record, verification } = await context.db.transaction(async (tx) => {
    await supersedeCertificationIfTinChanges(context, tx, investorId, { tin: identity.ssn, tinType: 'ssn' });
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
    const row = await insertIdentityVerification(tx, {
      investorId,
      provider: context.providers.kyc.name,
      outcome,
      now,
    });
    await fillMissingInvestorName(tx, investorId, identity, now);
    return { record: saved, verification: row };
  });
  const view = describeIdentity(
    record,
    verification,
    await hasWatchlistHit(context.db, investorId),
    context.providers.kyc.name,
  );
  if (outcome.status === 'review') {
    return { ok: false, error: bankMessages.identityInReview, field_errors: null, identity: view };
  }
  await announceVerification(context, investorId, { verified: 'identity' });
  return { ok: true, error: null, field_errors: null, identity: view };
}

/**
 * Reads a pending verification again (the wizard's Re-check). Approved: the tax record is
 * marked approved and the investor told; failed: the record is removed, as a failed first
 * attempt keeps none; still pending: nothing changes but the time it was checked.
 */
export async function recheckIdentity(
  context: AppContext,
  investorId: string,
): Promise<IdentitySubmitResponse> {
  const [record, latest] = await Promise.all([
    findTaxRecord(context.db, investorId),
    latestIdentityVerification(context.db, investorId),
  ]);
  const current = describeIdentity(record, latest, false, context.providers.kyc.name);
  if (!current.can_recheck || !latest) {
    throw new AppError('conflict', { message: bankMessages.identityNothingToRecheck });
  }
  const now = context.clock.now();
  await enforceRateLimit(context.db, bankingLimits.identityRechecks, investorId, now, tooManyAttempts);
  const outcome = await askProvider(context, () => context.providers.kyc.readVerification(latest.reference));
  context.log.info(
    {
      investorId,
      kycProvider: context.providers.kyc.name,
      kycStatus: outcome.status,
      watchlist: outcome.watchlist,
    },
    'identity re-checked',
  );
  const saved = await context.db.transaction(async (tx) => {
    const verification = await updateIdentityVerification(tx, latest.id, outcome, now);
    const kept =
      outcome.status === 'rejected'
        ? await removeTaxRecord(tx, investorId).then(() => undefined)
        : await markTaxRecordChecked(tx, investorId, outcome.status, now);
    return { verification, kept };
  });
  const view = describeIdentity(
    saved.kept,
    saved.verification,
    await hasWatchlistHit(context.db, investorId),
    context.providers.kyc.name,
  );
  if (outcome.status === 'approved') {
    await announceVerification(context, investorId, { verified: 'identity' });
    return { ok: true, error: null, field_errors: null, identity: view };
  }
  return {
    ok: false,
    error: outcome.status === 'review' ? bankMessages.identityInReview : bankMessages.identityRejected,
    field_errors: null,
    identity: view,
  };
}

/**
 * Staff clear a watchlist hit after reviewing it (operations or super_admin, with a reason):
 * every open hit of the investor is marked cleared, purchases open again, the investor is told.
 */
export async function clearWatchlistHold(
  context: AppContext,
  input: { investorId: string; admin: AdminPrincipal; reason: string },
): Promise<{ cleared: number }> {
  const now = context.clock.now();
  const { investorId, admin, reason } = input;
  const cleared = await context.db.transaction(async (tx) => {
    const rows = await clearWatchlistHits(tx, { investorId, adminUserId: admin.adminUserId, reason, now });
    if (rows.length === 0) throw new AppError('conflict', { message: watchlistMessages.nothingToClear });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'investor.watchlist_clear',
      target: { type: 'investor', id: investorId },
      before: { watchlist_status: 'hit' },
      after: {
        watchlist_status: 'cleared',
        reason,
        screenings: rows.map((row) => row.watchlistReference ?? row.reference),
      },
      at: now,
    });
    return rows.length;
  });
  context.log.info({ investorId, adminUserId: admin.adminUserId, cleared }, 'watchlist hit cleared');
  await announceVerification(context, investorId, { verified: 'compliance_review' });
  return { cleared };
}

/** What staff see of an investor's identity on the investor detail. */
export async function loadStaffIdentityView(context: AppContext, investorId: string): Promise<AdminIdentity> {
  const [record, staffRow, hasHit] = await Promise.all([
    findTaxRecord(context.db, investorId),
    selectStaffVerification(context.db, investorId),
    hasWatchlistHit(context.db, investorId),
  ]);
  const latest = staffRow?.verification;
  const investorView = describeIdentity(record, latest, hasHit, context.providers.kyc.name);
  return {
    status: investorView.status,
    provider: latest?.provider ?? record?.kycProvider ?? null,
    provider_status: latest?.providerStatus ?? null,
    failure_reason: latest?.failureReason ?? null,
    checked_at: investorView.checked_at,
    watchlist: investorView.watchlist,
    watchlist_reference: latest?.watchlistReference ?? null,
    watchlist_cleared_at: latest?.watchlistClearedAt?.toISOString() ?? null,
    watchlist_cleared_by: staffRow?.clearedByFirstName
      ? `${staffRow.clearedByFirstName} ${staffRow.clearedByLastName}`
      : null,
    watchlist_clear_reason: latest?.watchlistClearReason ?? null,
  };
}
