import '@fontsource-variable/inter/wght.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter, preloadPage } from './app/router';
import { UpdateToast } from './app/update-toast';
import { dropFirstAnswers, keepFirstAnswers } from './lib/first-answers';
import { RENDERED_ATTRIBUTE } from '../shared/pages/server-rendering';
import { AfterHydration } from './lib/hydration';
import { registerServiceWorker } from './lib/service-worker-registration';

/** The first family of `--font-sans` (styles/global.css), from @fontsource-variable/inter. */
const bodyFontFamily = 'Inter Variable';
// A repeat visit: the worker holds the font, so it is read now and the first layout already
// uses it (decision 1979). Otherwise the page is laid out and painted with a fallback font and
// laid out again when Inter arrives. A first visit leaves the link to the page's own code.
if (navigator.serviceWorker?.controller) {
  document.fonts.load(`1em "${bodyFontFamily}"`).catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// A page the server rendered (decision 1985): its content is already on screen, inert until the
// app takes it over. The answers it was drawn from are read first, so the app's first render
// matches it.
const isServerRendered = container.hasAttribute(RENDERED_ATTRIBUTE);
if (isServerRendered) keepFirstAnswers(document);

const app = (
  <StrictMode>
    <AppRouter />
    <UpdateToast />
    <AfterHydration
      onHydrated={() => {
        dropFirstAnswers();
        container.removeAttribute('inert');
      }}
    />
  </StrictMode>
);
const render = () => {
  if (!isServerRendered) {
    createRoot(container).render(app);
    return;
  }
  hydrateRoot(container, app, {
    // A page that differs from the server's (the visitor's time zone, a figure that changed in
    // between) is drawn again in the browser; that is the whole cost, so it is not an error.
    onRecoverableError: (error) => {
      container.setAttribute(RENDERED_ATTRIBUTE, 'redrawn');
      console.warn(
        'The page was drawn again in the browser:',
        error instanceof Error ? error.message : error,
      );
    },
  });
};
// A portal page or the dashboard renders once its code (preloaded by the HTML) has run, with
// no spinner in between; a failed load renders anyway and the page's error boundary reports it.
const preloading = preloadPage(window.location.pathname, window.location.search);
if (preloading) preloading.then(render, render);
else render();

// The installable app's worker (decision 1971): production builds only, after the page has loaded.
if (import.meta.env.PROD) registerServiceWorker();
