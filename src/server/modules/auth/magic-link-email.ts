/**
 * The e-mails of the magic-link flow: an HTML part that renders well in common mail clients
 * (tables, inline styles, no remote images) and an equivalent text part.
 */
export type MagicLinkEmailKind = 'sign_up' | 'sign_in' | 'password_reset';

export interface MagicLinkEmailInput {
  kind: MagicLinkEmailKind;
  link: string;
  brandName: string;
  lifetimeMinutes: number;
  supportEmail: string;
  postalAddress: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const copy: Record<
  MagicLinkEmailKind,
  { subject: (brand: string) => string; heading: string; intro: string; button: string }
> = {
  sign_up: {
    subject: (brand) => `Confirm your email to get started with ${brand}`,
    heading: 'Confirm your email',
    intro: 'Thanks for starting your account. Confirm this is your email address to continue setting it up.',
    button: 'Confirm email and continue',
  },
  sign_in: {
    subject: (brand) => `Your ${brand} sign-in link`,
    heading: 'Sign in to your account',
    intro: 'Use the button below to sign in. No password needed.',
    button: 'Sign in',
  },
  password_reset: {
    subject: (brand) => `Reset your ${brand} password`,
    heading: 'Reset your password',
    intro: 'We received a request to reset your password. Use the button below to choose a new one.',
    button: 'Choose a new password',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function renderMagicLinkEmail(input: MagicLinkEmailInput): RenderedEmail {
  const words = copy[input.kind];
  const subject = words.subject(input.brandName);
  const expiry = `This link works once and expires in ${input.lifetimeMinutes} minutes.`;
  const ignore =
    "If you didn't ask for this, you can safely ignore this email: nothing changes until the link is used.";
  const text = [
    words.heading,
    '',
    words.intro,
    '',
    `${words.button}:`,
    input.link,
    '',
    expiry,
    ignore,
    '',
    `Questions? Write to ${input.supportEmail}.`,
    '',
    `${input.brandName} · ${input.postalAddress}`,
  ].join('\n');

  const brand = escapeHtml(input.brandName);
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(words.intro)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;">
<tr><td align="center" style="padding:40px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;">
<tr><td style="padding:0 4px 20px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:20px;font-weight:700;letter-spacing:-0.2px;color:#0f1f33;">${brand}</td></tr>
<tr><td style="background:#ffffff;border:1px solid #e2e7ee;border-radius:14px;padding:36px 32px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d2939;">
<h1 style="margin:0 0 12px;font-size:22px;line-height:30px;font-weight:650;color:#0f1f33;">${escapeHtml(words.heading)}</h1>
<p style="margin:0 0 28px;font-size:15px;line-height:24px;color:#475467;">${escapeHtml(words.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:10px;background:#0b5f54;">
<a href="${link}" style="display:inline-block;padding:14px 26px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px;">${escapeHtml(words.button)}</a>
</td></tr></table>
<p style="margin:28px 0 8px;font-size:13px;line-height:20px;color:#667085;">${escapeHtml(expiry)}</p>
<p style="margin:0 0 20px;font-size:13px;line-height:20px;color:#667085;">${escapeHtml(ignore)}</p>
<p style="margin:0;font-size:12px;line-height:18px;color:#98a2b3;">Button not working? Paste this link into your browser:<br>
<a href="${link}" style="color:#0b5f54;word-break:break-all;">${link}</a></p>
</td></tr>
<tr><td style="padding:20px 4px 0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:12px;line-height:18px;color:#98a2b3;">
Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}" style="color:#667085;">${escapeHtml(input.supportEmail)}</a>.<br>
${brand} · ${escapeHtml(input.postalAddress)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** Sent instead of a link when a suspended or closed account asks to sign in. */
export function renderAccountUnavailableEmail(input: {
  brandName: string;
  supportEmail: string;
  postalAddress: string;
}): RenderedEmail {
  const subject = `About your ${input.brandName} account`;
  const body = `Someone asked to sign in to the ${input.brandName} account for this email address. The account is not open for sign-in at the moment, so no sign-in link was sent.`;
  const help = `If you have questions, write to ${input.supportEmail}.`;
  const text = `${body}\n\n${help}\n\n${input.brandName} · ${input.postalAddress}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:40px 16px;background:#f3f5f8;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d2939;">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e7ee;border-radius:14px;padding:32px;">
<p style="margin:0 0 16px;font-size:15px;line-height:24px;">${escapeHtml(body)}</p>
<p style="margin:0;font-size:15px;line-height:24px;">${escapeHtml(help)}</p></div>
<p style="max-width:520px;margin:16px auto 0;font-size:12px;color:#98a2b3;">${escapeHtml(input.brandName)} · ${escapeHtml(input.postalAddress)}</p>
</body></html>`;
  return { subject, text, html };
}
