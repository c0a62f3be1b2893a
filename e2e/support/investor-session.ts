/**
 * Signing investors in for browser tests, through the server's own endpoints so the
 * browser context holds the real session cookie:
 *
 *   await signInAsDemoInvestor(context, baseUrl);           // demo mode's shortcut
 *   const who = await signUpInvestor(context, baseUrl, { email });   // the whole sign-up journey
 */
import type { BrowserContext } from 'playwright-core';
import { waitForOutboxMessage } from './outbox';

export const demoInvestor = {
  email: 'demo@steadyline.example',
  password: 'DemoInvestor#2025',
  phone: '+16175550142',
} as const;

async function post(context: BrowserContext, baseUrl: string, path: string, data: unknown) {
  const response = await context.request.post(`${baseUrl}${path}`, { data, headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

export async function signInAsDemoInvestor(context: BrowserContext, baseUrl: string): Promise<void> {
  await post(context, baseUrl, '/api/auth/demo-login', {});
}

let phoneCounter = 0;

/** A US number no other test uses in this run (the SMS limits are per phone). */
export function uniquePhone(): string {
  phoneCounter += 1;
  const suffix = String((Date.now() % 9000) + 1000 + phoneCounter).slice(-4);
  return `+1617555${suffix}`;
}

/** E-mail link, SMS code, password: leaves the context signed in as a new active investor without a bank account. */
export async function signUpInvestor(
  context: BrowserContext,
  baseUrl: string,
  input: { email: string; phone?: string; password?: string },
): Promise<{ email: string; phone: string }> {
  const phone = input.phone ?? uniquePhone();
  const password = input.password ?? 'Correct-Horse-42!';
  const started = new Date(Date.now() - 1000).toISOString();
  await post(context, baseUrl, '/functions/v1/auth-start', { email: input.email });
  const mail = await waitForOutboxMessage(baseUrl, input.email, { channel: 'email', after: started });
  const link = new URL(/(https?:\/\/\S+\/auth\/confirm\?\S+)/.exec(mail.text)?.[1] ?? '');
  await post(context, baseUrl, '/api/auth/confirm', {
    token_hash: link.searchParams.get('token_hash'),
    type: link.searchParams.get('type'),
  });
  await post(context, baseUrl, '/functions/v1/auth-phone-start', { phone });
  const sms = await waitForOutboxMessage(baseUrl, phone, { channel: 'sms', after: started });
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  await post(context, baseUrl, '/functions/v1/auth-phone-check', { phone, code });
  await post(context, baseUrl, '/api/auth/password', { password, confirmPassword: password });
  return { email: input.email, phone };
}
