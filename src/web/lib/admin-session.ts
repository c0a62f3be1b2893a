/**
 * The admin session as the web app sees it. The credential is the http-only cookie, which
 * scripts never see. What is kept here:
 * - the signed-in admin (name and role for the top bar), cached in localStorage so a reload
 *   can draw the page at once; an unreadable cache counts as signed out;
 * - the CSRF token for `x-admin-token`, in memory only; a reload asks the server for it again
 *   (GET /api/admin/session) with the cookie.
 */
import { useSyncExternalStore } from 'react';
import type { AdminProfile } from '../../shared/admin/auth-contracts';
import { isAdminProfileShape } from '../../shared/admin/permissions';
import { pageDataUrls } from '../../shared/pages/route-preloads';
import { ApiError, apiRequest } from './api-client';
import { forgetKeptPages } from './service-worker-registration';

const STORAGE_KEY = 'steadyline.admin';

export interface AdminSessionState {
  admin: AdminProfile | null;
  token: string | null;
}

let state: AdminSessionState = { admin: readStoredAdmin(), token: null };
const listeners = new Set<() => void>();

function readStoredAdmin(): AdminProfile | null {
  try {
    const text = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    return isAdminProfileShape(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function publish(next: AdminSessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The cached admin, read again from storage (another tab may have signed out). */
export function readCachedAdmin(): AdminProfile | null {
  const admin = readStoredAdmin();
  if (admin?.id !== state.admin?.id || admin?.role !== state.admin?.role)
    publish({ admin, token: admin ? state.token : null });
  return admin;
}

export function rememberAdminSession(admin: AdminProfile, token: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(admin));
  } catch {
    // Private browsing can refuse storage; the session still works until the page reloads.
  }
  publish({ admin, token });
}

export function forgetAdminSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing cached to remove.
  }
  publish({ admin: null, token: null });
}

export function adminToken(): string | null {
  return state.token;
}

export function currentAdminSession(): AdminSessionState {
  return state;
}

let restoring: Promise<AdminProfile | null> | null = null;

function isSessionBody(value: unknown): value is { token: string; admin: AdminProfile } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.token === 'string' && isAdminProfileShape(record.admin);
}

/**
 * Confirms the cookie with the server and loads the CSRF token. Answers null (and forgets the
 * cache) when the session has ended; network failures are thrown so the caller can say so.
 */
export function restoreAdminSession(): Promise<AdminProfile | null> {
  restoring ??= apiRequest<unknown>(pageDataUrls.adminSession)
    .then((body) => {
      if (!isSessionBody(body)) throw new Error('Unexpected admin session answer');
      rememberAdminSession(body.admin, body.token);
      return body.admin;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        forgetAdminSession();
        // A page drawn from the worker's signed-in copy, but the session has ended (decision 1974).
        forgetKeptPages(pageDataUrls.adminSession);
        return null;
      }
      throw error;
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAdminSession(): AdminSessionState {
  return useSyncExternalStore(subscribe, currentAdminSession, currentAdminSession);
}
