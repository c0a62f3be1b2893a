import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingState } from '../components/ui/feedback';
import { authRoutes, getStartedRoutes } from './auth-routes';
import { publicPageCodeFor } from '../../shared/pages/route-preloads';
import { type PreloadableComponent, preloadableLazy } from '../lib/preloadable-lazy';
import { primePublicProducts } from '../lib/use-public-products';
import { portalRoutes, preloadPortalPage, withinFirstDataWait } from './portal-route-table';
import { RouteErrorBoundary } from './route-error';
import { bankLinkPopupRoutes, settingsPublicRoutes } from './settings-routes';

/*
 * Every route of the app, each page loaded on demand with lazy(), so portal and admin code
 * never ships to the landing page, and the public site's layout and landing page never ship
 * to a portal page (decision 1975: the HTML preloads them where they render).
 * Declarative routing keeps react-router's data-router code out of the landing chunk.
 * Unknown paths show the home screen (spec 2), under /admin/ too (decision 1861).
 */
const PublicLayout = preloadableLazy(() => import('./public-layout').then((module) => module.PublicLayout));
const LandingPage = preloadableLazy(() =>
  import('../features/public-site/pages/landing-page').then((module) => module.LandingPage),
);
/** The public site's layout and landing page, loaded on demand (decision 1975). */
export const publicPageCode: Record<
  ReturnType<typeof publicPageCodeFor>[number],
  PreloadableComponent<object>
> = {
  layout: PublicLayout,
  landing: LandingPage,
};
const InvestmentsPage = lazy(() =>
  import('../features/public-site/pages/investments-page').then((module) => ({
    default: module.InvestmentsPage,
  })),
);
const HowItWorksPage = lazy(() =>
  import('../features/public-site/pages/how-it-works-page').then((module) => ({
    default: module.HowItWorksPage,
  })),
);
const AboutPage = lazy(() =>
  import('../features/public-site/pages/about-page').then((module) => ({ default: module.AboutPage })),
);
const FaqPage = lazy(() =>
  import('../features/public-site/pages/faq-page').then((module) => ({ default: module.FaqPage })),
);
const TermsPage = lazy(() =>
  import('../features/public-site/pages/terms-page').then((module) => ({ default: module.TermsPage })),
);
const AboutArtworkRoute = lazy(() =>
  import('./artwork-routes').then((module) => ({ default: module.AboutArtworkRoute })),
);
const CustomPageOneRoute = lazy(() =>
  import('./artwork-routes').then((module) => ({ default: module.CustomPageOneRoute })),
);
const CustomPageTwoRoute = lazy(() =>
  import('./artwork-routes').then((module) => ({ default: module.CustomPageTwoRoute })),
);

const AdminLayout = preloadableLazy(() => import('./admin-layout').then((module) => module.AdminLayout));
const AdminLoginPage = lazy(() =>
  import('../features/admin-auth/admin-login-page').then((module) => ({ default: module.AdminLoginPage })),
);
const AdminDashboardPage = preloadableLazy(() =>
  import('../features/admin-dashboard/admin-dashboard-page').then((module) => module.AdminDashboardPage),
);
const AdminProductsPage = lazy(() =>
  import('../features/admin-products/admin-products-page').then((module) => ({
    default: module.AdminProductsPage,
  })),
);
const AdminOfferingsPage = lazy(() =>
  import('../features/admin-offerings/admin-offerings-page').then((module) => ({
    default: module.AdminOfferingsPage,
  })),
);
const AdminPaymentsPage = lazy(() =>
  import('../features/admin-payments/admin-payments-page').then((module) => ({
    default: module.AdminPaymentsPage,
  })),
);
const AdminJobsPage = lazy(() =>
  import('../features/admin-jobs/admin-jobs-page').then((module) => ({ default: module.AdminJobsPage })),
);

const AdminNotificationsPage = lazy(() =>
  import('../features/admin-notifications/admin-notifications-page').then((module) => ({
    default: module.AdminNotificationsPage,
  })),
);

const AdminAuditPage = lazy(() =>
  import('../features/admin-audit/admin-audit-page').then((module) => ({ default: module.AdminAuditPage })),
);
const AdminApprovalsPage = lazy(() =>
  import('../features/admin-operations/admin-approvals-page').then((module) => ({
    default: module.AdminApprovalsPage,
  })),
);
const AdminTaxPage = lazy(() =>
  import('../features/admin-operations/admin-tax-page').then((module) => ({ default: module.AdminTaxPage })),
);
const AdminPrintQueuePage = lazy(() =>
  import('../features/admin-operations/admin-print-queue-page').then((module) => ({
    default: module.AdminPrintQueuePage,
  })),
);

const AdminLiquidityPage = lazy(() =>
  import('../features/admin-liquidity/admin-liquidity-page').then((module) => ({
    default: module.AdminLiquidityPage,
  })),
);
const TransparencyPage = lazy(() =>
  import('../features/public-site/pages/transparency-page').then((module) => ({
    default: module.TransparencyPage,
  })),
);

const AdminSecurityPage = lazy(() =>
  import('../features/admin-security/admin-security-page').then((module) => ({
    default: module.AdminSecurityPage,
  })),
);

const AdminStaffPage = lazy(() =>
  import('../features/admin-staff/admin-staff-page').then((module) => ({ default: module.AdminStaffPage })),
);
const AcceptInvitationPage = lazy(() =>
  import('../features/admin-staff/accept-invitation-page').then((module) => ({
    default: module.AcceptInvitationPage,
  })),
);

/**
 * Loads the code of the page at `pathname` when it is a portal page or the admin dashboard
 * (the pages whose chunks the HTML preloads), so the first render shows it without a Suspense
 * fallback (decision 1412), and then the data the HTML preloaded for it (the landing page's
 * catalogue too), so the first render shows its content (decision 1974); null for every other
 * page.
 */
export function preloadPage(pathname: string, search: string): Promise<unknown> | null {
  // The public site's layout and the landing page's code (decision 1975) and plan rates
  // (decision 1973), all preloaded by the HTML, before the first render.
  const publicCode = publicPageCodeFor(pathname).map((name) => publicPageCode[name].preload());
  if (pathname === '/') return Promise.all([...publicCode, withinFirstDataWait(primePublicProducts())]);
  if (publicCode.length > 0) return Promise.all(publicCode);
  if (/^\/admin\/dashboard\/?$/.test(pathname)) {
    // The code, then the session and the figures (decision 1974): one render with the content.
    return Promise.all([
      import('./admin-layout'),
      import('../features/admin-dashboard/admin-dashboard-page'),
      AdminLayout.preload(),
      AdminDashboardPage.preload(),
    ]).then(([layout, page]) => withinFirstDataWait(layout.loadAdminFirstData(page.prefetchDashboard)));
  }
  return preloadPortalPage(pathname, search);
}

/** Every route as <Route> elements: the router renders them and the browser tests list them. */
export function appRoutes() {
  return (
    <>
      <Route path="admin/login" element={<AdminLoginPage />} />
      <Route path="admin/invitation" element={<AcceptInvitationPage />} />
      <Route path="admin" element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/dashboard" replace />} />
        <Route path="dashboard" element={<AdminDashboardPage />} />
        <Route path="products" element={<AdminProductsPage />} />
        <Route path="offerings" element={<AdminOfferingsPage />} />
        <Route path="payments" element={<AdminPaymentsPage />} />
        <Route path="notifications" element={<AdminNotificationsPage />} />
        <Route path="jobs" element={<AdminJobsPage />} />
        <Route path="audit" element={<AdminAuditPage />} />
        <Route path="admins" element={<AdminStaffPage />} />
        <Route path="approvals" element={<AdminApprovalsPage />} />
        <Route path="tax" element={<AdminTaxPage />} />
        <Route
          path="early-redemptions"
          element={<Navigate to="/admin/liquidity?section=redemptions" replace />}
        />
        <Route path="liquidity" element={<AdminLiquidityPage />} />
        <Route path="print-queue" element={<AdminPrintQueuePage />} />
        <Route path="security" element={<AdminSecurityPage />} />
      </Route>
      {portalRoutes()}
      {bankLinkPopupRoutes()}
      {getStartedRoutes()}
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        {authRoutes()}
        {settingsPublicRoutes()}
        <Route path="investments" element={<InvestmentsPage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="transparency" element={<TransparencyPage />} />
        <Route path="abouttemp" element={<AboutArtworkRoute />} />
        <Route path="custom-page-1" element={<CustomPageOneRoute />} />
        <Route path="custom-page-2" element={<CustomPageTwoRoute />} />
        <Route path="*" element={<LandingPage />} />
      </Route>
    </>
  );
}

/** The routes with their error boundary and loading state, inside whichever router renders them. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingState />}>
        <Routes>{appRoutes()}</Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
