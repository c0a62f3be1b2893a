/**
 * /transfer (PRODUCT.md 19): what is available to withdraw, transfer requests paid at the
 * end of the quarter (with a fresh SMS code), and their cancellation until paid.
 */
import type { FastifyRequest } from 'fastify';
import { endOfQuarter } from '../../../shared/dates/calendar-date';
import { AppError } from '../../../shared/errors/app-error';
import { centsToMoney, parseMoneyToCents, toMoneyString } from '../../../shared/money/decimal-string';
import {
  type TransferSummaryResponse,
  transferMessages,
  type WithdrawalResponse,
  type WithdrawalRow,
} from '../../../shared/transfers/transfer-contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { type IdempotentOutcome, runIdempotently } from '../../http/idempotency';
import { enforceRateLimit } from '../../security/rate-limiter';
import { requireStepUp } from '../auth/session-guard';
import { insertPendingWithdrawal } from '../money/withdrawal-repository';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import { noticeSenderOf } from '../notifications/notice-sender';
import type { TransactionalMessage } from '../notifications/transactional-templates';
import {
  cancelPendingWithdrawal,
  findPrimaryVerifiedBank,
  findWithdrawal,
  listWithdrawals,
  lockInvestor,
  readAvailableFunds,
  type WithdrawalListRow,
} from './repository';
import { withdrawalCancelledMessage, withdrawalRequestedMessage } from './transfer-notices';

const transferRequestsPerInvestor = { name: 'transfer:investor', limit: 20, windowSeconds: 3600 };

export function toWithdrawalRow(row: WithdrawalListRow): WithdrawalRow {
  return { ...row, amount: toMoneyString(row.amount), is_cancellable: row.status === 'pending' };
}

/** Available = Standard past lock-up + matured High-Yield - pending transfers, never below zero. */
export async function availableToWithdrawCents(db: Executor, investorId: string, today: string) {
  const funds = await readAvailableFunds(db, investorId, today);
  const cents = (value: string) => parseMoneyToCents(toMoneyString(value)) ?? 0n;
  const gross = cents(funds.standard_available) + cents(funds.matured_high_yield);
  const available = gross - cents(funds.pending_withdrawals);
  return { funds, available: available > 0n ? available : 0n };
}

export async function getTransferSummary(
  context: AppContext,
  investorId: string,
): Promise<TransferSummaryResponse> {
  const today = context.clock.today();
  const { funds, available } = await availableToWithdrawCents(context.db, investorId, today);
  const destination = await findPrimaryVerifiedBank(context.db, investorId);
  const withdrawals = await listWithdrawals(context.db, investorId);
  return {
    available_to_withdraw: centsToMoney(available),
    standard_available: toMoneyString(funds.standard_available),
    matured_high_yield: toMoneyString(funds.matured_high_yield),
    pending_withdrawals: toMoneyString(funds.pending_withdrawals),
    destination,
    next_payment_date: endOfQuarter(today),
    today,
    withdrawals: withdrawals.map(toWithdrawalRow),
  };
}

/** An amount the investor typed, in cents, if it is a positive amount with at most two decimals. */
export function positiveCents(amount: string): bigint | null {
  const cents = parseMoneyToCents(amount);
  return cents !== null && cents > 0n ? cents : null;
}

/** The investor's notice, queued in the transaction of what it tells (decision 1311). */
function queueNotice(tx: Executor, investorId: string, message: TransactionalMessage, now: Date) {
  return enqueueNotices(tx, [{ investorId, ...message }], now);
}

export async function requestWithdrawal(
  context: AppContext,
  request: FastifyRequest,
  input: { key: string; amount: string },
): Promise<IdempotentOutcome<WithdrawalResponse>> {
  const { investorId } = await requireStepUp(context, request);
  const now = context.clock.now();
  const today = context.clock.today();
  const outcome = await runIdempotently<WithdrawalResponse>(
    context.db,
    {
      scope: `withdrawal:${investorId}`,
      key: input.key,
      fingerprint: { amount: input.amount },
      now,
      messages: { inProgress: transferMessages.inProgress, keyReused: transferMessages.inProgress },
      // A retry of a completed key gets its stored answer, not 429 (decision 1323).
      admit: () =>
        enforceRateLimit(
          context.db,
          transferRequestsPerInvestor,
          investorId,
          now,
          'Too many transfer requests.',
        ),
    },
    async (tx) => {
      const cents = positiveCents(input.amount);
      if (cents === null) throw new AppError('validation_failed', { message: transferMessages.validAmount });
      await lockInvestor(tx, investorId);
      const destination = await findPrimaryVerifiedBank(tx, investorId);
      if (!destination) throw new AppError('conflict', { message: transferMessages.noBankAccount });
      const { available } = await availableToWithdrawCents(tx, investorId, today);
      if (cents > available)
        throw new AppError('validation_failed', { message: transferMessages.aboveAvailable });
      const withdrawalId = await insertPendingWithdrawal(tx, {
        investorId,
        bankAccountId: destination.id,
        amount: centsToMoney(cents),
        requestedOn: today,
        now,
        idempotencyKey: input.key,
      });
      const withdrawal = toWithdrawalRow((await findWithdrawal(tx, investorId, withdrawalId))!);
      await queueNotice(
        tx,
        investorId,
        withdrawalRequestedMessage(context.config.BRAND_NAME, {
          amount: withdrawal.amount,
          paidOn: withdrawal.scheduled_for,
          bankLastFour: withdrawal.bank_last_four ?? '',
        }),
        now,
      );
      return { status: 201, body: { withdrawal } };
    },
  );
  if (!outcome.replayed) noticeSenderOf(context).kick();
  return outcome;
}

export async function cancelWithdrawal(
  context: AppContext,
  investorId: string,
  withdrawalId: string,
): Promise<WithdrawalResponse> {
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const cancelled = await cancelPendingWithdrawal(tx, { investorId, withdrawalId, now });
    const found = await findWithdrawal(tx, investorId, withdrawalId);
    if (!found) throw new AppError('not_found', { message: transferMessages.notFound });
    if (!cancelled) throw new AppError('conflict', { message: transferMessages.notCancellable });
    await queueNotice(tx, investorId, withdrawalCancelledMessage(found.amount), now);
    return found;
  });
  noticeSenderOf(context).kick();
  return { withdrawal: toWithdrawalRow(row) };
}
