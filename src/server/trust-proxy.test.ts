/**
 * TRUST_PROXY (decision 1820): behind a load balancer the client's address is the hop the
 * balancer appended, never one the client wrote into X-Forwarded-For itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { testOrigin } from './test-support/investor-auth';
import { createTestApp, type TestApp } from './test-support/test-app';

/** The per-IP limit of code checks (30 per 15 minutes, decision 201): 31 tries, one over. */
const CODE_CHECKS_PER_IP = 30;

async function codeCheckStatuses(
  testApp: TestApp,
  request: (attempt: number) => { forwardedFor: string; remoteAddress?: string },
): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= CODE_CHECKS_PER_IP; attempt += 1) {
    const { forwardedFor, remoteAddress } = request(attempt);
    statuses.push(await codeCheckStatus(testApp, forwardedFor, remoteAddress));
  }
  return statuses;
}

/** A client rotating a made-up first hop; the balancer appends the address it really saw. */
function rotatingClient(attempt: number, realAddress = '203.0.113.9'): string {
  return `198.51.100.${attempt + 1}, ${realAddress}`;
}

/** One code check (a wrong code: 400 while the client is within its limit, 429 past it). */
async function codeCheckStatus(
  testApp: TestApp,
  forwardedFor: string,
  remoteAddress?: string,
): Promise<number> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/functions/v1/auth-phone-check',
    payload: { phone: '+16175550999', code: '123456' },
    headers: { origin: testOrigin, 'x-forwarded-for': forwardedFor },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return response.statusCode;
}

describe('TRUST_PROXY takes a hop count or address ranges, never "trust everything"', () => {
  it.each(['true', 'yes'])('refuses %s with a message naming the variable and the choices', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: true would trust every/);
  });

  it('refuses a malformed address range', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: must be false, the number/,
    );
  });

  it('reads off, a hop count and comma-separated ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,192.0.2.10' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.10',
    ]);
  });
});

describe('with one trusted hop', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('a client rotating X-Forwarded-For is still one client to the rate limits', async () => {
    const statuses = await codeCheckStatuses(testApp, (attempt) => ({
      forwardedFor: rotatingClient(attempt),
    }));
    expect(statuses.slice(0, CODE_CHECKS_PER_IP).every((status) => status === 400)).toBe(true);
    expect(statuses[CODE_CHECKS_PER_IP]).toBe(429);
    // The address the balancer saw is the client: another visitor behind it keeps its own limit.
    expect(await codeCheckStatus(testApp, rotatingClient(0, '203.0.113.10'))).toBe(400);
  });
});

describe('with the balancer’s address range', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('believes the hop the balancer appended, not the ones the client wrote', async () => {
    const statuses = await codeCheckStatuses(testApp, (attempt) => ({
      forwardedFor: rotatingClient(attempt),
      remoteAddress: '10.0.4.7',
    }));
    expect(statuses[CODE_CHECKS_PER_IP]).toBe(429);
    expect(await codeCheckStatus(testApp, rotatingClient(0, '203.0.113.10'), '10.0.4.7')).toBe(400);
  });

  it('believes nothing a client outside the range sends', async () => {
    const statuses = await codeCheckStatuses(testApp, (attempt) => ({
      forwardedFor: `198.51.100.${attempt + 1}`,
      remoteAddress: '192.0.2.55',
    }));
    expect(statuses[CODE_CHECKS_PER_IP]).toBe(429);
  });
});
