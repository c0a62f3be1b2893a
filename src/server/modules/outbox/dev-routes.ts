import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { escapeHtml, linkifyAppLinks } from './app-links';
import { listOutboxMessages } from './repository';

const outboxEntry = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});

const outboxPolicy = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** The development outbox (never registered in production). */
export function devOutboxRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const load = async () =>
      (await listOutboxMessages(context.db, 100)).map((row) => ({
        id: row.id,
        channel: row.channel as 'email' | 'sms',
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        created_at: row.createdAt.toISOString(),
      }));

    app.get(
      '/dev/outbox.json',
      {
        schema: {
          tags: ['dev'],
          summary: 'Messages sent, newest first (development only)',
          response: { 200: z.array(outboxEntry) },
        },
      },
      async () => load(),
    );

    app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
      const messages = await load();
      const items = messages
        .map(
          (message) => `<article>
  <header><span class="channel">${message.channel.toUpperCase()}</span> to <strong>${escapeHtml(message.to)}</strong>
  <time datetime="${message.created_at}">${escapeHtml(message.created_at)}</time></header>
  ${message.subject ? `<h2>${escapeHtml(message.subject)}</h2>` : ''}
  <pre>${linkifyAppLinks(message.text, context.config.appUrl)}</pre>
  ${message.html ? `<details><summary>HTML version</summary><iframe sandbox title="HTML version" srcdoc="${escapeHtml(message.html)}"></iframe></details>` : ''}
</article>`,
        )
        .join('\n');
      // The HTML previews (sandboxed srcdoc frames) inherit this page's policy: allow the inline
      // styles e-mails are made of, so a preview looks as the recipient sees it. Still no script.
      reply.header('content-security-policy', outboxPolicy);
      reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · ${escapeHtml(context.config.BRAND_NAME)}</title>
<link rel="stylesheet" href="/dev/outbox.css"></head>
<body><main><h1>Dev outbox</h1><p>Every e-mail and SMS the app sent, newest first. Not available in production.</p>
${items || '<p class="empty">No messages yet.</p>'}</main></body></html>`);
    });

    app.get('/dev/outbox.css', { schema: { hide: true } }, async (_request, reply) => {
      reply
        .type('text/css')
        .send(`body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#14213d;margin:0}
main{max-width:860px;margin:0 auto;padding:32px 16px}article{background:#fff;border:1px solid #e3e6eb;border-radius:12px;padding:16px 20px;margin:16px 0}
header{font-size:14px;color:#4a5568}.channel{background:#e8f0fe;color:#1a4fd6;border-radius:6px;padding:2px 8px;font-weight:600;margin-right:6px}
time{float:right}h2{font-size:18px;margin:12px 0 8px}pre{white-space:pre-wrap;word-break:break-word;font-size:14px;line-height:1.5}
iframe{width:100%;height:520px;border:1px solid #e3e6eb;border-radius:8px;background:#fff}.empty{color:#4a5568}
a{color:#0b5f54}a:focus-visible{outline:3px solid rgba(11,95,84,.35);outline-offset:2px}
@media (max-width:600px){time{float:none;display:block;margin-top:4px}}`);
    });
  };
}
