/**
 * Four-eyes manual adjustments (issue 16 item 4, decision 1621). One admin proposes a credit or
 * debit to a note with a reason; only a different operations or super_admin can approve it, and
 * only then does the money engine's ledger write the entry. The proposer is refused here and
 * by a CHECK constraint. A debit may never take the note below zero (checked when proposed and
 * again, under the note's lock, when approved).
 */
import {
  ADJUSTMENTS_PAGE_SIZE,
  type Adjustment,
  type AdjustmentListQuery,
  type AdjustmentListResponse,
  adjustmentMessages,
  type ProposeAdjustmentRequest,
} from '../../../shared/admin/back-office-contracts';
import { AppError } from '../../../shared/errors/app-error';
import { parseMoneyToCents, toMoneyString } from '../../../shared/money/decimal-string';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import { type AdjustableNote, lockAdjustableNote, postAdjustmentEntry } from '../money/adjustment-ledger';
import {
  type AdjustmentRow,
  insertAdjustment,
  type LockedAdjustment,
  lockAdjustment,
  markAdjustmentDecided,
  selectAdjustment,
  selectAdjustments,
} from './repository';

function toAdjustment(row: AdjustmentRow): Adjustment {
  return {
    id: row.id,
    investment_id: row.investment_id,
    investment_type: row.investment_type,
    investor: { id: row.investor_id, first_name: row.first_name, last_name: row.last_name, email: row.email },
    direction: row.direction,
    amount: toMoneyString(row.amount),
    reason: row.reason,
    status: row.status,
    proposed_by: { id: row.proposed_by, name: row.proposer_name },
    proposed_at: row.proposed_at,
    decided_by: row.decided_by ? { id: row.decided_by, name: row.decider_name ?? '' } : null,
    decided_at: row.decided_at,
    decision_reason: row.decision_reason,
    transaction_id: row.transaction_id,
    note_value: toMoneyString(row.note_value),
  };
}

async function loadAdjustment(context: AppContext, id: string): Promise<Adjustment> {
  const row = await selectAdjustment(context.db, id);
  if (!row) throw new AppError('not_found', { message: adjustmentMessages.adjustmentNotFound });
  return toAdjustment(row);
}

function assertAdjustable(
  note: AdjustableNote | null,
  change: { direction: 'credit' | 'debit'; amount: string },
): asserts note is AdjustableNote {
  if (!note) throw new AppError('not_found', { message: adjustmentMessages.noteNotFound });
  if (note.status !== 'active' && note.status !== 'matured') {
    throw new AppError('conflict', { message: adjustmentMessages.noteNotAdjustable });
  }
  if (change.direction === 'debit') {
    const value = parseMoneyToCents(note.value) ?? 0n;
    const amount = parseMoneyToCents(change.amount) ?? 0n;
    if (value - amount < 0n) throw new AppError('conflict', { message: adjustmentMessages.belowZero });
  }
}

export async function proposeAdjustment(
  context: AppContext,
  admin: AdminPrincipal,
  input: ProposeAdjustmentRequest,
): Promise<Adjustment> {
  const amount = toMoneyString(input.amount);
  const now = context.clock.now();
  const id = await context.db.transaction(async (tx) => {
    const note = await lockAdjustableNote(tx, input.investment_id);
    assertAdjustable(note, { direction: input.direction, amount });
    const adjustmentId = await insertAdjustment(tx, {
      investmentId: note.id,
      investorId: note.investorId,
      direction: input.direction,
      amount,
      reason: input.reason,
      proposedBy: admin.adminUserId,
      now,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'adjustment.propose',
      target: { type: 'adjustment', id: adjustmentId },
      after: {
        investment_id: note.id,
        investor_id: note.investorId,
        direction: input.direction,
        amount,
        reason: input.reason,
        status: 'pending',
      },
      at: now,
    });
    return adjustmentId;
  });
  return loadAdjustment(context, id);
}

async function decide(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  act: (tx: Executor, adjustment: LockedAdjustment) => Promise<void>,
): Promise<Adjustment> {
  await context.db.transaction(async (tx) => {
    const adjustment = await lockAdjustment(tx, id);
    if (!adjustment) throw new AppError('not_found', { message: adjustmentMessages.adjustmentNotFound });
    if (adjustment.status !== 'pending')
      throw new AppError('conflict', { message: adjustmentMessages.notPending });
    if (adjustment.proposedBy === admin.adminUserId) {
      throw new AppError('forbidden', { message: adjustmentMessages.ownProposal });
    }
    await act(tx, adjustment);
  });
  return loadAdjustment(context, id);
}

/** Applies the adjustment: the ledger entry, the note's figure and the decision, in one transaction. */
export async function approveAdjustment(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
): Promise<Adjustment> {
  const now = context.clock.now();
  return decide(context, admin, id, async (tx, adjustment) => {
    const note = await lockAdjustableNote(tx, adjustment.investmentId);
    assertAdjustable(note, adjustment);
    const transactionId = await postAdjustmentEntry(tx, {
      adjustmentId: adjustment.id,
      note,
      direction: adjustment.direction,
      amount: adjustment.amount,
      reason: adjustment.reason,
      entryDate: context.clock.today(),
      now,
    });
    await markAdjustmentDecided(tx, {
      id,
      status: 'applied',
      decidedBy: admin.adminUserId,
      decisionReason: null,
      transactionId,
      now,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'adjustment.approve',
      target: { type: 'adjustment', id },
      before: { status: 'pending', note_value: note.value },
      after: {
        status: 'applied',
        transaction_id: transactionId,
        investment_id: note.id,
        direction: adjustment.direction,
        amount: adjustment.amount,
      },
      at: now,
    });
  });
}

export async function rejectAdjustment(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  reason: string,
): Promise<Adjustment> {
  const now = context.clock.now();
  return decide(context, admin, id, async (tx) => {
    await markAdjustmentDecided(tx, {
      id,
      status: 'rejected',
      decidedBy: admin.adminUserId,
      decisionReason: reason,
      transactionId: null,
      now,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'adjustment.reject',
      target: { type: 'adjustment', id },
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
      at: now,
    });
  });
}

export async function listAdjustments(
  context: AppContext,
  query: AdjustmentListQuery,
): Promise<AdjustmentListResponse> {
  const { rows, total } = await selectAdjustments(context.db, {
    status: query.status,
    limit: ADJUSTMENTS_PAGE_SIZE,
    offset: (query.page - 1) * ADJUSTMENTS_PAGE_SIZE,
  });
  return { adjustments: rows.map(toAdjustment), page: query.page, page_size: ADJUSTMENTS_PAGE_SIZE, total };
}
