import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/*
 * Fewer, larger chunks (decision 1410): each request on the way to a page's content costs a
 * round trip. The entry's static imports stay one chunk (the landing page); what signed-in
 * and auth pages share beyond it (libraries, src/shared, the design system, lib) is one
 * chunk; the portal's shell and pages another; the admin pages a third. The other public
 * pages keep their automatic per-page chunks.
 */
const signedInCommonModule =
  /[\\/](node_modules[\\/](@tanstack|react-hook-form|@hookform|zod)|src[\\/](shared|web[\\/](components|lib)))[\\/]/;
// Admin-only code, including the shared rules only the back office uses (the jobs' cron
// libraries, campaigns, admin schemas), stays out of the common chunk every portal page loads.
const adminOnlySharedModule =
  /[\\/]src[\\/](shared[\\/](jobs|admin|notifications)[\\/]|web[\\/]lib[\\/]admin-)/;
const isSignedInCommon = (id: string) => signedInCommonModule.test(id) && !adminOnlySharedModule.test(id);
const portalModule =
  /[\\/]src[\\/]web[\\/](app[\\/](portal-|settings-route)|features[\\/](portal|settings|bank-link)[\\/])/;
const adminModule = /[\\/]src[\\/]web[\\/](app[\\/]admin-|features[\\/]admin-)/;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // The server reads it to write each route's <link rel="modulepreload"> (src/server/http/web-app.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 4 },
            { name: 'signed-in-common', test: isSignedInCommon, priority: 3 },
            { name: 'portal', test: portalModule, priority: 2 },
            {
              name: 'admin',
              test: (id: string) => adminModule.test(id) || adminOnlySharedModule.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/functions': apiTarget,
      '/dev': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
