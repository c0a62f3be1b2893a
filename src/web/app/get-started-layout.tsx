/**
 * The frame of /get-started and /empty-state (spec 2): the authenticated header with the bell
 * (recent notifications, PRODUCT.md 21) and the user icon (to /settings), the page, the
 * footer. Guarded like the portal: visitors without a session go to /login?next=<path>.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router';
import { UserIcon } from '../components/ui/icons';
import { NotificationBell } from '../features/portal/components/notification-bell';
import { SessionGuard } from '../lib/session-guard';
import { settingsPathFrom } from './portal-layout';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import '../features/public-site/public-site.css';
import './portal.css';
import './get-started-layout.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

function HeaderActions() {
  const location = useLocation();
  return (
    <>
      <NotificationBell />
      <Link
        to={settingsPathFrom(`${location.pathname}${location.search}`)}
        className="icon-button"
        aria-label="Account settings"
        title="Account settings"
      >
        <UserIcon />
      </Link>
    </>
  );
}

export function GetStartedLayout() {
  return (
    <SessionGuard page="get-started">
      <QueryClientProvider client={queryClient}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader isAuthenticated actions={<HeaderActions />} />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </QueryClientProvider>
    </SessionGuard>
  );
}
