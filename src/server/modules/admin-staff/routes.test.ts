import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let testApp: TestApp;
let superAdmin: SignedInAdmin;
let operations: SignedInAdmin;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  admin: SignedInAdmin | null,
  payload?: object,
) {
  return testApp.app.inject({
    method,
    url,
    headers: admin?.headers ?? {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function latestLink(): Promise<string> {
  const outbox = await testApp.app.inject({ method: 'GET', url: '/dev/outbox.json' });
  const [message] = outbox.json() as { text: string }[];
  const match = /token=([\w%-]+)/.exec(message?.text ?? '');
  if (!match?.[1]) throw new Error('no invitation link in the outbox');
  return decodeURIComponent(match[1]);
}

beforeAll(async () => {
  testApp = await createTestApp();
  superAdmin = await signInTestAdmin(testApp, 'super_admin');
  operations = await signInTestAdmin(testApp, 'operations');
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('staff accounts', () => {
  it('invites by e-mail with a single-use link that sets a password', async () => {
    const invited = await call('POST', '/api/admin/staff/invitations', superAdmin, {
      email: 'new.support@staff.example',
      first_name: 'Nia',
      last_name: 'Newcomer',
      role: 'support',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await latestLink();
    const again = await call('POST', '/api/admin/staff/invitations', superAdmin, {
      email: 'NEW.support@staff.example',
      first_name: 'Nia',
      last_name: 'Newcomer',
      role: 'support',
    });
    expect(again.statusCode).toBe(409);

    const lookup = await call('POST', '/api/admin/invitation/lookup', null, { token });
    expect(lookup.json()).toMatchObject({
      email: 'new.support@staff.example',
      first_name: 'Nia',
      role: 'support',
    });
    const weak = await call('POST', '/api/admin/invitation/accept', null, { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    const accepted = await call('POST', '/api/admin/invitation/accept', null, {
      token,
      password: 'Newcomer#Passw0rd-2026',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const reused = await call('POST', '/api/admin/invitation/accept', null, {
      token,
      password: 'Newcomer#Passw0rd-2026',
    });
    expect(reused.statusCode).toBe(404);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/admin-login',
      payload: { email: 'new.support@staff.example', password: 'Newcomer#Passw0rd-2026' },
    });
    expect(login.json()).toMatchObject({ success: true, admin: { role: 'support' } });
    const list = await call('GET', '/api/admin/staff', superAdmin);
    expect((list.json() as { staff: { email: string }[] }).staff.map((member) => member.email)).toContain(
      'new.support@staff.example',
    );
  });

  it('refuses an expired invitation link', async () => {
    await call('POST', '/api/admin/staff/invitations', superAdmin, {
      email: 'late@staff.example',
      first_name: 'Lee',
      last_name: 'Late',
      role: 'operations',
    });
    const token = await latestLink();
    testApp.clock.advance(73 * 3600 * 1000);
    const late = await call('POST', '/api/admin/invitation/lookup', null, { token });
    expect(late.statusCode).toBe(404);
    testApp.clock.advance(-73 * 3600 * 1000);
  });

  it('never removes or demotes the last active super admin', async () => {
    const demote = await call('PUT', `/api/admin/staff/${superAdmin.id}/role`, superAdmin, {
      role: 'operations',
    });
    expect(demote.statusCode).toBe(409);
    expect((demote.json() as { error: { message: string } }).error.message).toBe(
      'The last active super admin cannot be removed or demoted.',
    );
    const self = await call('PUT', `/api/admin/staff/${superAdmin.id}/active`, superAdmin, {
      is_active: false,
    });
    expect(self.statusCode).toBe(409);
  });

  it('ends the sessions of a deactivated member at once, and an operations admin cannot manage staff', async () => {
    const refused = await call('PUT', `/api/admin/staff/${superAdmin.id}/active`, operations, {
      is_active: false,
    });
    expect(refused.statusCode).toBe(403);
    const before = await call('GET', '/api/admin/dashboard', operations);
    expect(before.statusCode).toBe(200);
    const deactivated = await call('PUT', `/api/admin/staff/${operations.id}/active`, superAdmin, {
      is_active: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ staff_member: { is_active: false } });
    const after = await call('GET', '/api/admin/dashboard', operations);
    expect(after.statusCode).toBe(401);
    const audit = await call(
      'GET',
      `/api/admin/audit?action=staff.deactivate&target_id=${operations.id}`,
      superAdmin,
    );
    expect(audit.json()).toMatchObject({
      entries: [{ before: { is_active: true }, after: { is_active: false, sessions_ended: 1 } }],
    });
  });
});
