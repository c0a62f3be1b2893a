/**
 * The small server-rendered pages an unsubscribe link opens. They work without the web app's
 * JavaScript (a mail client's browser may block it) and style themselves from one same-origin
 * style sheet, as the content security policy requires.
 */
import { escapeHtml } from '../../../shared/notifications/render-template';

export const UNSUBSCRIBE_STYLESHEET_PATH = '/unsubscribe/page.css';

export const unsubscribeStylesheet = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
  background:#f6f7f9;color:#0f1f33;font:16px/1.6 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{width:100%;max-width:480px;background:#fff;border:1px solid #e2e6ec;border-radius:16px;
  padding:40px 36px;box-shadow:0 1px 3px rgba(15,31,51,.08),0 8px 24px rgba(15,31,51,.06)}
.brand{display:inline-flex;align-items:center;gap:8px;margin:0 0 28px;font-weight:700;font-size:19px;
  color:#0b5f54;text-decoration:none}
.brand::before{content:"";width:12px;height:12px;border-radius:3px;background:#0b5f54}
.icon{width:48px;height:48px;border-radius:50%;display:flex;align-items:center;justify-content:center;
  margin:0 0 20px;font-size:24px;font-weight:700}
.icon-success{background:#e7f5ee;color:#1e7a4c}
.icon-info{background:#eef2f8;color:#0f1f33}
.icon-error{background:#fdecea;color:#b42318}
h1{margin:0 0 12px;font-size:26px;line-height:1.25;letter-spacing:-.01em}
p{margin:0 0 16px;color:#4a5568}
form{margin:24px 0 0;padding:20px 0 0;border-top:1px solid #e2e6ec}
form p{font-size:14px}
form.confirm{margin:28px 0 0;padding:0;border-top:0}
button,.button{display:inline-block;font:inherit;font-weight:600;font-size:15px;padding:10px 20px;border-radius:8px;
  border:1px solid #c9d1db;background:#fff;color:#0f1f33;cursor:pointer;text-decoration:none}
button:hover,.button:hover{background:#f6f7f9}
button.primary{background:#0b5f54;border-color:#0b5f54;color:#fff}
button.primary:hover{background:#094d44}
button:focus-visible,a:focus-visible{outline:none;box-shadow:0 0 0 3px rgba(11,95,84,.35)}
a{color:#0b5f54}
.small{font-size:13px;color:#5f6b7a;margin:24px 0 0}
@media (max-width:480px){main{padding:32px 22px}h1{font-size:22px}form.confirm button{width:100%}}
`;

export interface UnsubscribePage {
  tone: 'success' | 'info' | 'error';
  heading: string;
  paragraphs: string[];
  /** The Unsubscribe button a GET of the link shows, posting the token (nothing changes until then). */
  confirmToken?: string;
  /** A Resubscribe button (e-mail only) posting the same token back. */
  resubscribeToken?: string;
}

export interface PageBrand {
  brandName: string;
  appUrl: string;
  supportEmail: string;
}

const icons = { success: '✓', info: 'i', error: '!' } as const;

export function renderUnsubscribePage(brand: PageBrand, page: UnsubscribePage): string {
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const confirm = page.confirmToken
    ? `<form class="confirm" method="post" action="/unsubscribe">
<input type="hidden" name="token" value="${escapeHtml(page.confirmToken)}">
<button class="primary" type="submit">Unsubscribe</button>
</form>`
    : '';
  const resubscribe = page.resubscribeToken
    ? `<form method="post" action="/unsubscribe/resubscribe">
<p>Unsubscribed by mistake? You can start receiving our news again.</p>
<input type="hidden" name="token" value="${escapeHtml(page.resubscribeToken)}">
<button type="submit">Resubscribe</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.heading)} · ${escapeHtml(brand.brandName)}</title>
<link rel="stylesheet" href="${UNSUBSCRIBE_STYLESHEET_PATH}">
</head>
<body>
<main>
<a class="brand" href="${escapeHtml(brand.appUrl)}/">${escapeHtml(brand.brandName)}</a>
<div class="icon icon-${page.tone}" aria-hidden="true">${icons[page.tone]}</div>
<h1>${escapeHtml(page.heading)}</h1>
${paragraphs}
${confirm}
${resubscribe}
<p class="small">Manage every notification in <a href="${escapeHtml(brand.appUrl)}/settings">Settings</a>, or write to <a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a>.</p>
</main>
</body>
</html>`;
}
