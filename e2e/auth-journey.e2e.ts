/**
 * The investor identity journey in a browser (issue 3): sign-up from the landing page, the
 * magic link from the outbox, the phone code, the password, /dashboard, /get-started, sign-out,
 * then sign-in with password + SMS code and with an SMS code alone; and the magic link through
 * a real SMTP server. This file runs its own server: e-mail goes out over SMTP (and is still
 * recorded in the dev outbox). SMS settings are the defaults users get (a 60 s resend wait).
 */
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server';
import { launchBrowser, openPage } from './support/browser';
import { signUpInvestor } from './support/investor-session';
import { type OutboxMessage, waitForOutboxMessage } from './support/outbox';

const appPort = Number(process.env.E2E_AUTH_PORT ?? 3214);
const smtpPort = Number(process.env.E2E_AUTH_SMTP_PORT ?? 3215);
const password = 'Harbor-Lights-2026!';

interface ReceivedMail {
  to: string[];
  raw: string;
}

let server: AppServer;
let smtp: SMTPServer;
let browser: Browser;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  server = await startAppServer({
    port: appPort,
    env: { DEMO_MODE: 'false', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
}

let phoneSequence = 0;
function uniquePhone(): string {
  phoneSequence += 1;
  return `617555${String((Date.now() + phoneSequence * 37) % 10_000).padStart(4, '0')}`;
}

function linkIn(message: OutboxMessage): string {
  const match = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(message.text);
  if (!match) throw new Error('The e-mail has no magic link');
  return new URL(match[0]).pathname + new URL(match[0]).search;
}

function codeIn(message: OutboxMessage): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match?.[1]) throw new Error('The SMS has no code');
  return match[1];
}

/** Quoted-printable text as sent by nodemailer: joins soft line breaks and decodes =XX. */
function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function waitForSmtpMail(to: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = received.find((entry) => entry.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No SMTP delivery to ${to}`);
}

async function newestSms(phoneE164: string, after?: string): Promise<OutboxMessage> {
  return waitForOutboxMessage(server.baseUrl, phoneE164, { channel: 'sms', ...(after ? { after } : {}) });
}

async function signOutFromDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
}

describe('the investor identity journey', () => {
  it('signs up from the landing page, onboards, signs out, and signs in with password + SMS and with SMS alone', async () => {
    const email = uniqueEmail('journey');
    const phoneDigits = uniquePhone();
    const phoneE164 = `+1${phoneDigits}`;
    const { page, context } = await openPage(browser, server.baseUrl);

    // Landing page: START EARNING TODAY -> CHECK YOUR EMAIL.
    await page.goto('/');
    const cta = page.locator('section.section-cta');
    await cta.getByLabel('Email address').fill(email);
    await cta.getByRole('button', { name: 'GET STARTED' }).click();
    await cta.getByText('CHECK YOUR EMAIL').waitFor();

    // The magic link from the outbox: /auth/confirm -> /verify-email -> (1.5 s) -> /signup/phone.
    const mail = await waitForOutboxMessage(server.baseUrl, email, { channel: 'email' });
    expect(mail.subject).toBe('Confirm your email to get started with Steadyline');
    await page.goto(linkIn(mail));
    await page.getByText('EMAIL VERIFIED').waitFor();
    await page.waitForURL('**/signup/phone');

    // Phone: a wrong code first, then the right one.
    await page
      .getByLabel('Mobile phone number')
      .fill(`(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    const verifyButton = page.getByRole('button', { name: 'Verify' });
    await verifyButton.waitFor();
    await page.getByLabel('Verification code').fill('12a3');
    expect(await page.getByLabel('Verification code').inputValue()).toBe('123');
    expect(await verifyButton.isDisabled()).toBe(true);
    const phoneSms = await newestSms(phoneE164);
    const code = codeIn(phoneSms);
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await verifyButton.click();
    await page.getByText('Invalid code').waitFor();
    await page.getByLabel('Verification code').fill(code);
    await verifyButton.click();
    await page.waitForURL('**/signup/password');

    // Password: the shared rules, then the welcome screen.
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 12 characters long').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(email).waitFor();
    await page.getByText(`***-***-${phoneDigits.slice(-4)}`).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();

    // On to /get-started with the member card; the header is in authenticated mode.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/get-started');
    await page.getByRole('heading', { name: 'GET STARTED' }).waitFor();
    // No identity check has run yet: the card must not claim VERIFIED (issue 13 item 17).
    await page
      .locator('.member-card')
      .getByText(/^NOT YET VERIFIED \| MEMBER SINCE \d{4}$/)
      .waitFor();
    await expect(page.locator('.member-card').getByText(email).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'LOGIN' }).count()).resolves.toBe(0);

    await signOutFromDashboard(page);
    // The session is gone on the server: a guarded page now sends the visitor to sign in.
    await page.goto('/get-started');
    await page.waitForURL('**/login?next=%2Fget-started');

    // Password + SMS code.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Check your phone').waitFor();
    await page.getByText(`***-***-${phoneDigits.slice(-4)}`).waitFor();
    const secondFactor = await newestSms(phoneE164, phoneSms.created_at);
    await page.getByLabel('Verification code').fill(codeIn(secondFactor));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/get-started');

    await signOutFromDashboard(page);

    // SMS code alone, returning to the page that asked for sign-in.
    await page.goto('/get-started');
    await page.waitForURL('**/login?next=%2Fget-started');
    await page.getByRole('tab', { name: 'SMS' }).click();
    await page.getByLabel('Mobile phone number').fill(phoneDigits);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Enter your code').waitFor();
    const signInSms = await newestSms(phoneE164, secondFactor.created_at);
    await page.getByLabel('Verification code').fill(codeIn(signInSms));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/get-started');
    await context.close();
  });

  it('signs in with a password right after signing up and gets a fresh code that works', async () => {
    const email = uniqueEmail('prompt');
    const phoneE164 = `+1${uniquePhone()}`;
    const signUp = await openPage(browser, server.baseUrl);
    await signUpInvestor(signUp.context, server.baseUrl, { email, phone: phoneE164, password });
    const signUpSms = await newestSms(phoneE164);
    await signUp.context.close();

    // At once, in another browser: the sign-up's phone code was used moments ago.
    const { page, context } = await openPage(browser, server.baseUrl);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Check your phone').waitFor();
    await page.getByText(/We sent a 6-digit code to/).waitFor();
    const signInSms = await newestSms(phoneE164, signUpSms.created_at);
    expect(signInSms.id).not.toBe(signUpSms.id);
    await page.getByLabel('Verification code').fill(codeIn(signInSms));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/get-started');
    await context.close();
  });

  it('sends the magic link through a real SMTP server, and the link works once', async () => {
    const email = uniqueEmail('smtp');
    const { page, context } = await openPage(browser, server.baseUrl);
    await page.goto('/signup?ref=NOSUCHCODE');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'GET STARTED' }).click();
    await page.getByText('CHECK YOUR EMAIL').waitFor();

    const mail = await waitForSmtpMail(email);
    const decoded = decodeQuotedPrintable(mail.raw);
    expect(decoded).toContain('Subject: Confirm your email to get started with Steadyline');
    expect(decoded).toContain('Content-Type: text/plain');
    expect(decoded).toContain('Content-Type: text/html');
    const link = /https?:\/\/\S+\/auth\/confirm\?[^\s"<]+/.exec(decoded)?.[0];
    expect(link).toBeDefined();
    const path =
      new URL(link!.replaceAll('&amp;', '&')).pathname + new URL(link!.replaceAll('&amp;', '&')).search;

    await page.goto(path);
    await page.waitForURL('**/signup/phone');
    await context.close();

    // A second browser opening the same link is sent back to /signup with the spec's message.
    const second = await openPage(browser, server.baseUrl);
    await second.page.goto(path);
    await second.page.waitForURL('**/signup?error=expired');
    await second.page.getByText('Magic link has expired. Please request a new one.').waitFor();
    await second.context.close();
  });

  it('signs in with a magic link from the login page through /auth-callback', async () => {
    const email = uniqueEmail('magic');
    const { page, context } = await openPage(browser, server.baseUrl);
    await page.goto('/login?next=%2Fget-started');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const mail = await waitForOutboxMessage(server.baseUrl, email, { channel: 'email' });
    const link = new URL(linkIn(mail), server.baseUrl);
    expect(link.searchParams.get('redirect_to')).toBe('/auth-callback?redirect=%2Fget-started');
    await page.goto(linkIn(mail));
    // A new address has only its e-mail verified, so the route table sends it to the phone step.
    await page.waitForURL('**/signup/phone');
    await context.close();
  });

  it('sends bad and tampered links back to /signup, and shows AUTHENTICATION ERROR on a failed callback', async () => {
    const { page, context } = await openPage(browser, server.baseUrl);
    await page.goto('/auth/confirm?type=email');
    await page.waitForURL('**/signup?error=invalid_link');
    await page.getByText('Failed to verify magic link').waitFor();

    await page.goto(`/auth/confirm?token_hash=${'A'.repeat(43)}&type=email&redirect_to=/verify-email`);
    await page.waitForURL('**/signup?error=expired');

    await page.goto(
      '/auth-callback?error=access_denied&error_description=Email+link+is+invalid+or+has+expired',
    );
    await page.getByText('AUTHENTICATION ERROR').waitFor();
    await page.getByText('Magic link has expired. Please request a new one.').waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await context.close();
  });

  it('keeps visitors without a session out of the onboarding screens, each to the spec’s page', async () => {
    const { page, context } = await openPage(browser, server.baseUrl);
    const rules: [string, string][] = [
      ['/signup/phone', '/signup'],
      ['/signup/password', '/'],
      ['/dashboard', '/login'],
      ['/verify-email', '/login?next=%2Fget-started'],
      ['/transfer', '/login?next=%2Ftransfer'],
    ];
    for (const [from, to] of rules) {
      await page.goto(from);
      await page.waitForURL(`${server.baseUrl}${to}`);
    }
    await context.close();
  });
});
