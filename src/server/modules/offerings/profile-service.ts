/**
 * The investor profile (issue 26 section 2, decision 1933), the circular acknowledgement
 * (decision 1932) and the purchase form's view of an offering; the staff side: the profile,
 * its history, limit refusals, evidence review and the four-eyes override (decision 1935).
 * Income and net worth are encrypted at rest and never logged; the audit log records only that
 * they changed.
 */
import { AppError } from '../../../shared/errors/app-error';
import { centsToMoney, toMoneyString } from '../../../shared/money/decimal-string';
import type {
  AdminInvestorProfileResponse,
  EvidenceView,
  InvestorLimitView,
  InvestorProfileInput,
  InvestorProfileResponse,
  InvestorProfileView,
} from '../../../shared/offerings/investor-profile-contracts';
import { EVIDENCE_MAX_BYTES, profileMessages } from '../../../shared/offerings/investor-profile-contracts';
import type { PurchaseOfferingResponse } from '../../../shared/offerings/offering-contracts';
import { offeringMessages, profileExpiresOn, remainingCents } from '../../../shared/offerings/offering-rules';
import type { AppContext } from '../../context';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { encryptField } from '../../security/field-encryption';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import {
  currentCircular,
  decideOverride,
  type EvidenceRow,
  findOffering,
  findOfferingOfProduct,
  findProfile,
  insertAcknowledgement,
  insertEvidence,
  insertOverride,
  listEvidence,
  listOverrides,
  listProfileHistory,
  listRefusals,
  lockOverride,
  type ProfileRow,
  type ProfileWrite,
  readEvidence,
  reviewEvidence,
  saveProfile,
} from './repository';
import { decryptMoney, investorTier2Limit, saleStanding } from './sale-limits';

function key(context: AppContext): Buffer {
  return context.config.fieldEncryptionKey;
}

function money(context: AppContext, sealed: string | null): string | null {
  const value = decryptMoney(key(context), sealed);
  return value === null ? null : toMoneyString(value);
}

function profileView(context: AppContext, row: ProfileRow): InvestorProfileView {
  const expiresOn = profileExpiresOn(row.certified_on);
  return {
    is_accredited: row.is_accredited,
    accreditation_basis: row.accreditation_basis,
    annual_income: money(context, row.annual_income_encrypted),
    net_worth: money(context, row.net_worth_encrypted),
    certified_on: row.certified_on,
    expires_on: expiresOn,
    is_expired: expiresOn <= context.clock.today(),
  };
}

async function limitView(context: AppContext, db: Executor, investorId: string): Promise<InvestorLimitView> {
  const limit = await investorTier2Limit(db, key(context), investorId, context.clock.today());
  if (!limit) {
    return { limit: null, used_12_months: '0.00', left: null };
  }
  return {
    limit: centsToMoney(limit.limitCents),
    used_12_months: centsToMoney(limit.usedCents),
    left: centsToMoney(remainingCents(limit.limitCents, limit.usedCents)),
  };
}

function evidenceView(row: EvidenceRow): EvidenceView {
  return row;
}

export async function getInvestorProfile(
  context: AppContext,
  investorId: string,
): Promise<InvestorProfileResponse> {
  const row = await findProfile(context.db, investorId);
  return {
    profile: row ? profileView(context, row) : null,
    limit: await limitView(context, context.db, investorId),
    evidence: (await listEvidence(context.db, investorId)).map(evidenceView),
  };
}

function profileWriteOf(context: AppContext, input: InvestorProfileInput): ProfileWrite {
  if (input.is_accredited) {
    return {
      isAccredited: true,
      basis: input.accreditation_basis,
      incomeEncrypted: null,
      netWorthEncrypted: null,
    };
  }
  return {
    isAccredited: false,
    basis: null,
    incomeEncrypted: encryptField(key(context), toMoneyString(input.annual_income.replace(/[$,\s]/g, ''))),
    netWorthEncrypted: encryptField(key(context), toMoneyString(input.net_worth.replace(/[$,\s]/g, ''))),
  };
}

/** The investor certifies (or confirms again) their profile; every save is kept in the history. */
export async function saveInvestorProfile(
  context: AppContext,
  investorId: string,
  input: InvestorProfileInput,
): Promise<InvestorProfileResponse> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await saveProfile(tx, investorId, profileWriteOf(context, input), { by: 'investor', now });
  });
  return getInvestorProfile(context, investorId);
}

/** The product's offering as the purchase form needs it: steps still to take and the amount left. */
export async function purchaseOffering(
  context: AppContext,
  investorId: string,
  productId: string,
  kind: 'purchase' | 'conversion',
): Promise<PurchaseOfferingResponse> {
  const offering = await findOfferingOfProduct(context.db, productId);
  if (!offering) throw new AppError('not_found', { message: 'Product not found.' });
  const standing = await saleStanding(context.db, key(context), {
    offering,
    investorId,
    today: context.clock.today(),
    kind,
  });
  const circular = standing.circularToAcknowledge;
  const blocked = standing.blocked;
  return {
    offering_id: offering.id,
    offering_name: offering.name,
    exemption: offering.exemption,
    status: offering.status,
    circular_to_acknowledge: circular
      ? {
          version: circular.version,
          file_name: circular.file_name,
          url: `/api/offerings/${offering.id}/circulars/${circular.version}`,
        }
      : null,
    needs_profile: standing.needsProfile,
    amount_left: standing.amountLeftCents === null ? null : centsToMoney(standing.amountLeftCents),
    limited_by: standing.limitedBy,
    blocked_message:
      blocked && blocked.reason !== 'profile_required' && blocked.reason !== 'profile_expired'
        ? blocked.message
        : null,
  };
}

/**
 * Records the acknowledgement of the circular version the investor was shown. Only the current
 * version is accepted: a replayed acknowledgement of an older one is refused (decision 1932).
 */
export async function acknowledgeCircular(
  context: AppContext,
  input: {
    investorId: string;
    offeringId: string;
    version: number;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<{ version: number; acknowledged_at: string }> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const offering = await findOffering(tx, input.offeringId);
    if (!offering) throw new AppError('not_found', { message: 'Offering not found.' });
    const circular = await currentCircular(tx, offering.id);
    if (!circular)
      throw new AppError('conflict', { message: 'This offering has no circular to acknowledge.' });
    if (circular.version !== input.version) {
      throw new AppError('conflict', { message: offeringMessages.acknowledgementOutdated });
    }
    const acknowledgedAt = await insertAcknowledgement(tx, {
      investorId: input.investorId,
      offeringId: offering.id,
      circularId: circular.id,
      version: circular.version,
      now,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    });
    return { version: circular.version, acknowledged_at: acknowledgedAt };
  });
}

const allowedEvidence: { type: string; magic: (content: Buffer) => boolean }[] = [
  { type: 'application/pdf', magic: (content) => content.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    type: 'image/png',
    magic: (content) =>
      content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', magic: (content) => content.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
];

export async function uploadEvidence(
  context: AppContext,
  input: { investorId: string; fileName: string; content: Buffer },
): Promise<InvestorProfileResponse> {
  if (input.content.length > EVIDENCE_MAX_BYTES) {
    throw new AppError('payload_too_large', { message: profileMessages.tooLarge });
  }
  const kind = allowedEvidence.find((candidate) => candidate.magic(input.content));
  if (!kind) throw new AppError('validation_failed', { message: profileMessages.unreadableUpload });
  await insertEvidence(context.db, {
    investorId: input.investorId,
    fileName: input.fileName,
    contentType: kind.type,
    content: input.content,
    now: context.clock.now(),
  });
  return getInvestorProfile(context, input.investorId);
}

// ---------------------------------------------------------------- staff

export async function getAdminInvestorProfile(
  context: AppContext,
  investorId: string,
): Promise<AdminInvestorProfileResponse> {
  const row = await findProfile(context.db, investorId);
  return {
    profile: row ? profileView(context, row) : null,
    limit: await limitView(context, context.db, investorId),
    history: (await listProfileHistory(context.db, investorId)).map((entry) => ({
      id: entry.id,
      is_accredited: entry.is_accredited,
      accreditation_basis: entry.accreditation_basis,
      annual_income: money(context, entry.annual_income_encrypted),
      net_worth: money(context, entry.net_worth_encrypted),
      changed_by: entry.changed_by,
      proposed_by_email: entry.proposed_by_email,
      approved_by_email: entry.approved_by_email,
      reason: entry.reason,
      created_at: entry.created_at,
    })),
    refusals: (await listRefusals(context.db, investorId)).map((refusal) => ({
      ...refusal,
      amount: toMoneyString(refusal.amount),
      allowed: toMoneyString(refusal.allowed),
    })),
    overrides: (await listOverrides(context.db, investorId)).map((override) => ({
      id: override.id,
      is_accredited: override.is_accredited,
      accreditation_basis: override.accreditation_basis,
      annual_income: money(context, override.annual_income_encrypted),
      net_worth: money(context, override.net_worth_encrypted),
      reason: override.reason,
      status: override.status,
      proposed_by_email: override.proposed_by_email,
      proposed_by_id: override.proposed_by_id,
      decided_by_email: override.decided_by_email,
      created_at: override.created_at,
    })),
    evidence: (await listEvidence(context.db, investorId)).map(evidenceView),
  };
}

async function requireInvestor(db: Executor, investorId: string): Promise<void> {
  const found = rowsOf(await db.execute(sql`select id from investors where id = ${investorId}::uuid`));
  if (found.length === 0) throw new AppError('not_found', { message: 'Investor not found.' });
}

/** What the audit log keeps of a profile: never the figures, only whether they are set. */
function auditedProfile(profile: ProfileWrite): Record<string, unknown> {
  return {
    is_accredited: profile.isAccredited,
    accreditation_basis: profile.basis,
    has_financial_figures: profile.incomeEncrypted !== null,
  };
}

export async function proposeProfileOverride(
  context: AppContext,
  admin: AdminPrincipal,
  investorId: string,
  input: { profile: InvestorProfileInput; reason: string },
): Promise<AdminInvestorProfileResponse> {
  const now = context.clock.now();
  const write = profileWriteOf(context, input.profile);
  await context.db.transaction(async (tx) => {
    await requireInvestor(tx, investorId);
    const id = await insertOverride(tx, {
      investorId,
      profile: write,
      reason: input.reason,
      adminId: admin.adminUserId,
      now,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'investor_profile.override_propose',
      target: { type: 'investor', id: investorId },
      after: { override_id: id, reason: input.reason, ...auditedProfile(write) },
      at: now,
    });
  });
  return getAdminInvestorProfile(context, investorId);
}

/** The second admin decides; the proposer may not (four-eyes, decision 1935). */
export async function decideProfileOverride(
  context: AppContext,
  admin: AdminPrincipal,
  input: { investorId: string; overrideId: string; decision: 'approved' | 'rejected' },
): Promise<AdminInvestorProfileResponse> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const override = await lockOverride(tx, input.overrideId);
    if (!override || override.investor_id !== input.investorId) {
      throw new AppError('not_found', { message: 'Change not found.' });
    }
    if (override.status !== 'pending')
      throw new AppError('conflict', { message: profileMessages.overrideNotPending });
    if (override.proposed_by_id === admin.adminUserId) {
      throw new AppError('forbidden', { message: profileMessages.overrideOwn });
    }
    await decideOverride(tx, override.id, input.decision, admin.adminUserId, now);
    const write: ProfileWrite = {
      isAccredited: override.is_accredited,
      basis: override.accreditation_basis,
      incomeEncrypted: override.annual_income_encrypted,
      netWorthEncrypted: override.net_worth_encrypted,
    };
    const before = await findProfile(tx, input.investorId);
    if (input.decision === 'approved') {
      await saveProfile(tx, input.investorId, write, {
        by: 'staff',
        proposedBy: override.proposed_by_id,
        approvedBy: admin.adminUserId,
        reason: override.reason,
        now,
      });
    }
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action:
        input.decision === 'approved'
          ? 'investor_profile.override_approve'
          : 'investor_profile.override_reject',
      target: { type: 'investor', id: input.investorId },
      before: before
        ? { is_accredited: before.is_accredited, accreditation_basis: before.accreditation_basis }
        : null,
      after: { override_id: override.id, ...auditedProfile(write) },
      at: now,
    });
  });
  return getAdminInvestorProfile(context, input.investorId);
}

export async function reviewInvestorEvidence(
  context: AppContext,
  admin: AdminPrincipal,
  input: { investorId: string; evidenceId: string; status: 'approved' | 'rejected' },
): Promise<AdminInvestorProfileResponse> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const found = await reviewEvidence(tx, {
      investorId: input.investorId,
      id: input.evidenceId,
      status: input.status,
      adminId: admin.adminUserId,
      now,
    });
    if (!found) throw new AppError('not_found', { message: profileMessages.noEvidence });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: `accreditation_evidence.${input.status === 'approved' ? 'approve' : 'reject'}`,
      target: { type: 'investor', id: input.investorId },
      after: { evidence_id: input.evidenceId, status: input.status },
      at: now,
    });
  });
  return getAdminInvestorProfile(context, input.investorId);
}

export async function evidenceFile(
  context: AppContext,
  investorId: string,
  evidenceId: string,
): Promise<{ file_name: string; content_type: string; content: Buffer }> {
  const file = await readEvidence(context.db, investorId, evidenceId);
  if (!file) throw new AppError('not_found', { message: profileMessages.noEvidence });
  return file;
}
