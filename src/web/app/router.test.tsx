// @vitest-environment jsdom
import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
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
