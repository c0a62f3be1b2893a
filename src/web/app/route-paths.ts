/**
 * Every page path the router defines, read from the router itself (appRoutes), so a new route is
 * in every "all routes" test the day it is added. Parameters stay as written ("/notes/:id");
 * catch-alls ("*") are left out: they render a page that is listed under its own path.
 */
import { createRoutesFromElements, type RouteObject } from 'react-router';
import { appRoutes } from './router';

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function collect(routes: RouteObject[], parent: string, into: Set<string>): void {
  for (const route of routes) {
    const path = route.path === undefined ? parent : joinPath(parent, route.path);
    if (route.children) collect(route.children, path, into);
    if (route.path === '*') continue;
    if (route.index || route.path !== undefined) into.add(path === '' ? '/' : path);
  }
}

export function appRoutePatterns(): string[] {
  const patterns = new Set<string>();
  collect(createRoutesFromElements(appRoutes()), '/', patterns);
  return [...patterns].sort();
}
