/**
 * The investor's bank accounts after linking (spec 4): micro-deposit verification (three
 * wrong tries -> failed), asking the provider about a pending account, and dropping a
 * replacement that is no longer wanted. Every call is scoped to the signed-in investor: an
 * id of someone else's account is "not found".
 */
import {
  MICRO_DEPOSIT_MAX_ATTEMPTS,
  microDepositsMatch,
  type verifyMicroDepositsRequest,
} from '../../../shared/banking/micro-deposits';
import { bankMessages } from '../../../shared/banking/messages';
import { AppError } from '../../../shared/errors/app-error';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { decryptField } from '../../security/field-encryption';
import { enforceRateLimit } from '../../security/rate-limiter';
import { announceVerification } from './account-verified';
import { promoteToPrimary } from './bank-link-service';
import { bankingLimits, tooManyAttempts } from './banking-limits';
import {
  type BankAccountRow,
  listCurrentBankAccounts,
  lockBankAccount,
  retireBankAccount,
  updateBankAccount,
} from './repository';

export async function listBankAccounts(context: AppContext, investorId: string): Promise<BankAccountRow[]> {
  return listCurrentBankAccounts(context.db, investorId);
}

function notFound(): AppError {
  return new AppError('not_found', { message: bankMessages.accountNotFound });
}

export type MicroDepositOutcome =
  | { outcome: 'verified'; account: BankAccountRow }
  | { outcome: 'mismatch'; account: BankAccountRow; attemptsLeft: number }
  | { outcome: 'failed'; account: BankAccountRow };

export async function verifyMicroDeposits(
  context: AppContext,
  investorId: string,
  bankAccountId: string,
  amounts: z.output<typeof verifyMicroDepositsRequest>,
): Promise<MicroDepositOutcome> {
  const now = context.clock.now();
  await enforceRateLimit(context.db, bankingLimits.microDepositChecks, investorId, now, tooManyAttempts);
  const result = await context.db.transaction(async (tx): Promise<MicroDepositOutcome> => {
    const account = await lockBankAccount(tx, investorId, bankAccountId);
    if (!account) throw notFound();
    if (
      account.verificationStatus !== 'micro_deposits_pending' ||
      !account.microDeposit1 ||
      !account.microDeposit2
    ) {
      throw new AppError('conflict', { message: bankMessages.notAwaitingMicroDeposits });
    }
    if (
      microDepositsMatch([amounts.amount_1, amounts.amount_2], [account.microDeposit1, account.microDeposit2])
    ) {
      const verified = await updateBankAccount(tx, account.id, {
        verificationStatus: 'verified',
        verifiedAt: now,
        updatedAt: now,
      });
      return { outcome: 'verified', account: await promoteToPrimary(tx, verified, now) };
    }
    const attempts = account.microDepositFailedAttempts + 1;
    const isExhausted = attempts >= MICRO_DEPOSIT_MAX_ATTEMPTS;
    const updated = await updateBankAccount(tx, account.id, {
      microDepositFailedAttempts: attempts,
      ...(isExhausted ? { verificationStatus: 'failed' } : {}),
      updatedAt: now,
    });
    return isExhausted
      ? { outcome: 'failed', account: updated }
      : { outcome: 'mismatch', account: updated, attemptsLeft: MICRO_DEPOSIT_MAX_ATTEMPTS - attempts };
  });
  context.log.info(
    { investorId, bankAccountId, outcome: result.outcome },
    'micro-deposit verification attempt',
  );
  if (result.outcome === 'verified') {
    await announceVerification(context, investorId, {
      verified: 'bank_account',
      institutionName: result.account.institutionName,
      bankLastFour: result.account.accountLastFour,
    });
  }
  return result;
}

/** Asks the provider whether a pending account was verified since it was linked. */
export async function refreshVerification(
  context: AppContext,
  investorId: string,
  bankAccountId: string,
): Promise<BankAccountRow> {
  const now = context.clock.now();
  await enforceRateLimit(context.db, bankingLimits.verificationRefreshes, investorId, now, tooManyAttempts);
  const account = (await listCurrentBankAccounts(context.db, investorId)).find(
    (entry) => entry.id === bankAccountId,
  );
  if (!account) throw notFound();
  if (account.verificationStatus !== 'pending') return account;
  const provider = context.providers.bankConnection;
  if (account.provider !== provider.kind) return account;
  let status: Awaited<ReturnType<typeof provider.refreshVerification>>;
  try {
    status = await provider.refreshVerification({
      accessToken: account.accessTokenEncrypted
        ? decryptField(context.config.fieldEncryptionKey, account.accessTokenEncrypted)
        : null,
      providerAccountId: account.providerAccountId,
    });
  } catch (error) {
    context.log.warn(
      { investorId, bankAccountId, detail: (error as Error).message },
      'verification refresh failed',
    );
    throw new AppError('unavailable', { status: 502, message: bankMessages.refreshFailed });
  }
  if (status === null || status === 'pending') return account;
  const updated = await context.db.transaction(async (tx) => {
    const locked = await lockBankAccount(tx, investorId, bankAccountId);
    if (locked?.verificationStatus !== 'pending') return locked ?? account;
    const changed = await updateBankAccount(tx, locked.id, {
      verificationStatus: status,
      verifiedAt: status === 'verified' ? now : null,
      updatedAt: now,
    });
    return status === 'verified' ? promoteToPrimary(tx, changed, now) : changed;
  });
  if (updated.verificationStatus === 'verified') {
    await announceVerification(context, investorId, {
      verified: 'bank_account',
      institutionName: updated.institutionName,
      bankLastFour: updated.accountLastFour,
    });
  }
  return updated;
}

/** Drops a replacement account (pending, failed or abandoned); the primary stays until replaced. */
export async function removeBankAccount(
  context: AppContext,
  investorId: string,
  bankAccountId: string,
): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const account = await lockBankAccount(tx, investorId, bankAccountId);
    if (!account) throw notFound();
    if (account.isPrimary) throw new AppError('conflict', { message: bankMessages.cannotRemovePrimary });
    await retireBankAccount(tx, account.id, now);
  });
}
