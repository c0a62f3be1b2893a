/**
 * The one branded e-mail layout for transactional and marketing mail. E-mail clients ignore
 * style sheets and most modern CSS, so it is table-based with inline styles, 600 px wide,
 * and readable with images off. Every text passed in is escaped here or by the renderer.
 */
import { escapeHtml, type HtmlStyles } from '../../../shared/notifications/render-template';

export const emailColors = {
  accent: '#0b5f54',
  accentSoft: '#e6f2ef',
  ink: '#0f1f33',
  muted: '#4a5568',
  subtle: '#6b7685',
  border: '#e2e6ec',
  canvas: '#f6f7f9',
  surface: '#ffffff',
} as const;

const fontStack = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export const bodyTextStyles: HtmlStyles = {
  paragraph: `margin:0 0 16px;font-size:16px;line-height:1.6;color:${emailColors.ink}`,
  link: `color:${emailColors.accent};text-decoration:underline`,
};

export interface EmailFact {
  label: string;
  value: string;
}

export interface EmailLayoutInput {
  brandName: string;
  appUrl: string;
  /** The hidden line inbox lists show after the subject. */
  preheader: string;
  heading?: string;
  /** Already-escaped HTML paragraphs (from paragraphsToHtml or plainParagraphsHtml). */
  contentHtml: string;
  facts?: EmailFact[];
  action?: { label: string; url: string };
  /** Footer lines as plain text; links given apart so they can be made clickable. */
  footer: { lines: string[]; links?: { label: string; url: string }[] };
}

/** Plain sentences as escaped paragraphs in the layout's type. */
export function plainParagraphsHtml(paragraphs: string[]): string {
  return paragraphs
    .map((text) => `<p style="${bodyTextStyles.paragraph}">${escapeHtml(text)}</p>`)
    .join('\n');
}

function factsHtml(facts: EmailFact[]): string {
  const rows = facts
    .map(
      (fact, index) => `<tr>
<td style="padding:12px 16px;font-size:14px;color:${emailColors.muted};${index > 0 ? `border-top:1px solid ${emailColors.border};` : ''}">${escapeHtml(fact.label)}</td>
<td align="right" style="padding:12px 16px;font-size:14px;font-weight:600;color:${emailColors.ink};${index > 0 ? `border-top:1px solid ${emailColors.border};` : ''}">${escapeHtml(fact.value)}</td>
</tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border:1px solid ${emailColors.border};border-radius:10px;border-collapse:separate">
${rows}
</table>`;
}

function actionHtml(action: { label: string; url: string }): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 8px"><tr>
<td style="border-radius:8px;background:${emailColors.accent}">
<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(action.label)}</a>
</td></tr></table>`;
}

function footerHtml(footer: EmailLayoutInput['footer']): string {
  const lines = footer.lines.map((line) => `<p style="margin:0 0 6px">${escapeHtml(line)}</p>`).join('\n');
  const links = (footer.links ?? [])
    .map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" style="color:${emailColors.subtle};text-decoration:underline">${escapeHtml(link.label)}</a>`,
    )
    .join(' &middot; ');
  return `${lines}${links ? `\n<p style="margin:10px 0 0">${links}</p>` : ''}`;
}

export function renderEmailLayout(input: EmailLayoutInput): string {
  const brand = escapeHtml(input.brandName);
  const heading = input.heading
    ? `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;font-weight:700;color:${emailColors.ink}">${escapeHtml(input.heading)}</h1>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${brand}</title>
</head>
<body style="margin:0;padding:0;background:${emailColors.canvas};font-family:${fontStack};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(input.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${emailColors.canvas}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:0 4px 20px">
<a href="${escapeHtml(input.appUrl)}" style="text-decoration:none;font-size:19px;font-weight:700;letter-spacing:-0.01em;color:${emailColors.accent}">
<span style="display:inline-block;width:12px;height:12px;margin-right:8px;border-radius:3px;background:${emailColors.accent};vertical-align:middle"></span>${brand}</a>
</td></tr>
<tr><td style="background:${emailColors.surface};border:1px solid ${emailColors.border};border-radius:14px;padding:36px 36px 28px">
${heading}
${input.contentHtml}
${input.facts && input.facts.length > 0 ? factsHtml(input.facts) : ''}
${input.action ? actionHtml(input.action) : ''}
</td></tr>
<tr><td style="padding:24px 8px 0;font-size:12px;line-height:1.6;color:${emailColors.subtle}">
${footerHtml(input.footer)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
