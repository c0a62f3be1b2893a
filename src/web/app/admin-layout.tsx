import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { type AdminAction, type AdminRole, can, roleLabel } from '../../shared/admin/permissions';
import { Button } from '../components/ui/button';
import { ErrorState, LoadingState } from '../components/ui/feedback';
import { Logo } from '../components/ui/logo';
import { LiquidityAlertBanner } from '../features/admin-liquidity/liquidity-alert-banner';
import { signOutAdmin } from '../lib/admin-api';
import { readCachedAdmin, restoreAdminSession, useAdminSession } from '../lib/admin-session';
import { hasFirstAnswer } from '../lib/first-answers';
import { serverRenderContext } from '../lib/server-render-context';
import { pageDataUrls } from '../../shared/pages/route-preloads';
import { ApiError } from '../lib/api-client';
import { appConfig } from '../lib/app-config';
import './admin.css';

const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    },
  },
});

/**
 * The admin session and a page's first data, read before the page's first render (decision
 * 1974), so the page renders once with its content instead of a spinner while the session is
 * confirmed, then the page, then its figures. Only with an admin cached here (otherwise the
 * page goes to sign in); failures are left to the layout and the page to show.
 */
export function loadAdminFirstData(
  prefetchPage: (queryClient: QueryClient) => Promise<unknown>,
): Promise<unknown> {
  // Signed in as far as this browser knows, or asked by the server, which has the cookie, or
  // carrying the server's answer to that question in a page it rendered (decision 1985).
  const mayBeSignedIn =
    readCachedAdmin() !== null || serverRenderContext() !== null || hasFirstAnswer(pageDataUrls.adminSession);
  if (!mayBeSignedIn) return Promise.resolve();
  return Promise.allSettled([restoreAdminSession(), prefetchPage(adminQueryClient)]);
}

/** The top bar's pages; a page whose `action` the role may not perform is not offered. */
const adminNav: readonly { to: string; label: string; action?: AdminAction }[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/offerings', label: 'Offerings', action: 'offerings:view' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/jobs', label: 'Jobs' },
  { to: '/admin/notifications', label: 'Notifications' },
  { to: '/admin/audit', label: 'Audit', action: 'audit:view' },
  { to: '/admin/admins', label: 'Staff', action: 'admins:manage' },
  { to: '/admin/approvals', label: 'Approvals', action: 'adjustments:view' },
  { to: '/admin/tax', label: 'Tax forms', action: 'tax:view' },
  { to: '/admin/liquidity', label: 'Liquidity', action: 'liquidity:view' },
  { to: '/admin/print-queue', label: 'Print queue', action: 'paper-mail:view' },
];

type Check = 'checking' | 'ready' | 'unreachable';

/**
 * Every admin page: the top bar (admin spec 2) over the page. Without a cached admin (or with
 * an unreadable one) the page goes to /admin/login at once; otherwise the session cookie is
 * confirmed with the server before the page loads its data.
 */
export function AdminLayout() {
  const { admin, token } = useAdminSession();
  const [check, setCheck] = useState<Check>(() => (token ? 'ready' : 'checking'));
  const location = useLocation();

  const confirmSession = useCallback(() => {
    setCheck('checking');
    restoreAdminSession()
      .then(() => setCheck('ready'))
      .catch(() => setCheck('unreachable'));
  }, []);

  useEffect(() => {
    if (readCachedAdmin() && !token) confirmSession();
  }, [token, confirmSession]);

  if (!admin) {
    return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  }
  return (
    <QueryClientProvider client={adminQueryClient}>
      <div className="admin-shell">
        <a href="#admin-main" className="skip-link">
          Skip to content
        </a>
        <AdminTopBar firstName={admin.first_name} lastName={admin.last_name} role={admin.role} />
        {check === 'ready' && token ? <LiquidityAlertBanner role={admin.role} /> : null}
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {check === 'ready' && token ? (
            <Outlet />
          ) : check === 'unreachable' ? (
            <div className="container">
              <ErrorState title="Cannot reach the server" message="Check your connection, then try again." />
              <div className="row row-center">
                <Button variant="secondary" onClick={confirmSession}>
                  Try again
                </Button>
              </div>
            </div>
          ) : (
            <LoadingState />
          )}
        </main>
      </div>
    </QueryClientProvider>
  );
}

function AdminTopBar({
  firstName,
  lastName,
  role,
}: {
  firstName: string;
  lastName: string;
  role: AdminRole;
}) {
  const { brandName } = appConfig();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    await signOutAdmin();
    adminQueryClient.clear();
    navigate('/admin/login', { replace: true });
  };
  return (
    <header className="admin-topbar">
      <div className="admin-topbar-inner">
        <Link to="/admin/dashboard" className="admin-brand">
          <Logo brandName={brandName} height={26} /> <span className="admin-brand-tag">Admin</span>
        </Link>
        <AdminNav role={role} />
        <div className="admin-user">
          <span className="admin-user-name">
            {firstName} {lastName}
          </span>
          <span className="admin-user-role">{roleLabel(role)}</span>
          <NavLink to="/admin/security" className="admin-user-security">
            Your security
          </NavLink>
        </div>
        <div className="admin-logout">
          <Button variant="secondary" size="sm" onClick={signOut} isBusy={isSigningOut}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}

/**
 * The pages a role may open. Wide screens show them in a row; narrower ones (where nine pages
 * no longer fit) show a Menu button that opens the whole list. The button says whether the list
 * is open (aria-expanded); Escape closes it and gives focus back to the button; opening a page
 * closes it.
 */
function AdminNav({ role }: { role: AdminRole }) {
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const items = adminNav.filter((item) => !item.action || can(role, item.action));
  const current = items.find((item) => location.pathname.startsWith(item.to));

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu whenever the page changes
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <nav className={isOpen ? 'admin-nav is-open' : 'admin-nav'} aria-label="Admin">
      <button
        ref={button}
        type="button"
        className="admin-nav-toggle"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setOpen((open) => !open)}
      >
        <span className="admin-nav-toggle-icon" aria-hidden="true" />
        Menu
        {current ? <span className="admin-nav-current">{current.label}</span> : null}
      </button>
      <ul id={listId} className="admin-nav-list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="admin-nav-link" onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
