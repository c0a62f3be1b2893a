import { describe, expect, it } from 'vitest';
import { fillPlaceholders, paragraphsToHtml, renderParagraphs, renderSubject } from './render-template';
import { type TemplateValues, unknownVariableMessage, unknownVariablesIn } from './template-variables';

const bodyTextStyles = { paragraph: 'margin:0', link: 'color:teal' };

const values: TemplateValues = {
  first_name: 'Avery',
  last_name: 'Johnson',
  email: 'avery@example.com',
  total_balance: '$12,480.00',
  member_since: 'March 4, 2024',
  brand_name: 'Steadyline',
  support_email: 'support@steadyline.example',
  unsubscribe_url: 'https://app.example/unsubscribe?token=abc',
};

function html(template: string, overrides: Partial<TemplateValues> = {}): string {
  return paragraphsToHtml(renderParagraphs(template, { ...values, ...overrides }), bodyTextStyles);
}

describe('template rendering', () => {
  it('fills placeholders, with or without spaces inside the braces', () => {
    expect(fillPlaceholders('Hi {{first_name}} {{ last_name }}, you hold {{total_balance}}.', values)).toBe(
      'Hi Avery Johnson, you hold $12,480.00.',
    );
  });

  it('delivers a first name of <script> as inert text in HTML', () => {
    const rendered = html('Hello {{first_name}}!', { first_name: '<script>alert("x")</script>' });
    expect(rendered).not.toContain('<script>');
    expect(rendered).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it("escapes the admin's own text too: templates are text, not HTML", () => {
    expect(html('<b>Bold</b> & <img src=x onerror=alert(1)>')).toContain(
      '&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
  });

  it('links addresses the admin wrote and the unsubscribe link, never a value an investor typed', () => {
    const rendered = html(
      'Read https://steadyline.example/news. Stop: {{unsubscribe_url}} — {{first_name}}',
      {
        first_name: 'https://evil.example',
      },
    );
    expect(rendered).toContain('<a href="https://steadyline.example/news"');
    expect(rendered).toContain('<a href="https://app.example/unsubscribe?token=abc"');
    expect(rendered).not.toContain('href="https://evil.example"');
    expect(rendered).toContain('https://evil.example');
  });

  it('makes paragraphs of blank-line-separated text and line breaks inside them', () => {
    const paragraphs = renderParagraphs('Hi {{first_name}},\nwelcome.\n\n\nBye', values);
    expect(paragraphs).toHaveLength(2);
    expect(html('Hi {{first_name}},\r\nwelcome.\n\nBye')).toBe(
      `<p style="${bodyTextStyles.paragraph}">Hi Avery,<br>welcome.</p>\n<p style="${bodyTextStyles.paragraph}">Bye</p>`,
    );
  });

  it('keeps a subject on one line', () => {
    expect(renderSubject('News for\n{{first_name}}  ', values)).toBe('News for Avery');
  });

  it('names the variables the platform cannot fill', () => {
    expect(unknownVariablesIn('Hi {{first_name}} {{account_number}}', '{{ssn}} {{account_number}}')).toEqual([
      'account_number',
      'ssn',
    ]);
    expect(unknownVariableMessage(['account_number'])).toBe(
      'Unknown variable {{account_number}}. Use only: first_name, last_name, email, total_balance, member_since, brand_name, support_email, unsubscribe_url.',
    );
  });
});
