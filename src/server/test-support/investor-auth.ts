/**
 * Test helpers for anything behind investor sign-in: drive the real sign-up journey (magic
 * link from the outbox, SMS code from the outbox, password) and hold the session cookie.
 *
 *   const investor = await signUpInvestor(testApp, { email: 'ann@example.com' });
 *   await testApp.app.inject({ method: 'GET', url: '/api/x', headers: { cookie: investor.cookie } });
 */
import type { LightMyRequestResponse } from 'fastify';
import { desc } from 'drizzle-orm';
import { outboxMessages } from '../db/schema';
import type { TestApp } from './test-app';

export const testOrigin = 'http://localhost:3000';

export interface SignedInInvestor {
  cookie: string;
  userId: string;
  investorId: string;
  email: string;
  phone: string;
  password: string;
}

/** The cookie header value that carries the session set by a response (or null if none was set). */
export function sessionCookieFrom(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find(
    (entry) => entry.name === 'sl_session' || entry.name === '__Host-sl_session',
  );
  if (!cookie?.value) return null;
  return `${cookie.name}=${cookie.value}`;
}

export async function latestOutboxMessage(testApp: TestApp, to: string) {
  const rows = await testApp.context.db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(50);
  const found = rows.find((row) => row.toAddress.toLowerCase() === to.toLowerCase());
  if (!found) throw new Error(`No message was sent to ${to}`);
  return found;
}

/** The magic link's query (token_hash, type, redirect_to) from the newest e-mail to the address. */
export async function latestMagicLink(testApp: TestApp, email: string): Promise<URL> {
  const message = await latestOutboxMessage(testApp, email);
  const match = /(https?:\/\/\S+\/auth\/confirm\?\S+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`The newest e-mail to ${email} has no magic link`);
  return new URL(match[1]);
}

/** The 6-digit code of the newest SMS to the number. */
export async function latestSmsCode(testApp: TestApp, phone: string): Promise<string> {
  const message = await latestOutboxMessage(testApp, phone);
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match?.[1]) throw new Error(`The newest SMS to ${phone} has no code`);
  return match[1];
}

export async function callFunction(
  testApp: TestApp,
  name: string,
  payload: Record<string, unknown>,
  cookie?: string | null,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `/functions/v1/${name}`,
    payload,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  });
}

/** Requests a magic link and confirms it; returns the session cookie of the e-mail-verified user. */
export async function verifyEmail(
  testApp: TestApp,
  email: string,
  options: { ref?: string } = {},
): Promise<string> {
  const start = await callFunction(testApp, 'auth-start', {
    email,
    ...(options.ref ? { ref: options.ref } : {}),
  });
  if (start.statusCode !== 200) throw new Error(`auth-start failed: ${start.body}`);
  const link = await latestMagicLink(testApp, email);
  const confirm = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/confirm',
    payload: { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') },
    headers: { origin: testOrigin },
  });
  const cookie = sessionCookieFrom(confirm);
  if (confirm.statusCode !== 200 || !cookie) throw new Error(`confirm failed: ${confirm.body}`);
  return cookie;
}

let phoneCounter = 0;

/** A fresh valid US number for each call, so tests do not trip over each other's resend wait. */
export function uniqueTestPhone(): string {
  phoneCounter += 1;
  return `+1617555${String(1000 + phoneCounter)}`;
}

/**
 * The whole sign-up journey: e-mail link, phone code, password. The clock is moved past the
 * SMS resend wait first so repeated calls never wait.
 */
export async function signUpInvestor(
  testApp: TestApp,
  input: { email: string; phone?: string; password?: string; ref?: string },
): Promise<SignedInInvestor> {
  const phone = input.phone ?? uniqueTestPhone();
  const password = input.password ?? 'Correct-Horse-42!';
  testApp.clock.advance(61_000);
  const cookie = await verifyEmail(testApp, input.email, { ref: input.ref });
  const phoneStart = await callFunction(testApp, 'auth-phone-start', { phone }, cookie);
  if (phoneStart.statusCode !== 200) throw new Error(`auth-phone-start failed: ${phoneStart.body}`);
  const code = await latestSmsCode(testApp, phone);
  const phoneCheck = await callFunction(testApp, 'auth-phone-check', { phone, code }, cookie);
  if (phoneCheck.statusCode !== 200) throw new Error(`auth-phone-check failed: ${phoneCheck.body}`);
  const setPassword = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    payload: { password, confirmPassword: password },
    headers: { origin: testOrigin, cookie },
  });
  if (setPassword.statusCode !== 200) throw new Error(`set password failed: ${setPassword.body}`);
  const session = await testApp.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  const body = session.json() as { investor: { user_id: string; investor_id: string } | null };
  if (!body.investor) throw new Error('sign-up did not leave a session');
  return {
    cookie,
    userId: body.investor.user_id,
    investorId: body.investor.investor_id,
    email: input.email,
    phone,
    password,
  };
}
