/**
 * The investor lifecycle for staff (issue 16 item 3, decision 1620): suspend and reinstate with a
 * reason, close an account that holds nothing, end every session, cancel a pending transfer.
 * Each change runs in one transaction with its history row (and its audit entry).
 */
import {
  type AdminInvestorAccountResponse,
  type LifecycleResultResponse,
  lifecycleMessages,
  MESSAGES_SHOWN,
} from '../../../shared/admin/back-office-contracts';
import { AppError } from '../../../shared/errors/app-error';
import { toMoneyString } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import {
  cancelWithdrawalByStaff,
  countLiveSessions,
  findCloseBlockers,
  type LockedInvestor,
  lockInvestor,
  revokeLiveSessions,
  selectAccount,
  selectBankAccounts,
  selectIdentity,
  selectMessagesSent,
  selectPendingWithdrawals,
  selectStatusHistory,
  setInvestorStatus,
  statusBeforeSuspension,
} from './repository';

function notFound(): AppError {
  return new AppError('not_found', { message: lifecycleMessages.investorNotFound });
}

export async function loadInvestorAccount(
  context: AppContext,
  investorId: string,
): Promise<AdminInvestorAccountResponse> {
  const account = await selectAccount(context.db, investorId);
  if (!account) throw notFound();
  const now = context.clock.now();
  const [history, sessionCount, identity, banks, withdrawals, messages, blockers] = [
    await selectStatusHistory(context.db, investorId),
    await countLiveSessions(context.db, account.user_id, now),
    await selectIdentity(context.db, investorId),
    await selectBankAccounts(context.db, investorId),
    await selectPendingWithdrawals(context.db, investorId),
    await selectMessagesSent(context.db, {
      email: account.email,
      phone: account.phone,
      limit: MESSAGES_SHOWN,
    }),
    await findCloseBlockers(context.db, investorId),
  ];
  return {
    investor_id: investorId,
    status: account.status,
    status_reason: account.status_reason,
    status_changed_at: account.status_changed_at,
    status_history: history,
    live_session_count: sessionCount,
    identity,
    bank_accounts: banks,
    pending_withdrawals: withdrawals.map((row) => ({ ...row, amount: toMoneyString(row.amount) })),
    messages,
    close_blockers: blockers,
  };
}

type LifecycleChange = (
  tx: Executor,
  investor: LockedInvestor,
  now: Date,
) => Promise<LockedInvestor['status']>;

async function changeInvestor(
  context: AppContext,
  audit: { admin: AdminPrincipal; action: string; reason: string },
  investorId: string,
  change: LifecycleChange,
): Promise<LifecycleResultResponse> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const investor = await lockInvestor(tx, investorId);
    if (!investor) throw notFound();
    const status = await change(tx, investor, now);
    const revoked =
      status === 'suspended' || status === 'closed' ? await revokeLiveSessions(tx, investor.userId, now) : 0;
    await recordAdminAudit(tx, {
      ...auditBy(audit.admin),
      action: audit.action,
      target: { type: 'investor', id: investorId },
      before: { status: investor.status },
      after: { status, reason: audit.reason, sessions_revoked: revoked },
      at: now,
    });
    return { status, sessions_revoked: revoked };
  });
}

/** Suspended: cannot sign in or buy (every session ends now); notes keep earning. */
export async function suspendInvestor(
  context: AppContext,
  admin: AdminPrincipal,
  investorId: string,
  reason: string,
): Promise<LifecycleResultResponse> {
  return changeInvestor(
    context,
    { admin, action: 'investor.suspend', reason },
    investorId,
    async (tx, investor, now) => {
      if (investor.status === 'closed')
        throw new AppError('conflict', { message: lifecycleMessages.alreadyClosed });
      if (investor.status === 'suspended') {
        throw new AppError('conflict', { message: lifecycleMessages.alreadySuspended });
      }
      await setInvestorStatus(tx, {
        investorId,
        fromStatus: investor.status,
        toStatus: 'suspended',
        reason,
        adminUserId: admin.adminUserId,
        now,
      });
      return 'suspended';
    },
  );
}

/** Back to the status held before the suspension (active, or pending if onboarding was unfinished). */
export async function reinstateInvestor(
  context: AppContext,
  admin: AdminPrincipal,
  investorId: string,
  reason: string,
): Promise<LifecycleResultResponse> {
  return changeInvestor(
    context,
    { admin, action: 'investor.reinstate', reason },
    investorId,
    async (tx, investor, now) => {
      if (investor.status !== 'suspended')
        throw new AppError('conflict', { message: lifecycleMessages.notSuspended });
      const restored = await statusBeforeSuspension(tx, investorId);
      await setInvestorStatus(tx, {
        investorId,
        fromStatus: 'suspended',
        toStatus: restored,
        reason,
        adminUserId: admin.adminUserId,
        now,
      });
      return restored;
    },
  );
}

/** Closed for good, only when nothing is invested or in flight (after a final transfer). */
export async function closeInvestor(
  context: AppContext,
  admin: AdminPrincipal,
  investorId: string,
  reason: string,
): Promise<LifecycleResultResponse> {
  return changeInvestor(
    context,
    { admin, action: 'investor.close', reason },
    investorId,
    async (tx, investor, now) => {
      if (investor.status === 'closed')
        throw new AppError('conflict', { message: lifecycleMessages.alreadyClosed });
      const blockers = await findCloseBlockers(tx, investorId);
      if (blockers.length > 0) throw new AppError('conflict', { message: lifecycleMessages.closeBlocked });
      await setInvestorStatus(tx, {
        investorId,
        fromStatus: investor.status,
        toStatus: 'closed',
        reason,
        adminUserId: admin.adminUserId,
        now,
      });
      return 'closed';
    },
  );
}

/** Signs the investor out everywhere (a lost phone, a shared computer); the status is unchanged. */
export async function revokeInvestorSessions(
  context: AppContext,
  admin: AdminPrincipal,
  investorId: string,
  reason: string,
): Promise<LifecycleResultResponse> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const investor = await lockInvestor(tx, investorId);
    if (!investor) throw notFound();
    const revoked = await revokeLiveSessions(tx, investor.userId, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'investor.revoke_sessions',
      target: { type: 'investor', id: investorId },
      before: null,
      after: { reason, sessions_revoked: revoked },
      at: now,
    });
    return { status: investor.status, sessions_revoked: revoked };
  });
}

/** Cancels a pending transfer to the bank; nothing was drawn yet, so the money stays in the note. */
export async function cancelWithdrawalForInvestor(
  context: AppContext,
  admin: AdminPrincipal,
  withdrawalId: string,
  reason: string,
): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const outcome = await cancelWithdrawalByStaff(tx, {
      withdrawalId,
      reason,
      adminUserId: admin.adminUserId,
      now,
    });
    if (outcome === 'not_found') {
      throw new AppError('not_found', { message: lifecycleMessages.withdrawalNotFound });
    }
    if (outcome === 'not_pending') {
      throw new AppError('conflict', { message: lifecycleMessages.withdrawalNotPending });
    }
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'withdrawal.cancel',
      target: { type: 'withdrawal', id: withdrawalId },
      before: { status: 'pending', investor_id: outcome.investorId, amount: outcome.amount },
      after: { status: 'cancelled', investor_id: outcome.investorId, amount: outcome.amount, reason },
      at: now,
    });
  });
}
