/**
 * Every page path the web app's router defines (src/web/app/route-paths.ts), so a new route is in
 * every "all routes" test the day it is added. Paths with parameters are left out: a test cannot
 * open them without a record to name.
 */
import { appRoutePatterns } from '../../src/web/app/route-paths';

export function routerPaths(): string[] {
  return appRoutePatterns().filter((path) => !path.includes(':'));
}

/** Back-office pages (signed in as an admin) and the rest (signed in as the demo investor). */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}
