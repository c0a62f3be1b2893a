/**
 * The signed-in investor for every part of the web app (header, guards, portal, auth pages).
 * One small store over GET /api/session, shared by all components without a query library,
 * so the landing chunk stays small.
 *
 *   const { isLoading, isAuthenticated, investor } = useSession();
 *   await refreshSession();   // after a sign-in step changed the session
 *   await signOut();          // ends the session on the server
 */
import { useSyncExternalStore } from 'react';
import type { SessionInvestor, SessionResponse } from '../../shared/auth/contracts';
import type { AccountState } from '../../shared/auth/next-screen';
import { pageDataUrls } from '../../shared/pages/route-preloads';
import { apiRequest, callFunction } from './api-client';
import { forgetKeptPages } from './service-worker-registration';

export type { SessionInvestor };

export interface SessionSnapshot {
  isLoading: boolean;
  isAuthenticated: boolean;
  /** A correct password was given and the SMS code is awaited. */
  isPendingSecondFactor: boolean;
  phoneMask: string | null;
  investor: SessionInvestor | null;
  /** Set while the taxpayer ID on file awaits its W-9 certification (decision 1912). */
  tinCertificationNeeded: SessionResponse['tin_certification_needed'];
  error: string | null;
}

const signedOut: SessionSnapshot = {
  isLoading: false,
  isAuthenticated: false,
  isPendingSecondFactor: false,
  phoneMask: null,
  investor: null,
  tinCertificationNeeded: null,
  error: null,
};

let snapshot: SessionSnapshot = { ...signedOut, isLoading: true };
let hasLoaded = false;
/** Each read gets a number; only the newest read's answer is published (an older one may predate a sign-in). */
let latestRead = 0;
let latestPromise: Promise<SessionSnapshot> = Promise.resolve(signedOut);
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

function fromResponse(response: SessionResponse): SessionSnapshot {
  return {
    isLoading: false,
    isAuthenticated: response.authenticated,
    isPendingSecondFactor: response.pending_second_factor,
    phoneMask: response.phone_mask,
    investor: response.investor,
    tinCertificationNeeded: response.tin_certification_needed ?? null,
    error: null,
  };
}

async function readSession(): Promise<SessionSnapshot> {
  try {
    const next = fromResponse(await apiRequest<SessionResponse>(pageDataUrls.session));
    // A page drawn from the worker's signed-in copy, but the session has ended (decision 1974).
    if (!next.isAuthenticated && !next.isPendingSecondFactor) forgetKeptPages(pageDataUrls.session);
    return next;
  } catch (error) {
    return { ...signedOut, error: error instanceof Error ? error.message : 'Failed to load the session' };
  }
}

/** Reads the session from the server again (after sign-in, a finished step or sign-out). */
export function refreshSession(): Promise<SessionSnapshot> {
  latestRead += 1;
  const read = latestRead;
  const promise: Promise<SessionSnapshot> = readSession().then((next) => {
    // A newer read started meanwhile (perhaps after a sign-in): its answer is the one that counts.
    if (read !== latestRead) return latestPromise;
    hasLoaded = true;
    publish(next);
    return next;
  });
  latestPromise = promise;
  return promise;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!hasLoaded && latestRead === 0) void refreshSession();
  return () => listeners.delete(listener);
}

export function useSession(): SessionSnapshot {
  const read = () => snapshot;
  // The server renders with the snapshot its reads left (decision 1985), and hydration reads the same.
  return useSyncExternalStore(subscribe, read, read);
}

/** Ends the session on the server and forgets it here; a failed logout call is only logged (investor spec 8). */
export async function signOut(): Promise<void> {
  try {
    await callFunction('auth-logout', {});
  } catch (error) {
    console.error('Logout failed', error);
  } finally {
    forgetKeptPages();
    latestRead += 1;
    latestPromise = Promise.resolve(signedOut);
    hasLoaded = true;
    publish(signedOut);
  }
}

/** What the shared route table (src/shared/auth/next-screen.ts) needs to know. */
export function accountStateOf(investor: SessionInvestor): AccountState {
  return {
    emailVerified: investor.email_verified,
    phoneVerified: investor.phone_verified,
    passwordSet: investor.password_set,
    status: investor.status,
    hasVerifiedBankAccount: investor.has_verified_bank_account,
  };
}
