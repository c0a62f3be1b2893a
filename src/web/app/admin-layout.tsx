import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { type AdminAction, type AdminRole, can, roleLabel } from '../../shared/admin/permissions';
import { Button } from '../components/ui/button';
import { ErrorState, LoadingState } from '../components/ui/feedback';
import { Logo } from '../components/ui/logo';
import { signOutAdmin } from '../lib/admin-api';
import { readCachedAdmin, restoreAdminSession, useAdminSession } from '../lib/admin-session';
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

/** The top bar's pages; a page whose `action` the role may not perform is not offered. */
const adminNav: readonly { to: string; label: string; action?: AdminAction }[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/jobs', label: 'Jobs' },
  { to: '/admin/notifications', label: 'Notifications' },
  { to: '/admin/audit', label: 'Audit', action: 'audit:view' },
  { to: '/admin/approvals', label: 'Approvals', action: 'adjustments:view' },
  { to: '/admin/tax', label: 'Tax forms', action: 'tax:view' },
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
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {check === 'ready' && token ? (
            <Outlet />
          ) : check === 'unreachable' ? (
            <div className="container">
              <ErrorState title="Cannot reach the server" message="Check your connection, then try again." />
              <div className="row" style={{ justifyContent: 'center' }}>
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
        <nav className="admin-nav" aria-label="Admin">
          {adminNav
            .filter((item) => !item.action || can(role, item.action))
            .map((item) => (
              <NavLink key={item.to} to={item.to} className="admin-nav-link">
                {item.label}
              </NavLink>
            ))}
        </nav>
        <div className="admin-user">
          <span className="admin-user-name">
            {firstName} {lastName}
          </span>
          <span className="admin-user-role">{roleLabel(role)}</span>
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
