import { describe, expect, it } from 'vitest';
import { linkifyAppLinks } from './app-links';

const appUrl = 'http://localhost:3000';

describe('links in the dev outbox', () => {
  it('makes the app’s own links anchors, without sentence punctuation', () => {
    const link = 'http://localhost:3000/auth/confirm?token_hash=abc&type=email&redirect_to=%2Fverify-email';
    expect(linkifyAppLinks(`Open ${link}.`, appUrl)).toBe(
      `Open <a href="${link.replace(/&/g, '&#38;')}">${link.replace(/&/g, '&#38;')}</a>.`,
    );
  });

  it('leaves other sites, look-alike hosts and other schemes as text', () => {
    for (const text of [
      'https://evil.example/steal',
      'http://localhost:3000.evil.example/x',
      'http://localhost:3000@evil.example/x',
      'https://localhost:3000/other-scheme-same-host',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
    ]) {
      expect(linkifyAppLinks(text, appUrl)).not.toContain('<a ');
    }
  });

  it('escapes everything, inside and outside the anchors', () => {
    const html = linkifyAppLinks(
      '<script>alert(1)</script> http://localhost:3000/a"onmouseover="alert(1) & more',
      appUrl,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('<a href="http://localhost:3000/a">http://localhost:3000/a</a>&#34;onmouseover=');
    expect(html).toContain('&#38; more');
  });
});
