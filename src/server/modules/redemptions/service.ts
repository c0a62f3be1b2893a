/**
 * Early redemption (issue 27 section 3, PRODUCT.md 44): the investor's request from the note
 * page, its quote, cancelling it; the staff queue (first come first served), approval (two
 * different admins above the threshold), decline with a reason the investor sees, and the
 * platform-wide pause of new requests. The payment itself is the money engine's
 * (`pay-early-redemptions`).
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { AppError } from '../../../shared/errors/app-error';
import { centsToMoney, parseMoneyToCents } from '../../../shared/money/decimal-string';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import {
  type AdminRedemptionListQuery,
  type AdminRedemptionListResponse,
  type AdminRedemptionRow,
  EARLY_REDEMPTIONS_PAGE_SIZE,
  type EarlyRedemptionQuote,
  type EarlyRedemptionRequest,
  type EarlyRedemptionRow,
  earlyRedemptionMessages,
  type NoteRedemptionResponse,
  openRedemptionStatuses,
  type RedemptionGate,
} from '../../../shared/redemptions/early-redemption-contracts';
import {
  earlyRedemptionPenalty,
  interestGivenUp,
  PENALTY_DAYS,
  partialRedemptionBounds,
  redemptionPaymentDate,
  redemptionPayout,
  wholeRedemptionPrincipal,
} from '../../../shared/redemptions/early-redemption-rules';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { enforceRateLimit } from '../../security/rate-limiter';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import {
  redemptionApprovedMessage,
  redemptionDeclinedMessage,
  redemptionSubmittedMessage,
} from '../money/early-redemption-notices';
import {
  type RedeemableNote,
  readRedeemableNote,
  unpostedInterestTo,
} from '../money/early-redemption-ledger';
import { splitInterestPayout } from '../backup-withholding/payout-withholding';
import type { BackupWithholdingRule } from '../backup-withholding/withholding-rule';
import { backupWithholdingRuleOf } from '../money/engine-context';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import { noticeSenderOf } from '../notifications/notice-sender';
import { findPrimaryVerifiedBank } from '../transfers/repository';
import {
  cancelOpenRedemption,
  hasOpenRedemption,
  insertRedemption,
  lockRedemption,
  markApproved,
  markDeclined,
  markFirstApproval,
  type RedemptionRecord,
  readGate,
  selectApprovedUnpaidRedemptions,
  selectNoteRedemptions,
  selectRedemption,
  selectRedemptions,
  writeGate,
} from './repository';

const requestsPerInvestor = { name: 'early-redemption:investor', limit: 10, windowSeconds: 3600 };

const noteNotFound = () => new AppError('not_found', { message: 'Investment not found.' });
const requestNotFound = () => new AppError('not_found', { message: earlyRedemptionMessages.requestNotFound });

function cents(amount: string): bigint {
  const value = parseMoneyToCents(amount);
  if (value === null) throw new Error(`Not a money amount: ${amount}`);
  return value;
}

function toRow(record: RedemptionRecord): EarlyRedemptionRow {
  return {
    id: record.id,
    investment_id: record.investment_id,
    kind: record.is_whole ? 'whole' : 'partial',
    principal_amount: centsToMoney(cents(record.principal_amount)),
    status: record.status,
    requested_at: record.requested_at,
    payment_date: record.payment_date,
    decline_reason: record.decline_reason,
    failure_reason: record.failure_reason,
    redemption_date: record.redemption_date,
    penalty: record.penalty === null ? null : centsToMoney(cents(record.penalty)),
    interest_paid: record.interest_paid === null ? null : centsToMoney(cents(record.interest_paid)),
    amount_paid: record.amount_paid === null ? null : centsToMoney(cents(record.amount_paid)),
    is_cancellable: record.status === 'requested' || record.status === 'first_approval',
  };
}

/** Why the note cannot be redeemed early on `today`, or null (the gate is checked apart). */
function unavailableReason(note: RedeemableNote, today: IsoDate): string | null {
  if (note.status !== 'active' || redemptionPaymentDate(today) >= note.maturityDate)
    return earlyRedemptionMessages.notEligible;
  if (!note.isFunded) return earlyRedemptionMessages.notFunded;
  return null;
}

/** The principal a request redeems, checked against the note's bounds (decision 1950). */
function principalOf(note: RedeemableNote, request: EarlyRedemptionRequest): string {
  if (request.kind === 'whole') return wholeRedemptionPrincipal(note);
  const amount = parseMoneyToCents(request.amount);
  if (amount === null || amount <= 0n)
    throw new AppError('validation_failed', { message: earlyRedemptionMessages.badAmount });
  const bounds = partialRedemptionBounds(note.earning);
  if (!bounds) throw new AppError('validation_failed', { message: earlyRedemptionMessages.notPartial });
  if (amount < cents(bounds.minimum))
    throw new AppError('validation_failed', { message: earlyRedemptionMessages.tooSmall });
  if (amount > cents(bounds.maximum))
    throw new AppError('validation_failed', { message: earlyRedemptionMessages.leavesTooLittle });
  return centsToMoney(amount);
}

/**
 * The figures of a redemption paid on `redemptionDate` (decision 1950): what the payment would
 * post if it ran that day, by the same rules (the shared payout and penalty; the engine's own
 * closed form for the interest not yet posted).
 */
export async function quoteRedemption(
  db: Executor,
  note: RedeemableNote,
  input: {
    isWhole: boolean;
    principal: string;
    redemptionDate: IsoDate;
    /** With a rule: the backup withholding the investor is subject to today, taken from the interest paid. */
    backupWithholding?: BackupWithholdingRule;
  },
): Promise<EarlyRedemptionQuote> {
  let interest = 0n;
  let toBank = 0n;
  if (input.isWhole) {
    const unposted = cents(await unpostedInterestTo(db, note.id, input.redemptionDate));
    interest = cents(note.value) - cents(input.principal);
    if (note.investmentType === 'high_yield') interest += unposted;
    else toBank = unposted;
  }
  const payout = redemptionPayout({
    principal: input.principal,
    interest: centsToMoney(interest),
    penalty: earlyRedemptionPenalty(input.principal, note.rate),
  });
  const withheld = input.backupWithholding
    ? (
        await splitInterestPayout(db, {
          investorId: note.investorId,
          gross: payout.interest,
          paymentDate: input.redemptionDate,
          rule: input.backupWithholding,
        })
      ).withheld
    : '0.00';
  return {
    kind: input.isWhole ? 'whole' : 'partial',
    redemption_date: input.redemptionDate,
    principal_redeemed: payout.principal,
    interest_paid: payout.interest,
    penalty: payout.penalty,
    amount_paid: payout.paid,
    backup_withholding: withheld,
    penalty_from_principal: payout.penaltyFromPrincipal,
    interest_paid_to_bank: centsToMoney(toBank),
    interest_given_up: interestGivenUp({
      principalRedeemed: input.principal,
      rate: note.rate,
      redemptionDate: input.redemptionDate,
      endDate: note.maturityDate,
    }),
    remaining_principal: input.isWhole ? '0.00' : centsToMoney(cents(note.earning) - cents(input.principal)),
  };
}

async function ownNote(
  context: AppContext,
  investorId: string,
  investmentId: string,
): Promise<RedeemableNote> {
  const note = await readRedeemableNote(context.db, { investmentId, investorId });
  if (!note) throw noteNotFound();
  return note;
}

export async function getNoteRedemption(
  context: AppContext,
  investorId: string,
  investmentId: string,
): Promise<NoteRedemptionResponse> {
  const note = await ownNote(context, investorId, investmentId);
  const today = context.clock.today();
  const [gate, records] = await Promise.all([
    readGate(context.db),
    selectNoteRedemptions(context.db, { investorId, investmentId }),
  ]);
  const open = records.some((record) => openRedemptionStatuses.includes(record.status));
  const reason =
    unavailableReason(note, today) ??
    (open ? earlyRedemptionMessages.alreadyOpen : null) ??
    (gate.paused ? earlyRedemptionMessages.paused : null);
  return {
    is_eligible: reason === null,
    unavailable_reason: reason,
    paused_message: gate.paused ? gate.message || earlyRedemptionMessages.paused : null,
    earning_principal: centsToMoney(cents(note.earning)),
    partial: note.status === 'active' ? partialRedemptionBounds(note.earning) : null,
    penalty_days: PENALTY_DAYS,
    requests: records.map(toRow),
  };
}

export async function getRedemptionQuote(
  context: AppContext,
  investorId: string,
  investmentId: string,
  request: EarlyRedemptionRequest,
): Promise<EarlyRedemptionQuote> {
  const note = await ownNote(context, investorId, investmentId);
  const today = context.clock.today();
  const reason = unavailableReason(note, today);
  if (reason) throw new AppError('conflict', { message: reason });
  const principal = principalOf(note, request);
  return quoteRedemption(context.db, note, {
    isWhole: request.kind === 'whole',
    principal,
    redemptionDate: redemptionPaymentDate(today),
    backupWithholding: backupWithholdingRuleOf(context),
  });
}

function pausedError(gate: RedemptionGate): AppError {
  return new AppError('conflict', { message: gate.message || earlyRedemptionMessages.paused });
}

export async function requestRedemption(
  context: AppContext,
  investorId: string,
  investmentId: string,
  request: EarlyRedemptionRequest,
): Promise<EarlyRedemptionRow> {
  const now = context.clock.now();
  const today = context.clock.today();
  await enforceRateLimit(
    context.db,
    requestsPerInvestor,
    investorId,
    now,
    'Too many early redemption requests.',
  );
  const id = await context.db.transaction(async (tx) => {
    const note = await readRedeemableNote(tx, { investmentId, investorId, lock: true });
    if (!note) throw noteNotFound();
    const gate = await readGate(tx);
    if (gate.paused) throw pausedError(gate);
    const reason = unavailableReason(note, today);
    if (reason) throw new AppError('conflict', { message: reason });
    if (await hasOpenRedemption(tx, note.id))
      throw new AppError('conflict', { message: earlyRedemptionMessages.alreadyOpen });
    const principal = principalOf(note, request);
    if (!(await findPrimaryVerifiedBank(tx, investorId)))
      throw new AppError('conflict', { message: earlyRedemptionMessages.noBankAccount });
    const inserted = await insertRedemption(tx, {
      investmentId: note.id,
      investorId,
      isWhole: request.kind === 'whole',
      principal,
      now,
    });
    if (!inserted) throw new AppError('conflict', { message: earlyRedemptionMessages.alreadyOpen });
    await enqueueNotices(
      tx,
      [
        {
          investorId,
          ...redemptionSubmittedMessage({
            investmentId: note.id,
            reference: purchaseReference(note.id),
            principal,
            isWhole: request.kind === 'whole',
          }),
        },
      ],
      now,
    );
    return inserted;
  });
  noticeSenderOf(context).kick();
  return toRow((await selectRedemption(context.db, id))!);
}

export async function cancelRedemption(
  context: AppContext,
  investorId: string,
  redemptionId: string,
): Promise<EarlyRedemptionRow> {
  const now = context.clock.now();
  const cancelled = await context.db.transaction((tx) =>
    cancelOpenRedemption(tx, { id: redemptionId, investorId, now }),
  );
  const record = await selectRedemption(context.db, redemptionId);
  if (!record || record.investor_id !== investorId) throw requestNotFound();
  if (!cancelled) throw new AppError('conflict', { message: earlyRedemptionMessages.notCancellable });
  return toRow(record);
}

// ------------------------------------------------------------------ staff

function person(id: string | null, name: string | null): { id: string; name: string } | null {
  return id ? { id, name: name ?? '' } : null;
}

function needsTwoApprovals(context: AppContext, principal: string): boolean {
  return cents(principal) > cents(context.config.EARLY_REDEMPTION_FOUR_EYES_THRESHOLD);
}

async function toAdminRow(context: AppContext, record: RedemptionRecord): Promise<AdminRedemptionRow> {
  const isOpen =
    record.status === 'requested' || record.status === 'first_approval' || record.status === 'approved';
  let quote: EarlyRedemptionQuote | null = null;
  if (isOpen) {
    const note = await readRedeemableNote(context.db, { investmentId: record.investment_id });
    if (note && note.status === 'active') {
      quote = await quoteRedemption(context.db, note, {
        isWhole: record.is_whole,
        principal: record.is_whole ? principalOf(note, { kind: 'whole' }) : record.principal_amount,
        redemptionDate: record.payment_date ?? redemptionPaymentDate(context.clock.today()),
        backupWithholding: backupWithholdingRuleOf(context),
      });
    }
  }
  return {
    ...toRow(record),
    queue_position: record.queue_position,
    investor: {
      id: record.investor_id,
      first_name: record.first_name,
      last_name: record.last_name,
      email: record.email,
    },
    investment_type: record.investment_type,
    interest_rate_annual: record.interest_rate_annual,
    maturity_date: record.maturity_date,
    quote,
    needs_two_approvals: needsTwoApprovals(context, record.principal_amount),
    first_approved_by: person(record.first_approved_by, record.first_approver_name),
    approved_by: person(record.approved_by, record.approver_name),
    declined_by: person(record.declined_by, record.decliner_name),
  };
}

async function loadAdminRow(context: AppContext, id: string): Promise<AdminRedemptionRow> {
  const record = await selectRedemption(context.db, id);
  if (!record) throw requestNotFound();
  return toAdminRow(context, record);
}

export async function listRedemptions(
  context: AppContext,
  query: AdminRedemptionListQuery,
): Promise<AdminRedemptionListResponse> {
  const { rows, total } = await selectRedemptions(context.db, {
    status: query.status,
    limit: EARLY_REDEMPTIONS_PAGE_SIZE,
    offset: (query.page - 1) * EARLY_REDEMPTIONS_PAGE_SIZE,
  });
  const redemptions: AdminRedemptionRow[] = [];
  for (const row of rows) redemptions.push(await toAdminRow(context, row));
  return {
    redemptions,
    page: query.page,
    page_size: EARLY_REDEMPTIONS_PAGE_SIZE,
    total,
    four_eyes_threshold: context.config.EARLY_REDEMPTION_FOUR_EYES_THRESHOLD,
    gate: await readGate(context.db),
  };
}

export async function approveRedemption(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
): Promise<AdminRedemptionRow> {
  const now = context.clock.now();
  const today = context.clock.today();
  const paymentDate = redemptionPaymentDate(today);
  let approved = false;
  await context.db.transaction(async (tx) => {
    const redemption = await lockRedemption(tx, id);
    if (!redemption) throw requestNotFound();
    if (redemption.status !== 'requested' && redemption.status !== 'first_approval')
      throw new AppError('conflict', { message: earlyRedemptionMessages.notPending });
    if (redemption.status === 'first_approval' && redemption.firstApprovedBy === admin.adminUserId)
      throw new AppError('forbidden', { message: earlyRedemptionMessages.sameApprover });
    const note = await readRedeemableNote(tx, { investmentId: redemption.investmentId, lock: true });
    if (!note) throw requestNotFound();
    const reason = unavailableReason(note, today);
    if (reason) throw new AppError('conflict', { message: reason });
    const before = { status: redemption.status, principal_amount: redemption.principal };
    if (redemption.status === 'requested' && needsTwoApprovals(context, redemption.principal)) {
      await markFirstApproval(tx, { id, adminId: admin.adminUserId, now });
      await recordAdminAudit(tx, {
        ...auditBy(admin),
        action: 'early_redemption.first_approval',
        target: { type: 'early_redemption', id },
        before,
        after: { status: 'first_approval', investment_id: note.id },
        at: now,
      });
      return;
    }
    await markApproved(tx, { id, adminId: admin.adminUserId, paymentDate, now });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'early_redemption.approve',
      target: { type: 'early_redemption', id },
      before,
      after: { status: 'approved', payment_date: paymentDate, investment_id: note.id },
      at: now,
    });
    await enqueueNotices(
      tx,
      [
        {
          investorId: redemption.investorId,
          ...redemptionApprovedMessage({
            investmentId: note.id,
            reference: purchaseReference(note.id),
            paymentDate,
          }),
        },
      ],
      now,
    );
    approved = true;
  });
  if (approved) noticeSenderOf(context).kick();
  return loadAdminRow(context, id);
}

export async function declineRedemption(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  reason: string,
): Promise<AdminRedemptionRow> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const redemption = await lockRedemption(tx, id);
    if (!redemption) throw requestNotFound();
    if (redemption.status !== 'requested' && redemption.status !== 'first_approval')
      throw new AppError('conflict', { message: earlyRedemptionMessages.notPending });
    await markDeclined(tx, { id, adminId: admin.adminUserId, reason, now });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'early_redemption.decline',
      target: { type: 'early_redemption', id },
      before: { status: redemption.status },
      after: { status: 'declined', reason },
      at: now,
    });
    await enqueueNotices(
      tx,
      [
        {
          investorId: redemption.investorId,
          ...redemptionDeclinedMessage({
            investmentId: redemption.investmentId,
            reference: purchaseReference(redemption.investmentId),
            reason,
          }),
        },
      ],
      now,
    );
  });
  noticeSenderOf(context).kick();
  return loadAdminRow(context, id);
}

export async function setRedemptionGate(
  context: AppContext,
  admin: AdminPrincipal,
  gate: RedemptionGate,
): Promise<RedemptionGate> {
  const now = context.clock.now();
  const next: RedemptionGate = { paused: gate.paused, message: gate.paused ? gate.message : '' };
  await context.db.transaction(async (tx) => {
    const before = await readGate(tx);
    await writeGate(tx, next, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'early_redemption.gate',
      target: { type: 'early_redemption_gate', id: null },
      before: { ...before },
      after: { ...next },
      at: now,
    });
  });
  return next;
}

export interface RedemptionPaymentLine {
  payment_date: IsoDate;
  requests: number;
  principal: string;
  interest: string;
  penalty: string;
  /** What leaves the platform's bank account that day, as quoted for the payment date. */
  amount_paid: string;
}

/**
 * A line source for the liquidity forecast (issue 27 section 1, branch liquidity): approved
 * early redemptions not yet paid, by payment date, each quoted for its payment date by the
 * same rules the payment uses. A whole Standard note's interest to that day goes by the
 * interest rail and is not in these lines.
 */
export async function approvedRedemptionsByPaymentDate(db: Executor): Promise<RedemptionPaymentLine[]> {
  const lines = new Map<
    IsoDate,
    { requests: number; principal: bigint; interest: bigint; penalty: bigint; paid: bigint }
  >();
  for (const row of await selectApprovedUnpaidRedemptions(db)) {
    const note = await readRedeemableNote(db, { investmentId: row.investment_id });
    if (note?.status !== 'active') continue;
    const quote = await quoteRedemption(db, note, {
      isWhole: row.is_whole,
      principal: row.is_whole ? wholeRedemptionPrincipal(note) : row.principal_amount,
      redemptionDate: row.payment_date,
    });
    const line = lines.get(row.payment_date) ?? {
      requests: 0,
      principal: 0n,
      interest: 0n,
      penalty: 0n,
      paid: 0n,
    };
    line.requests += 1;
    line.principal += cents(quote.principal_redeemed);
    line.interest += cents(quote.interest_paid);
    line.penalty += cents(quote.penalty);
    line.paid += cents(quote.amount_paid);
    lines.set(row.payment_date, line);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, line]) => ({
      payment_date: date,
      requests: line.requests,
      principal: centsToMoney(line.principal),
      interest: centsToMoney(line.interest),
      penalty: centsToMoney(line.penalty),
      amount_paid: centsToMoney(line.paid),
    }));
}
