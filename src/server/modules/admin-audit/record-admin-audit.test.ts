import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { createAdminAccount } from '../admin-auth/service';
import { changedFields, recordAdminAudit } from './record-admin-audit';

let database: TestDatabase;
let adminId: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await truncateAll(database);
  const admin = await createAdminAccount(database.db, {
    email: 'auditor@staff.example',
    password: 'Admin#Passw0rd-2026',
    role: 'super_admin',
    firstName: 'Audit',
    lastName: 'Tester',
  });
  adminId = admin.id;
});

async function entries() {
  return database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
}

describe('changedFields', () => {
  it('keeps only the fields that changed, on both sides', () => {
    expect(
      changedFields({ name: 'A', rate: '0.1', isActive: true }, { name: 'A', rate: '0.12', isActive: false }),
    ).toEqual({ before: { rate: '0.1', isActive: true }, after: { rate: '0.12', isActive: false } });
  });

  it('keeps every field of a creation and of a removal', () => {
    expect(changedFields(null, { name: 'A' })).toEqual({ before: null, after: { name: 'A' } });
    expect(changedFields({ name: 'A' }, null)).toEqual({ before: { name: 'A' }, after: null });
  });

  it('redacts secrets but records that they changed', () => {
    expect(
      changedFields({ passwordHash: 'x', totpSecret: null }, { passwordHash: 'y', totpSecret: 'S' }),
    ).toEqual({
      before: { passwordHash: '[redacted]', totpSecret: null },
      after: { passwordHash: '[redacted]', totpSecret: '[redacted]' },
    });
  });

  it('writes dates as ISO strings', () => {
    const at = new Date('2026-03-10T15:00:00Z');
    expect(changedFields(null, { at }).after).toEqual({ at: '2026-03-10T15:00:00.000Z' });
  });
});

describe('recordAdminAudit', () => {
  it('writes actor, address, action, target and the changed fields', async () => {
    await recordAdminAudit(database.db, {
      actor: { adminUserId: adminId, email: 'Auditor@Staff.example' },
      ip: '203.0.113.9',
      action: 'product.update',
      target: { type: 'product', id: 'p-1' },
      before: { name: 'Old', rate: '0.1' },
      after: { name: 'New', rate: '0.1' },
      at: new Date('2026-03-10T15:00:00Z'),
    });
    const [row] = await entries();
    expect(row).toMatchObject({
      actorAdminId: adminId,
      actorEmail: 'auditor@staff.example',
      ipAddress: '203.0.113.9',
      action: 'product.update',
      targetType: 'product',
      targetId: 'p-1',
      before: { name: 'Old' },
      after: { name: 'New' },
    });
    expect(row?.occurredAt.toISOString()).toBe('2026-03-10T15:00:00.000Z');
  });

  it('leaves no entry when the change it belongs to rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAdminAudit(tx, {
          actor: { adminUserId: adminId, email: 'auditor@staff.example' },
          ip: null,
          action: 'product.create',
          target: { type: 'product', id: null },
          after: { name: 'X' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await entries()).toEqual([]);
  });

  it('refuses to update or delete an entry', async () => {
    await recordAdminAudit(database.db, {
      actor: { adminUserId: null, email: 'someone@example.com' },
      ip: '198.51.100.1',
      action: 'admin.sign_in_failed',
      target: { type: 'admin_user', id: null },
    });
    await expect(
      database.db.execute(sql`update admin_audit_log set action = 'admin.sign_in'`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
    const result = await database.db.execute(sql`select action from admin_audit_log`);
    expect(rowsOf<{ action: string }>(result)).toEqual([{ action: 'admin.sign_in_failed' }]);
  });

  it('refuses a malformed action name', async () => {
    await expect(
      recordAdminAudit(database.db, {
        actor: { adminUserId: adminId, email: null },
        ip: null,
        action: 'Update Product',
        target: { type: 'product', id: null },
      }),
    ).rejects.toThrow();
  });
});
