import { describe, expect, it } from 'vitest';
import { publicPageCodeFor, routePreloadsFor } from './route-preloads';

describe('the public site code a path needs before its first render (decision 1975)', () => {
  it('is the layout and the landing page for /, and the layout for the other public and auth pages', () => {
    expect(publicPageCodeFor('/')).toEqual(['layout', 'landing']);
    for (const path of [
      '/login',
      '/signup',
      '/faq',
      '/investments/',
      '/settings/confirm-email',
      '/no/such/page',
      '/admin/no-such-page',
      '/account-overview/extra',
    ])
      expect(publicPageCodeFor(path), path).toEqual(['layout']);
  });

  it('is nothing for the portal, the back office, onboarding and the bank-link pop-ups', () => {
    for (const path of [
      '/account-overview',
      '/transaction-summary',
      '/buy-investments',
      '/transfer',
      '/settings',
      '/documents',
      '/notes/abc',
      '/link-bank',
      '/admin/dashboard',
      '/admin/login',
      '/get-started',
      '/empty-state',
      '/sandbox/bank-link',
      '/bank-link/return',
    ])
      expect(publicPageCodeFor(path), path).toEqual([]);
  });

  it('never names a page that has its own preloads', () => {
    for (const path of ['/account-overview', '/settings', '/admin/dashboard'])
      expect(routePreloadsFor(path, new URLSearchParams())).not.toBeNull();
  });
});
