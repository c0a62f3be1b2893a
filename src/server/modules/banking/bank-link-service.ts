/**
 * Linking a bank account (spec 4 and 7, PRODUCT.md 23): a link session from the
 * bank-connection provider, then the chosen account stored with its numbers encrypted.
 * The first account becomes primary at once. A bank change (a verified primary exists)
 * needs a fresh SMS code first, and the old account stays primary until the new one is
 * verified; it is then retired (soft-deleted), so old payments still point at it.
 */
import type { FastifyRequest } from 'fastify';
import type { ExchangeRequest, LinkTokenResponse } from '../../../shared/banking/contracts';
import { bankMessages } from '../../../shared/banking/messages';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { BankConnectionError, type LinkedBankAccount } from '../../providers/bank-connection';
import { encryptField } from '../../security/field-encryption';
import { enforceRateLimit } from '../../security/rate-limiter';
import { authMessages } from '../auth/messages';
import { type InvestorSession, requireStepUp } from '../auth/session-guard';
import { announceVerification } from './account-verified';
import { bankingLimits, tooManyAttempts } from './banking-limits';
import { isIdentityApproved } from './identity-service';
import { LINK_SESSION_MINUTES, openLinkSession, sealLinkSession } from './link-session';
import {
  type BankAccountRow,
  insertBankAccount,
  listCurrentBankAccounts,
  lockInvestorBanking,
  retireBankAccount,
  updateBankAccount,
} from './repository';

export const SETTINGS_RETURN_PATH = '/settings';
export const LINK_COMPLETION_PATH = '/bank-link/return';
export const SANDBOX_LINK_PATH = '/sandbox/bank-link';

function assertOwnUser(requested: string | undefined, own: string): void {
  if (requested !== undefined && requested !== '' && requested !== own) {
    throw new AppError('forbidden', { message: authMessages.wrongUser });
  }
}

/** The OAuth return page: the caller's own same-origin URL, or /settings (spec 7). */
function returnUriFor(context: AppContext, requested: string | undefined): string {
  const fallback = `${context.config.appUrl}${SETTINGS_RETURN_PATH}`;
  if (!requested) return fallback;
  try {
    const url = new URL(requested, context.config.appUrl);
    return url.origin === new URL(context.config.appUrl).origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

function isVerifiedPrimary(account: BankAccountRow | undefined): boolean {
  return account?.isPrimary === true && account.verificationStatus === 'verified';
}

export async function createLinkToken(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
  body: { user_id?: string; redirect_uri?: string },
): Promise<LinkTokenResponse> {
  assertOwnUser(body.user_id, session.userId);
  if (!(await isIdentityApproved(context, session.investorId))) {
    throw new AppError('forbidden', { message: bankMessages.identityRequired });
  }
  const current = await listCurrentBankAccounts(context.db, session.investorId);
  const isBankChange = isVerifiedPrimary(current.find((account) => account.isPrimary));
  if (isBankChange) await requireStepUp(context, request);
  const now = context.clock.now();
  await enforceRateLimit(context.db, bankingLimits.linkSessions, session.investorId, now, tooManyAttempts);

  const provider = context.providers.bankConnection;
  let start: Awaited<ReturnType<typeof provider.createLinkSession>>;
  try {
    start = await provider.createLinkSession({
      clientUserId: session.userId,
      clientName: context.config.BRAND_NAME,
      redirectUri: returnUriFor(context, body.redirect_uri),
      completionRedirectUri: `${context.config.appUrl}${LINK_COMPLETION_PATH}`,
    });
  } catch (error) {
    context.log.warn(
      {
        err: error instanceof BankConnectionError ? { message: error.message } : error,
        investorId: session.investorId,
      },
      'link token creation failed',
    );
    throw new AppError('unavailable', { status: 502, message: bankMessages.failedToCreateLinkToken });
  }
  const ourLimit = new Date(now.getTime() + LINK_SESSION_MINUTES * 60_000);
  const expiresAt = start.expiresAt && start.expiresAt < ourLimit ? start.expiresAt : ourLimit;
  const linkToken = sealLinkSession(context.config.fieldEncryptionKey, {
    provider: provider.kind,
    providerLinkToken: start.providerLinkToken,
    userId: session.userId,
    investorId: session.investorId,
    sessionId: session.sessionId,
    isBankChange,
    expiresAt,
  });
  const linkUrl =
    start.hostedLinkUrl ??
    (provider.kind === 'sandbox' ? `${SANDBOX_LINK_PATH}?link_token=${encodeURIComponent(linkToken)}` : null);
  return {
    link_token: linkToken,
    link_url: linkUrl,
    expiration: expiresAt.toISOString(),
    provider: provider.kind,
    provider_name: provider.displayName,
    is_bank_change: isBankChange,
    error: null,
    error_code: null,
  };
}

function providerFailure(context: AppContext, investorId: string, error: BankConnectionError): AppError {
  context.log.warn({ investorId, reason: error.reason, detail: error.message }, 'bank link exchange failed');
  if (error.reason === 'unsupported_account') {
    return new AppError('bad_request', { status: 422, message: bankMessages.unsupportedAccountType });
  }
  if (error.reason === 'provider_error') {
    return new AppError('unavailable', { status: 502, message: bankMessages.failedToLink });
  }
  return new AppError('bad_request', { message: bankMessages.failedToLink });
}

/** Makes a verified replacement the primary account and retires the one it replaces. */
export async function promoteToPrimary(
  tx: Transaction,
  account: BankAccountRow,
  now: Date,
): Promise<BankAccountRow> {
  if (account.isPrimary) return account;
  const current = await listCurrentBankAccounts(tx, account.investorId);
  for (const other of current) {
    if (other.id !== account.id && other.isPrimary) await retireBankAccount(tx, other.id, now);
  }
  return updateBankAccount(tx, account.id, { isPrimary: true, updatedAt: now });
}

async function storeLinkedAccount(
  context: AppContext,
  input: { investorId: string; linked: LinkedBankAccount; isBankChangeApproved: boolean },
): Promise<{ account: BankAccountRow; isNewlyVerified: boolean }> {
  const { investorId, linked } = input;
  const now = context.clock.now();
  const key = context.config.fieldEncryptionKey;
  const provider = context.providers.bankConnection.kind;
  return context.db.transaction(async (tx) => {
    await lockInvestorBanking(tx, investorId);
    const current = await listCurrentBankAccounts(tx, investorId);
    const same = current.find(
      (account) => account.provider === provider && account.providerAccountId === linked.providerAccountId,
    );
    if (same && same.verificationStatus !== 'failed') return { account: same, isNewlyVerified: false };

    const primary = current.find((account) => account.isPrimary);
    const keepsPrimary = isVerifiedPrimary(primary);
    if (keepsPrimary && !input.isBankChangeApproved) {
      throw new AppError('step_up_required', { message: authMessages.stepUpRequired });
    }
    // A change keeps the verified primary; anything else in the way (an unverified or failed
    // account, an earlier replacement still pending) is retired now.
    for (const account of current) {
      if (!(keepsPrimary && account.id === primary?.id)) await retireBankAccount(tx, account.id, now);
    }
    const verification = linked.verification;
    const isVerified = verification.status === 'verified';
    let account = await insertBankAccount(tx, {
      investorId,
      provider,
      providerItemId: linked.itemId,
      providerAccountId: linked.providerAccountId,
      accessTokenEncrypted: linked.accessToken ? encryptField(key, linked.accessToken) : null,
      institutionName: linked.institutionName,
      institutionLogo: linked.institutionLogo,
      accountType: linked.accountType,
      accountName: linked.accountName,
      accountLastFour: linked.accountLastFour,
      accountNumberEncrypted: linked.accountNumber ? encryptField(key, linked.accountNumber) : null,
      routingNumber: linked.routingNumber,
      isPrimary: !keepsPrimary,
      verificationStatus: verification.status,
      microDeposit1: verification.status === 'micro_deposits_pending' ? verification.amounts[0] : null,
      microDeposit2: verification.status === 'micro_deposits_pending' ? verification.amounts[1] : null,
      replacesBankAccountId: keepsPrimary ? (primary?.id ?? null) : null,
      linkedAt: now,
      verifiedAt: isVerified ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    if (isVerified) account = await promoteToPrimary(tx, account, now);
    return { account, isNewlyVerified: isVerified };
  });
}

export async function exchangeLink(
  context: AppContext,
  session: InvestorSession,
  body: ExchangeRequest,
): Promise<BankAccountRow> {
  const now = context.clock.now();
  const opened = openLinkSession(context.config.fieldEncryptionKey, body.link_token, now);
  if (!opened.ok) {
    throw new AppError('bad_request', {
      message: opened.reason === 'expired' ? bankMessages.linkSessionExpired : bankMessages.failedToLink,
    });
  }
  const link = opened.session;
  if (link.userId !== session.userId || link.investorId !== session.investorId) {
    throw new AppError('forbidden', { message: authMessages.wrongUser });
  }
  assertOwnUser(body.investor_id, session.investorId);
  const provider = context.providers.bankConnection;
  if (link.provider !== provider.kind)
    throw new AppError('bad_request', { message: bankMessages.failedToLink });
  await enforceRateLimit(context.db, bankingLimits.linkExchanges, session.investorId, now, tooManyAttempts);

  let linked: LinkedBankAccount;
  try {
    linked = await provider.completeLink({
      providerLinkToken: link.providerLinkToken,
      clientUserId: session.userId,
      publicToken: body.public_token ?? null,
      accountId: body.account_id ?? null,
    });
  } catch (error) {
    if (error instanceof BankConnectionError) throw providerFailure(context, session.investorId, error);
    throw error;
  }
  const { account, isNewlyVerified } = await storeLinkedAccount(context, {
    investorId: session.investorId,
    linked,
    // The change was approved by the step-up that opened this link session, in this session.
    isBankChangeApproved: link.isBankChange && link.sessionId === session.sessionId,
  });
  context.log.info(
    { investorId: session.investorId, bankAccountId: account.id, status: account.verificationStatus },
    'bank account linked',
  );
  if (isNewlyVerified) {
    await announceVerification(context, session.investorId, {
      verified: 'bank_account',
      institutionName: account.institutionName,
      bankLastFour: account.accountLastFour,
    });
  }
  return account;
}
