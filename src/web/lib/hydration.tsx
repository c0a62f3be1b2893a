/**
 * Server-rendered pages (decision 1985). The server renders a page's content into
 * `<div id="root" inert data-rendered>`: painted at once, but inert (nothing can be clicked,
 * typed into or submitted) until the app has taken the markup over. Then `data-rendered` says
 * how: `hydrated` when the browser's render matched the server's, `redrawn` when it did not and
 * the page was drawn again.
 */
import { useEffect } from 'react';
import { RENDERED_ATTRIBUTE } from '../../shared/pages/server-rendering';

/** Renders nothing; calls `onHydrated` once, after the app's first commit (hydration's, when the server rendered). */
export function AfterHydration({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (root?.getAttribute(RENDERED_ATTRIBUTE) === '') root.setAttribute(RENDERED_ATTRIBUTE, 'hydrated');
    onHydrated();
  }, [onHydrated]);
  return null;
}
