import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences } from '../../db/schema';
import { createAudience } from '../../test-support/notification-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { twilioSignature } from './twilio-signature';

const authToken = 'twilio-test-auth-token-0123456789';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    env: {
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: '+16175550100',
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

const path = '/api/webhooks/twilio/sms';

function post(params: Record<string, string>, signature: string | null) {
  return testApp.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

async function marketingSmsOf(investorId: string) {
  const [row] = await testApp.context.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.investorId, investorId));
  return row?.marketingSms;
}

describe('the Twilio STOP webhook with Twilio configured', () => {
  it('obeys a correctly signed STOP, and refuses unsigned or wrongly signed requests', async () => {
    const [member] = await createAudience(testApp.context.db, { count: 1, marketingSms: true });
    const params = { From: member!.phone!, To: '+16175550100', Body: 'STOP', MessageSid: 'SM123' };
    const url = `${testApp.config.appUrl}${path}`;

    expect((await post(params, null)).statusCode).toBe(403);
    expect((await post(params, twilioSignature('another-token-0123456789', url, params))).statusCode).toBe(
      403,
    );
    const tampered = twilioSignature(authToken, url, { ...params, From: '+16175550999' });
    expect((await post(params, tampered)).statusCode).toBe(403);
    expect(await marketingSmsOf(member!.investorId)).toBe(true);

    const hello = { ...params, Body: 'Hello there' };
    expect((await post(hello, twilioSignature(authToken, url, hello))).statusCode).toBe(200);
    expect(await marketingSmsOf(member!.investorId)).toBe(true);

    const signed = await post(params, twilioSignature(authToken, url, params));
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toContain('text/xml');
    expect(await marketingSmsOf(member!.investorId)).toBe(false);
  });
});
