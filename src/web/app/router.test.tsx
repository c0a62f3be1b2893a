// @vitest-environment jsdom
import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '../features/public-site/pages/landing-page';
import { PublicLayout } from './public-layout';
import { appRoutes } from './router';

/** The elements the router renders for `path`, outermost first. */
function renderedFor(path: string) {
  const matches = matchRoutes(createRoutesFromElements(appRoutes()), path) ?? [];
  return matches.map((match) => (isValidElement(match.route.element) ? match.route.element.type : undefined));
}

describe('unknown paths (spec 2: any unknown path shows the home screen; issue 24 item 23)', () => {
  it('an unknown /admin/ path shows the home screen, like any other unknown path', () => {
    expect(renderedFor('/admin/no-such-page')).toEqual([PublicLayout, LandingPage]);
    expect(renderedFor('/admin/dashboard/extra')).toEqual([PublicLayout, LandingPage]);
    expect(renderedFor('/no-such-page')).toEqual([PublicLayout, LandingPage]);
  });
});
