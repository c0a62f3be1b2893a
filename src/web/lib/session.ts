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
import { apiRequest, callFunction } from './api-client';

export type { SessionInvestor };

export interface SessionSnapshot {
  isLoading: boolean;
  isAuthenticated: boolean;
  /** A correct password was given and the SMS code is awaited. */
  isPendingSecondFactor: boolean;
  phoneMask: string | null;
  investor: SessionInvestor | null;
  error: string | null;
}

const signedOut: SessionSnapshot = {
  isLoading: false,
  isAuthenticated: false,
  isPendingSecondFactor: false,
  phoneMask: null,
  investor: null,
  error: null,
};

let snapshot: SessionSnapshot = { ...signedOut, isLoading: true };
let inFlight: Promise<SessionSnapshot> | null = null;
let hasLoaded = false;
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
    error: null,
  };
}

/** Reads the session from the server again (after sign-in, a finished step or sign-out). */
export function refreshSession(): Promise<SessionSnapshot> {
  inFlight ??= apiRequest<SessionResponse>('/api/session')
    .then((response) => fromResponse(response))
    .catch((error: unknown) => ({
      ...signedOut,
      error: error instanceof Error ? error.message : 'Failed to load the session',
    }))
    .then((next) => {
      hasLoaded = true;
      inFlight = null;
      publish(next);
      return next;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!hasLoaded && !inFlight) void refreshSession();
  return () => listeners.delete(listener);
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Ends the session on the server and forgets it here. */
export async function signOut(): Promise<void> {
  try {
    await callFunction('auth-logout', {});
  } finally {
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
