/**
 * Routes of the settings and bank-link features outside the portal shell (/settings and
 * /link-bank are in portal-route-table.tsx). /link-bank?return=<path> gives the wizard to
 * screens that only link to it: /get-started's LINK BANK ACCOUNTS, the purchase flow's
 * "link a bank account". Every page loads on demand.
 */
import { lazy } from 'react';
import { Route } from 'react-router';

/** Where another screen sends an investor to link a bank account, coming back to `returnPath`. */
export function linkBankPath(returnPath: string): string {
  return `/link-bank?return=${encodeURIComponent(returnPath)}`;
}

const SandboxLinkPage = lazy(() =>
  import('../features/bank-link/pages/sandbox-link-page').then((module) => ({
    default: module.SandboxLinkPage,
  })),
);
const BankLinkReturnPage = lazy(() =>
  import('../features/bank-link/pages/bank-link-return-page').then((module) => ({
    default: module.BankLinkReturnPage,
  })),
);
const ConfirmEmailPage = lazy(() =>
  import('../features/settings/pages/confirm-email-page').then((module) => ({
    default: module.ConfirmEmailPage,
  })),
);

/** The bank provider's popup pages: bare, without the site's header (they live in a small window). */
export function bankLinkPopupRoutes() {
  return (
    <>
      <Route path="sandbox/bank-link" element={<SandboxLinkPage />} />
      <Route path="bank-link/return" element={<BankLinkReturnPage />} />
    </>
  );
}

/** Pages of the public layout: the e-mail change link may be opened signed out. */
export function settingsPublicRoutes() {
  return <Route path="settings/confirm-email" element={<ConfirmEmailPage />} />;
}
