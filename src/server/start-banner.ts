/**
 * What `npm start` prints once the server listens, outside production: where to open it, the
 * demo sign-ins (public: they are in the README) and the dev outbox. Production prints none of
 * it; its start-up is one JSON log line like every other.
 */
import type { AppConfig } from './config';
import { demoAccounts } from './modules/demo/seed-demo-data';

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return loopbackHosts.has(host);
}

export function startBanner(config: AppConfig, database: { kind: 'pglite' | 'postgres' }): string {
  const lines = [
    '',
    `  ${config.BRAND_NAME} is running at ${config.appUrl}`,
    `  (listening on ${config.HOST}:${config.PORT}, ${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`,
    '',
  ];
  if (config.isDemoMode) {
    const { investor, admin } = demoAccounts;
    lines.push(
      '  Demo sign-ins',
      `    investor  ${investor.email} / ${investor.password}  at ${config.appUrl}/login (then the SMS code from the outbox),`,
      `              or "Try the demo account" on ${config.appUrl}/login`,
      `    admin     ${admin.email} / ${admin.password}  at ${config.appUrl}/admin/login`,
      `              two-factor secret ${admin.totpSecret} (add it to any authenticator app)`,
      '',
    );
  }
  lines.push(`  Dev outbox (every e-mail and SMS the app sends): ${config.appUrl}/dev/outbox`, '');
  if (!isLoopbackHost(config.HOST)) {
    lines.push(
      `  Warning: listening on ${config.HOST}. Anyone who can reach this address can read every`,
      '  sign-in code and link in the dev outbox. Set NODE_ENV=production for a real deployment.',
      '',
    );
  }
  lines.push('  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
