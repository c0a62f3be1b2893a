/**
 * What the server hands the web app's code when it renders a page's first HTML (decision 1985):
 * the public config the browser reads from <meta name="app-config">, and the page's address.
 * Null in a browser. The server runs each render in a context of its own, so this is one
 * visitor's, never another's.
 */
export interface ServerRenderContext {
  config: Record<string, unknown>;
  /** The page's path and query, as requested. */
  url: string;
  /** The origin the visitor asked (scheme, host and port). */
  origin: string;
}

export function serverRenderContext(): ServerRenderContext | null {
  return (globalThis as { steadylineServerRender?: ServerRenderContext }).steadylineServerRender ?? null;
}

/** The origin of the page: the browser's, or the one the visitor asked while the server renders. */
export function pageOrigin(): string {
  return serverRenderContext()?.origin ?? window.location.origin;
}
