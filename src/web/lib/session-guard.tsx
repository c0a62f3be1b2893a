/**
 * Guards a page by session and onboarding state with the one route table of PRODUCT.md 5
 * (src/shared/auth/next-screen.ts). Wrap a route's element in the router:
 *
 *   <Route path="transfer" element={<SessionGuard page="portal"><TransferPage /></SessionGuard>} />
 *
 * Portal pages send visitors without a session to /login?next=<path> and back after sign-in.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type GuardedPage, guardRedirect } from '../../shared/auth/next-screen';
import { LoadingState } from '../components/ui/feedback';
import { accountStateOf, useSession } from './session';

export function SessionGuard({ page, children }: { page: GuardedPage; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <LoadingState />;
  const state = session.investor ? accountStateOf(session.investor) : null;
  const target = guardRedirect(page, state, `${location.pathname}${location.search}`);
  if (target && target !== location.pathname) return <Navigate to={target} replace />;
  return <>{children}</>;
}
