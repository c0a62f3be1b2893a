/**
 * The link token the browser holds during the wizard: the provider's own token sealed with
 * who asked for it, in which session, whether it replaces a verified account, and until when.
 * The provider's token never reaches the browser, and a token cannot be used by another
 * investor or outlive its half hour.
 */
import type { BankProviderKind } from '../../../shared/banking/contracts';
import { openSealedValue, sealValue } from '../../security/sealed-values';

const LINK_SESSION_KIND = 'bank-link-session';
export const LINK_SESSION_MINUTES = 30;

export interface LinkSession {
  provider: BankProviderKind;
  providerLinkToken: string;
  userId: string;
  investorId: string;
  sessionId: string;
  isBankChange: boolean;
  expiresAt: Date;
}

export function sealLinkSession(key: Buffer, session: LinkSession): string {
  return sealValue(key, LINK_SESSION_KIND, {
    provider: session.provider,
    token: session.providerLinkToken,
    user: session.userId,
    investor: session.investorId,
    session: session.sessionId,
    change: session.isBankChange,
    exp: session.expiresAt.getTime(),
  });
}

export type OpenedLinkSession =
  | { ok: true; session: LinkSession }
  | { ok: false; reason: 'invalid' | 'expired' };

export function openLinkSession(key: Buffer, sealed: string, now: Date): OpenedLinkSession {
  const value = openSealedValue(key, LINK_SESSION_KIND, sealed);
  if (
    !value ||
    (value.provider !== 'sandbox' && value.provider !== 'plaid') ||
    typeof value.token !== 'string' ||
    typeof value.user !== 'string' ||
    typeof value.investor !== 'string' ||
    typeof value.session !== 'string' ||
    typeof value.change !== 'boolean' ||
    typeof value.exp !== 'number'
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (value.exp <= now.getTime()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    session: {
      provider: value.provider,
      providerLinkToken: value.token,
      userId: value.user,
      investorId: value.investor,
      sessionId: value.session,
      isBankChange: value.change,
      expiresAt: new Date(value.exp),
    },
  };
}
