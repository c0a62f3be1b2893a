import {
  INVITATION_VALID_HOURS,
  type InvitationLookup,
  type InvitationRequest,
  type StaffInvitation,
  type StaffListResponse,
  type StaffMember,
  staffMessages,
} from '../../../shared/admin/staff-contracts';
import { type AdminRole, isAdminRole, roleLabel } from '../../../shared/admin/permissions';
import { isTwoFactorRequired } from '../../../shared/admin/two-factor-contracts';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { hashPassword } from '../../security/passwords';
import { enforceRateLimit, type RateLimitRule } from '../../security/rate-limiter';
import { generateToken, hashToken } from '../../security/tokens';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { insertAdminUser, revokeAllAdminSessions, selectAdminByEmail } from '../admin-auth/repository';
import {
  type AdminInvitationRow,
  countOtherActiveSuperAdmins,
  insertInvitation,
  markInvitationAccepted,
  revokeExpiredInvitations,
  revokeInvitation,
  type StaffRow,
  selectOpenInvitations,
  selectStaff,
  selectStaffForUpdate,
  selectUsableInvitation,
  updateStaff,
} from './repository';

/** An inviter sends at most this many invitations an hour (each is an e-mail). */
const invitationsPerAdmin: RateLimitRule = { name: 'admin-invite:admin', limit: 20, windowSeconds: 3600 };
/** Invitation links checked per network address (the token is a secret). */
const invitationChecksPerAddress: RateLimitRule = { name: 'admin-invite:ip', limit: 30, windowSeconds: 900 };

function toMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: isAdminRole(row.role) ? row.role : 'support',
    is_active: row.isActive,
    two_factor_enabled: row.totpEnabledAt !== null,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toInvitation(row: AdminInvitationRow): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: isAdminRole(row.role) ? row.role : 'support',
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

const audited = (row: StaffRow) => ({ role: row.role, is_active: row.isActive });

export async function listStaff(context: AppContext): Promise<StaffListResponse> {
  const [staff, invitations] = await Promise.all([
    selectStaff(context.db),
    selectOpenInvitations(context.db, context.clock.now()),
  ]);
  return { staff: staff.map(toMember), invitations: invitations.map(toInvitation) };
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof current === 'object' && current !== null && (current as { code?: unknown }).code === '23505')
      return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** Sends a single-use link (hashed at rest, valid INVITATION_VALID_HOURS) to set a password. */
export async function inviteStaff(
  context: AppContext,
  admin: AdminPrincipal,
  request: InvitationRequest,
): Promise<StaffInvitation> {
  const now = context.clock.now();
  const email = request.email.trim();
  if (await selectAdminByEmail(context.db, email))
    throw new AppError('conflict', { message: staffMessages.emailTaken });
  await enforceRateLimit(context.db, invitationsPerAdmin, admin.adminUserId, now, 'Too many invitations.');
  const token = generateToken();
  const invitation = await context.db
    .transaction(async (tx) => {
      await revokeExpiredInvitations(tx, email, now);
      const row = await insertInvitation(tx, {
        email,
        firstName: request.first_name,
        lastName: request.last_name,
        role: request.role,
        tokenHash: hashToken(token),
        invitedBy: admin.adminUserId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_VALID_HOURS * 3600 * 1000),
      });
      await recordAdminAudit(tx, {
        ...auditBy(admin),
        action: 'staff.invite',
        target: { type: 'admin_invitation', id: row.id },
        after: { email, role: request.role, first_name: request.first_name, last_name: request.last_name },
        at: now,
      });
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('conflict', { message: staffMessages.invitationOpen });
      throw error;
    });
  const link = `${context.config.appUrl}/admin/invitation?token=${encodeURIComponent(token)}`;
  const brand = context.config.BRAND_NAME;
  await context.messages.sendEmail({
    to: email,
    subject: `You are invited to the ${brand} back office`,
    text: [
      `Hello ${request.first_name},`,
      '',
      `${admin.firstName} ${admin.lastName} invited you to the ${brand} back office as ${roleLabel(request.role)}.`,
      `Set your password here within ${INVITATION_VALID_HOURS} hours (the link works once):`,
      link,
      '',
      isTwoFactorRequired(request.role)
        ? 'You will then set up two-factor authentication with an authenticator app.'
        : 'You can turn on two-factor authentication after you sign in.',
      '',
      `If you did not expect this, ignore this e-mail or write to ${context.config.SUPPORT_EMAIL}.`,
    ].join('\n'),
  });
  return toInvitation(invitation);
}

export async function cancelInvitation(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const row = await revokeInvitation(tx, id, now);
    if (!row) throw new AppError('not_found', { message: 'Invitation not found' });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'staff.invitation_revoke',
      target: { type: 'admin_invitation', id },
      before: { email: row.email, role: row.role },
      at: now,
    });
  });
}

/** Refuses a change that would leave no active super admin. */
async function assertAnotherSuperAdmin(
  tx: Parameters<typeof countOtherActiveSuperAdmins>[0],
  target: StaffRow,
) {
  if (
    target.role === 'super_admin' &&
    target.isActive &&
    (await countOtherActiveSuperAdmins(tx, target.id)) === 0
  ) {
    throw new AppError('conflict', { message: staffMessages.lastSuperAdmin });
  }
}

/** A new role applies at once; the member's sessions end so the next page load signs in with it. */
export async function changeStaffRole(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  role: AdminRole,
): Promise<StaffMember> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const current = await selectStaffForUpdate(tx, id);
    if (!current) throw new AppError('not_found', { message: staffMessages.notFound });
    if (current.role === role) return toMember(current);
    if (role !== 'super_admin') await assertAnotherSuperAdmin(tx, current);
    const updated = await updateStaff(tx, id, { role }, now);
    await revokeAllAdminSessions(tx, id, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'staff.role_change',
      target: { type: 'admin_user', id },
      before: audited(current),
      after: audited(updated),
      at: now,
    });
    return toMember(updated);
  });
}

/** Deactivating ends every session at once; reactivating lets the member sign in again. */
export async function setStaffActive(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  isActive: boolean,
): Promise<StaffMember> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const current = await selectStaffForUpdate(tx, id);
    if (!current) throw new AppError('not_found', { message: staffMessages.notFound });
    if (current.isActive === isActive) return toMember(current);
    if (!isActive) {
      if (id === admin.adminUserId) throw new AppError('conflict', { message: staffMessages.selfDeactivate });
      await assertAnotherSuperAdmin(tx, current);
    }
    const updated = await updateStaff(tx, id, { isActive, deactivatedAt: isActive ? null : now }, now);
    const endedSessions = isActive ? 0 : await revokeAllAdminSessions(tx, id, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: isActive ? 'staff.reactivate' : 'staff.deactivate',
      target: { type: 'admin_user', id },
      before: audited(current),
      after: { ...audited(updated), ...(isActive ? {} : { sessions_ended: endedSessions }) },
      at: now,
    });
    return toMember(updated);
  });
}

const invitationEnded = () => new AppError('not_found', { message: staffMessages.invitationEnded });

/** What the set-password page shows about a link (rate limited per address: the token is a secret). */
export async function lookUpInvitation(
  context: AppContext,
  token: string,
  ipAddress: string | null,
): Promise<InvitationLookup> {
  const now = context.clock.now();
  await enforceRateLimit(
    context.db,
    invitationChecksPerAddress,
    ipAddress ?? 'unknown',
    now,
    'Too many attempts.',
  );
  const row = await selectUsableInvitation(context.db, hashToken(token), now);
  if (!row || !isAdminRole(row.role)) throw invitationEnded();
  return {
    email: row.email,
    first_name: row.firstName,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Creates the account with the chosen password and spends the link; the person then signs in (and enrols two-factor). */
export async function acceptInvitation(
  context: AppContext,
  input: { token: string; password: string; ipAddress: string | null },
): Promise<{ email: string }> {
  const now = context.clock.now();
  await enforceRateLimit(
    context.db,
    invitationChecksPerAddress,
    input.ipAddress ?? 'unknown',
    now,
    'Too many attempts.',
  );
  const passwordHash = await hashPassword(input.password);
  return context.db.transaction(async (tx) => {
    const invitation = await selectUsableInvitation(tx, hashToken(input.token), now, true);
    if (!invitation || !isAdminRole(invitation.role)) throw invitationEnded();
    if (await selectAdminByEmail(tx, invitation.email)) throw invitationEnded();
    const created = await insertAdminUser(tx, {
      email: invitation.email,
      passwordHash,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      role: invitation.role,
    });
    await markInvitationAccepted(tx, invitation.id, now);
    await recordAdminAudit(tx, {
      actor: { adminUserId: created.id, email: created.email },
      ip: input.ipAddress,
      action: 'staff.invitation_accept',
      target: { type: 'admin_user', id: created.id },
      after: { email: created.email, role: created.role, invitation_id: invitation.id },
      at: now,
    });
    return { email: created.email };
  });
}
