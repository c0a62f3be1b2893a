import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { ScrollToHash } from './scroll-to-hash';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import '../features/public-site/public-site.css';

export function PublicLayout() {
  const { isAuthenticated } = useSession();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader isAuthenticated={isAuthenticated} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollToHash />
    </>
  );
}
