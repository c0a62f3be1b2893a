import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { adminUsers } from '../db/schema';
import { verifyPassword } from '../security/passwords';
import { runCreateAdmin } from './create-admin';

// The command opens its own database from the environment; here an embedded one in a temp folder.
let dataDir: string;
let env: Record<string, string>;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'steadyline-admin-create-'));
  env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await runCreateAdmin(args, env, {
    out: (line) => out.push(line),
    error: (line) => errors.push(line),
  });
  return { code, out: out.join('\n'), error: errors.join('\n') };
}

const account = [
  '--email',
  'Ops@Staff.example',
  '--role',
  'operations',
  '--first-name',
  'Riley',
  '--last-name',
  'Shaw',
];

describe('npm run admin:create', { timeout: 120_000 }, () => {
  it('refuses a weak password with the rule it breaks, and creates nothing', async () => {
    const weak = await run([...account, '--password', 'password123']);
    expect(weak.code).toBe(1);
    expect(weak.error).toBe('Refused: Password must be at least 12 characters long');
    const noSymbol = await run([...account, '--password', 'Password12345']);
    expect(noSymbol.error).toBe('Refused: Password must contain at least one special character');
  });

  it('refuses an unknown role and missing options', async () => {
    const role = await run([
      '--email',
      'x@staff.example',
      '--password',
      'Strong#Password1',
      '--role',
      'owner',
      '--first-name',
      'A',
      '--last-name',
      'B',
    ]);
    expect(role).toMatchObject({
      code: 1,
      error: 'Refused: Role must be one of super_admin, operations, support',
    });
    const missing = await run(['--email', 'x@staff.example']);
    expect(missing.code).toBe(2);
    expect(missing.error).toMatch(/^Missing --password, --role, --first-name, --last-name/);
  });

  it('creates the admin with an argon2id hash, once', async () => {
    const created = await run([...account, '--password', 'Strong#Password1']);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Created operations Riley Shaw <Ops@Staff\.example> \([0-9a-f-]{36}\)$/);
    const again = await run([...account, '--password', 'Strong#Password1']);
    expect(again).toMatchObject({ code: 1, error: 'Refused: An admin with this email already exists' });

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(adminUsers);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(rows[0]!.passwordHash, 'Strong#Password1')).toBe(true);
    } finally {
      await database.close();
    }
  });
});
