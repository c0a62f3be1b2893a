/**
 * Issue 16.1 end to end: a super_admin invites an operations admin, who sets a password from the
 * e-mailed link, enrols TOTP at the first sign-in (the code computed with otpauth, as an
 * authenticator app would), keeps the recovery codes and reaches the dashboard; the audit log
 * shows what happened. Set SHOTS_DIR to save screenshots of the new pages at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin, totpCode } from './support/admin-sign-in';
import { launchBrowser, openPage } from './support/browser';
import { waitForOutboxMessage } from './support/outbox';

const baseUrl = inject('baseUrl');
const shotsDir = process.env.SHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('staff accounts with two-factor', () => {
  it('a super_admin invites an admin, who sets a password, enrols TOTP and signs in', async () => {
    const email = `ops.${Date.now().toString(36)}@staff.example`;
    const owner = await openPage(browser, baseUrl);
    await signInAsDemoAdmin(owner.page);
    await owner.page.getByRole('link', { name: 'Staff' }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await owner.page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First name').fill('Olive');
    await dialog.getByLabel('Last name').fill('Operator');
    await dialog.getByLabel('Role').selectOption('operations');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner.page.getByText(`Invitation sent to ${email}.`).waitFor();
    await owner.page.getByRole('cell', { name: email }).waitFor();
    expect(await seriousAccessibilityViolations(owner.page)).toEqual([]);
    await shot(owner.page, 'admin-staff');

    const mail = await waitForOutboxMessage(baseUrl, email, { channel: 'email' });
    const link = /http\S+\/admin\/invitation\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    const invitee = await openPage(browser, baseUrl);
    await invitee.page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await invitee.page.getByText('Welcome, Olive.').waitFor();
    await shot(invitee.page, 'admin-invitation');
    const password = 'Olive#Operat0r-2026';
    await invitee.page.getByLabel('Password', { exact: true }).fill(password);
    await invitee.page.getByLabel('Confirm password').fill(password);
    await invitee.page.getByRole('button', { name: 'Set password' }).click();
    await invitee.page.getByRole('link', { name: 'Go to sign-in' }).click();

    await invitee.page.getByLabel('Email').fill(email);
    await invitee.page.getByLabel('Password').fill(password);
    await invitee.page.getByRole('button', { name: 'Sign in' }).click();
    await invitee.page.getByRole('heading', { name: 'Set up two-factor' }).waitFor();
    await invitee.page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await shot(invitee.page, 'admin-totp-enrolment');
    const secret = (await invitee.page.getByTestId('totp-secret').innerText()).trim();
    await invitee.page.getByLabel('Code from your app').fill(totpCode(secret));
    await invitee.page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = invitee.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await shot(invitee.page, 'admin-recovery-codes');
    await invitee.page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await invitee.page.waitForURL('**/admin/dashboard');
    await invitee.page.getByText('Olive Operator').waitFor();
    // Operations has no Staff page.
    expect(await invitee.page.getByRole('link', { name: 'Staff' }).count()).toBe(0);

    await owner.page.getByRole('link', { name: 'Audit' }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await owner.page.getByRole('cell', { name: 'Staff invite' }).first().waitFor();
    await owner.page.getByRole('cell', { name: 'Admin two factor enrol' }).first().waitFor();
    expect(await seriousAccessibilityViolations(owner.page)).toEqual([]);
    await shot(owner.page, 'admin-audit');

    expect(owner.errors).toEqual([]);
    expect(invitee.errors).toEqual([]);
    await owner.context.close();
    await invitee.context.close();
  }, 240_000);
});
