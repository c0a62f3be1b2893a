// @vitest-environment jsdom
import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicPageCodeFor } from '../../shared/pages/route-preloads';
import { appRoutePatterns } from './route-paths';
import { appRoutes, publicPageCode } from './router';

// The routes render the public site's code through its on-demand wrappers (decision 1975).
const PublicLayout = publicPageCode.layout;
const LandingPage = publicPageCode.landing;

/** The elements the router renders for `path`, outermost first. */
function renderedFor(path: string) {
  const matches = matchRoutes(createRoutesFromElements(appRoutes()), path) ?? [];
  return matches.map((match) => (isValidElement(match.route.element) ? match.route.element.type : undefined));
}

describe("the public site's code on demand (decision 1975)", () => {
  it('renders the real layout and landing page once loaded', async () => {
    await Promise.all([PublicLayout.preload(), LandingPage.preload()]);
    const { render, screen, cleanup } = await import('@testing-library/react');
    const { MemoryRouter, Routes } = await import('react-router');
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <Routes>{appRoutes()}</Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeTruthy();
    expect(document.querySelector('.hero-title')).not.toBeNull();
    cleanup();
  });
});

describe('unknown paths (spec 2: any unknown path shows the home screen; issue 24 item 23)', () => {
  it('an unknown /admin/ path shows the home screen, like any other unknown path', () => {
    expect(renderedFor('/admin/no-such-page')).toEqual([PublicLayout, LandingPage]);
    expect(renderedFor('/admin/dashboard/extra')).toEqual([PublicLayout, LandingPage]);
    expect(renderedFor('/no-such-page')).toEqual([PublicLayout, LandingPage]);
  });
});

describe("the server's public-site preloads agree with the router", () => {
  // Every page the router defines (a parameter given a value), and paths it does not know under
  // each kind of prefix.
  const knownPaths = appRoutePatterns().map((path) => path.replace(/:[^/]+/g, 'abc'));
  const unknownPaths = [
    '/no-such-page',
    '/admin/no-such-page',
    '/admin/dashboard/extra',
    '/admin/login/extra',
    '/account-overview/extra',
    '/settings/no-such-card',
    '/transfer/extra',
    '/get-started/nowhere/else',
  ];

  it('names the public layout exactly for the paths the router draws inside it', () => {
    expect(knownPaths.length).toBeGreaterThan(40);
    const disagreeing = [...knownPaths, ...unknownPaths].filter(
      (path) => publicPageCodeFor(path).includes('layout') !== renderedFor(path).includes(PublicLayout),
    );
    expect(disagreeing).toEqual([]);
  });
});
