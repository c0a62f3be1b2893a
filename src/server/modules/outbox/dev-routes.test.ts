import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('the dev outbox page', () => {
  it('shows the app’s links in a message as anchors that can be clicked, and nothing else', async () => {
    await testApp.context.messages.sendEmail({
      to: 'ada@example.com',
      subject: 'Your sign-in link',
      text: 'Sign in: http://localhost:3000/auth/confirm?token_hash=abc&type=email\nNot ours: https://evil.example/x <b>bold</b>',
      html: '<p>Sign in</p>',
    });
    const page = await testApp.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<a href="http://localhost:3000/auth/confirm?token_hash=abc&#38;type=email">http://localhost:3000/auth/confirm?token_hash=abc&#38;type=email</a>',
    );
    expect(page.body).not.toContain('<a href="https://evil.example');
    expect(page.body).toContain('&#60;b&#62;bold&#60;/b&#62;');
    // E-mail previews keep their inline styles; scripts stay forbidden.
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'none'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
  });
});
