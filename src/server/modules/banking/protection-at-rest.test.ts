import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { rowsOf } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import { decryptField, encryptField } from '../../security/field-encryption';
import {
  approveIdentity,
  firstSandboxAccount,
  linkSandboxAccount,
  manualAccount,
  request,
  validIdentity,
} from '../../test-support/bank-link';
import { signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const ssn = '219-09-9999';
const ssnDigits = '219099999';
const manualNumber = '987650001234';

const logLines: string[] = [];
let testApp: TestApp;
let responses = '';

beforeAll(async () => {
  testApp = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    build: { logger: true, logDestination: { write: (line) => logLines.push(line) } },
  });
  const investor = await signUpInvestor(testApp, { email: 'ann@example.com' });
  const record = async (response: { body: string }) => {
    responses += response.body;
  };
  await record(
    await request(testApp, investor, 'POST', '/api/banking/identity', {
      ...validIdentity,
      ssn: '219-09-999',
    }),
  );
  await approveIdentity(testApp, investor, { ...validIdentity, ssn });
  await record(await request(testApp, investor, 'GET', '/api/banking/identity'));
  const manual = await linkSandboxAccount(testApp, investor, manualAccount(manualNumber));
  await record(
    await request(testApp, investor, 'POST', `/api/banking/accounts/${manual.id}/micro-deposits`, {
      amount_1: '0.01',
      amount_2: '0.02',
    }),
  );
  await linkSandboxAccount(testApp, investor, firstSandboxAccount);
  await record(await request(testApp, investor, 'GET', '/api/settings'));
  await record(await request(testApp, investor, 'GET', '/api/banking/accounts'));
});
afterAll(async () => {
  await testApp.close();
});

/** Every row of every table of the schema, as text. */
async function wholeDatabaseText(): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await testApp.context.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    ),
  );
  expect(tables.length).toBeGreaterThan(20);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await testApp.context.db.execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
      ),
    );
    parts.push(...rows.map((entry) => entry.row));
  }
  return parts.join('\n');
}

async function storedAccountNumbers(): Promise<string[]> {
  const rows = await testApp.context.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.provider, 'sandbox'));
  return rows.map((row) => decryptField(testApp.config.fieldEncryptionKey, row.accountNumberEncrypted!));
}

describe('protection at rest', () => {
  it('encrypts with AES-256-GCM: a fresh IV each time, tampering and a wrong key are refused', () => {
    const key = testApp.config.fieldEncryptionKey;
    const first = encryptField(key, ssnDigits);
    const second = encryptField(key, ssnDigits);
    expect(first).not.toBe(second);
    expect(first.startsWith('v1.')).toBe(true);
    expect(decryptField(key, first)).toBe(ssnDigits);
    const [version, iv, tag, ciphertext] = first.split('.');
    const flipped = `${ciphertext!.slice(0, -1)}${ciphertext!.endsWith('A') ? 'B' : 'A'}`;
    expect(() => decryptField(key, [version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => decryptField(Buffer.alloc(32, 7), first)).toThrow();
  });

  it('keeps both account numbers only encrypted, readable with the key', async () => {
    const numbers = await storedAccountNumbers();
    expect(numbers).toContain(manualNumber);
    expect(numbers).toHaveLength(2);
  });

  it('has no plaintext SSN or account number anywhere in the database', async () => {
    const text = await wholeDatabaseText();
    expect(text).toContain('"ssn_last_four":"9999"');
    for (const secret of [ssnDigits, ssn, ...(await storedAccountNumbers())]) {
      expect(text).not.toContain(secret);
    }
  });

  it('never logs or answers them', async () => {
    const logs = logLines.join('');
    expect(logs).toContain('identity check finished');
    expect(logs).toContain('bank account linked');
    for (const secret of [ssnDigits, ssn, '21909999', ...(await storedAccountNumbers())]) {
      expect(logs).not.toContain(secret);
      expect(responses).not.toContain(secret);
    }
    expect(responses).toContain('"ssn_last_four":"9999"');
  });

  it('refuses to start in production without FIELD_ENCRYPTION_KEY', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://invest.example.com' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/FIELD_ENCRYPTION_KEY: is required in production/);
    expect(
      loadConfig({ ...production, FIELD_ENCRYPTION_KEY: 'ab'.repeat(32) }).fieldEncryptionKey,
    ).toHaveLength(32);
  });
});
