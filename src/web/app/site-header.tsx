import { type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../components/ui/logo';
import { appConfig } from '../lib/app-config';

const publicNav = [
  { to: '/investments', label: 'INVESTMENTS' },
  { to: '/how-it-works', label: 'HOW IT WORKS' },
  { to: '/about', label: 'ABOUT' },
  { to: '/faq', label: 'FAQ' },
] as const;

/**
 * The shared header (spec 2). Public mode: nav plus LOGIN. Authenticated mode: only the
 * logo, which links to /account-overview.
 */
export function SiteHeader({
  isAuthenticated = false,
  actions,
}: {
  isAuthenticated?: boolean;
  /** Shown on the right in authenticated mode (e.g. the bell and the user icon of /get-started). */
  actions?: ReactNode;
}) {
  const { brandName } = appConfig();
  const [isMenuOpen, setMenuOpen] = useState(false);
  if (isAuthenticated) {
    return (
      <header className="site-header">
        <div className="container site-header-inner">
          <Link to="/account-overview" className="site-logo" aria-label={`${brandName} account overview`}>
            <Logo brandName={brandName} />
          </Link>
          {actions ? <div className="site-header-actions">{actions}</div> : null}
        </div>
      </header>
    );
  }
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link to="/" className="site-logo" aria-label={`${brandName} home`}>
          <Logo brandName={brandName} />
        </Link>
        <button
          type="button"
          className="site-menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">Menu</span>
          <span aria-hidden="true" className="site-menu-icon" />
        </button>
        <nav id="site-nav" className={isMenuOpen ? 'site-nav is-open' : 'site-nav'} aria-label="Main">
          {publicNav.map((item) => (
            <NavLink key={item.to} to={item.to} className="site-nav-link" onClick={() => setMenuOpen(false)}>
              {item.label}
            </NavLink>
          ))}
          <Link to="/login" className="btn btn-primary btn-sm site-login" onClick={() => setMenuOpen(false)}>
            LOGIN
          </Link>
        </nav>
      </div>
    </header>
  );
}
