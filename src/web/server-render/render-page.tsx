/**
 * The web app's entry for rendering a page's first HTML on the server (decision 1985), bundled
 * by scripts/build-server.mjs and run by src/server/http/page-renderer.ts in a context of its
 * own per render. It loads the page's code and first data as the browser's entry does
 * (preloadPage), then renders the same tree with the router at the requested address. Any error
 * while rendering fails the render: the visitor then gets the page rendered in the browser.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import { AppRoutes, preloadPage } from '../app/router';
import { UpdateToast } from '../app/update-toast';

async function renderPage(url: string): Promise<string> {
  const { pathname, search } = new URL(url, 'http://localhost');
  await preloadPage(pathname, search);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
      <UpdateToast />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline: an outlined one is revealed by an inline script, which the CSP refuses.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  if (/<script[\s>]/i.test(html)) throw new Error('The render wrote a script, which the CSP would refuse');
  return html;
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
