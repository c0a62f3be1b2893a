import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startBanner } from './start-banner';

describe('the start-up banner of npm start', () => {
  it('names the address, the demo sign-ins and the dev outbox in demo mode', () => {
    const banner = startBanner(loadConfig({}), { kind: 'pglite' });
    expect(banner).toContain('Steadyline is running at http://localhost:3000');
    expect(banner).toContain('listening on 127.0.0.1:3000, embedded database in ./data');
    expect(banner).toContain('demo@steadyline.example / DemoInvestor#2025');
    expect(banner).toContain(
      'admin@steadyline.example / DemoAdmin#2025!  at http://localhost:3000/admin/login',
    );
    expect(banner).toContain('http://localhost:3000/dev/outbox');
    expect(banner).not.toContain('Warning');
  });

  it('shows no demo passwords without demo data, and warns when the outbox is open to the network', () => {
    const banner = startBanner(
      loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/steadyline', HOST: '0.0.0.0' }),
      { kind: 'postgres' },
    );
    expect(banner).toContain('listening on 0.0.0.0:3000, PostgreSQL');
    expect(banner).not.toContain('DemoAdmin');
    expect(banner).toContain('Warning: listening on 0.0.0.0');
  });
});
