import type { Page } from 'playwright-core';

/** The demo admin the e2e server seeds (demo mode), a super_admin. */
export const demoAdmin = { email: 'admin@steadyline.example', password: 'DemoAdmin#2025!' } as const;

/** Signs in through /admin/login as a person would and waits for the dashboard. */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(demoAdmin.email);
  await page.getByLabel('Password').fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
}
