/**
 * The shell of every signed-in page (spec 2 "Investor portal"): header with the logo, the
 * bell and the investor's profile card (gear to /settings, passing the current path as
 * `from`), the five-item nav with the current item highlighted (a menu on a phone), Sign
 * Out, and the footer with support contact and disclaimer. Visitors without a session go to
 * /login?next=<path>. It provides TanStack Query to the portal pages, which load lazily.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { copyrightYear, disclaimerText, NAME_FALLBACK } from '../../shared/brand';
import {
  DocumentIcon,
  GearIcon,
  ListIcon,
  OverviewIcon,
  PlusCircleIcon,
  SignOutIcon,
  TransferIcon,
} from '../components/ui/icons';
import { Logo } from '../components/ui/logo';
import { prefetchFirstData, prefetchPortalPage } from '../features/portal/api/prefetch-portal-page';
import { NotificationBell } from '../features/portal/components/notification-bell';
import { TinCertificationBanner } from '../features/portal/components/tin-certification-banner';
import { fetchSettings, settingsKeys } from '../features/settings/api/settings-query';
import { appConfig } from '../lib/app-config';
import { refreshSession, type SessionInvestor, signOut, useSession } from '../lib/session';
import { memberStatusOf } from '../lib/member-status';
import { SessionGuard } from '../lib/session-guard';
import './portal.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/**
 * The session and the first data of the portal page at `path`, read before the page's first
 * render (decision 1974): the same URLs the HTML preloaded, so the answers are usually there
 * already, and the page renders once with its content instead of a spinner, then the shell, then
 * each answer (a render pass each, 50-120 ms apiece on a phone's slow CPU). Data is read only for
 * a signed-in investor (the HTML named it only then); failures are left to the page to show.
 */
export function loadFirstData(path: string, search: string): Promise<unknown> {
  // With a query (a filtered list, another view) the page reads other URLs than the table's:
  // only what every page reads is asked for here.
  const pagePath = search === '' ? path : null;
  return refreshSession().then((session) =>
    session.isAuthenticated && session.investor
      ? Promise.allSettled([
          prefetchFirstData(queryClient, pagePath),
          pagePath ? otherFeaturesFirstData[pagePath]?.() : undefined,
        ])
      : undefined,
  );
}

/** The first reads of portal pages owned by other features than the portal's. */
const otherFeaturesFirstData: Record<string, () => Promise<unknown>> = {
  '/settings': () => queryClient.prefetchQuery({ queryKey: settingsKeys.settings, queryFn: fetchSettings }),
};

const portalNav: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/account-overview', label: 'Account Overview', icon: <OverviewIcon /> },
  { to: '/transaction-summary', label: 'Transaction Summary', icon: <ListIcon /> },
  { to: '/buy-investments', label: 'Buy Investments', icon: <PlusCircleIcon /> },
  { to: '/transfer', label: 'Transfer', icon: <TransferIcon /> },
  { to: '/documents', label: 'Documents', icon: <DocumentIcon /> },
];

/** The name the portal shows, with the spec's fallback. */
export function displayNameOf(investor: SessionInvestor | null): string {
  const name = [investor?.first_name, investor?.last_name].filter(Boolean).join(' ').trim();
  return name || NAME_FALLBACK;
}

/** Where the gear goes: /settings with the page it was opened from, so Back can return there. */
export function settingsPathFrom(currentPath: string): string {
  return `/settings?from=${encodeURIComponent(currentPath)}`;
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function ProfileCard({ investor, currentPath }: { investor: SessionInvestor | null; currentPath: string }) {
  const name = displayNameOf(investor);
  const status = memberStatusOf(investor);
  return (
    <div className="profile-card">
      <span className="profile-avatar" aria-hidden="true">
        {initialsOf(name)}
      </span>
      <div className="profile-text">
        <p className="profile-meta">{status.text}</p>
        <p className="profile-name">{name}</p>
        <p className="profile-email">{investor?.email}</p>
      </div>
      <Link
        to={settingsPathFrom(currentPath)}
        state={{ from: currentPath }}
        className="icon-button"
        aria-label="Account settings"
        title="Account settings"
      >
        <GearIcon />
      </Link>
    </div>
  );
}

function SignOutButton() {
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  return (
    <button
      type="button"
      className="portal-nav-link portal-sign-out"
      disabled={isSigningOut}
      onClick={async () => {
        setSigningOut(true);
        await signOut();
        queryClient.clear();
        navigate('/login', { replace: true });
      }}
    >
      <SignOutIcon />
      <span>{isSigningOut ? 'Signing out...' : 'Sign Out'}</span>
    </button>
  );
}

function PortalShell() {
  const { brandName, supportEmail } = appConfig();
  const { investor } = useSession();
  const location = useLocation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const currentPath = `${location.pathname}${location.search}`;

  return (
    <div className="portal">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="portal-header">
        <div className="portal-header-inner">
          <button
            type="button"
            className="icon-button portal-menu-toggle"
            aria-expanded={isMenuOpen}
            aria-controls="portal-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="visually-hidden">Menu</span>
            <span aria-hidden="true" className="portal-menu-icon" />
          </button>
          <Link to="/" className="portal-logo" aria-label={`${brandName} home`}>
            <Logo brandName={brandName} />
          </Link>
          <div className="portal-header-actions">
            <NotificationBell />
            <ProfileCard investor={investor} currentPath={currentPath} />
          </div>
        </div>
      </header>
      <div className="portal-body">
        <nav id="portal-nav" className={isMenuOpen ? 'portal-nav is-open' : 'portal-nav'} aria-label="Portal">
          <div className="portal-nav-profile">
            <p className="profile-name">{displayNameOf(investor)}</p>
            <p className="profile-email">{investor?.email}</p>
          </div>
          <ul className="portal-nav-list">
            {portalNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className="portal-nav-link"
                  onClick={() => setMenuOpen(false)}
                  onPointerEnter={() => prefetchPortalPage(queryClient, item.to)}
                  onFocus={() => prefetchPortalPage(queryClient, item.to)}
                >
                  {item.icon}
                  <span>{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <SignOutButton />
        </nav>
        <main id="main" className="portal-main" tabIndex={-1}>
          <TinCertificationBanner />
          <Outlet />
        </main>
      </div>
      <footer className="portal-footer">
        <div className="portal-footer-inner">
          <p>
            Questions? Contact support at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
          <p className="portal-footer-disclaimer">
            {brandName} {disclaimerText}
          </p>
          <p className="portal-footer-copyright">
            © {copyrightYear()} {brandName}. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}

export function PortalLayout() {
  return (
    <SessionGuard page="portal">
      <QueryClientProvider client={queryClient}>
        <PortalShell />
      </QueryClientProvider>
    </SessionGuard>
  );
}
