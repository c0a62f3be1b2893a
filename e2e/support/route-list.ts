/**
 * Every page path the web app's router defines, read from the router itself
 * (src/web/app/router.tsx's appRoutes), so a new route is in every "all routes" test
 * the day it is added. Catch-alls ("*") and index redirects are left out: they render
 * a page that is listed under its own path.
 */
import { createRoutesFromElements, type RouteObject } from 'react-router';
import { appRoutes } from '../../src/web/app/router';

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function collect(routes: RouteObject[], parent: string, into: Set<string>): void {
  for (const route of routes) {
    const path = route.path === undefined ? parent : joinPath(parent, route.path);
    if (route.children) collect(route.children, path, into);
    if (route.path === '*' || route.path?.includes(':')) continue;
    if (route.index || route.path !== undefined) into.add(path === '' ? '/' : path);
  }
}

export function routerPaths(): string[] {
  const paths = new Set<string>();
  collect(createRoutesFromElements(appRoutes()), '/', paths);
  return [...paths].sort();
}

/** Back-office pages (signed in as an admin) and the rest (signed in as the demo investor). */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}
