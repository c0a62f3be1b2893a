/**
 * The routes reached from outside the app: the unsubscribe link (a GET from the e-mail shows
 * a confirm button; the button's POST or the mail client's RFC 8058 one-click POST
 * unsubscribes) and Twilio's inbound SMS webhook, which turns marketing SMS off when an
 * investor replies STOP.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { consumeRateLimit } from '../../security/rate-limiter';
import { stopMarketingSmsForPhone } from './preference-repository';
import { isStopReply, isValidTwilioSignature } from './twilio-signature';
import {
  renderUnsubscribePage,
  UNSUBSCRIBE_STYLESHEET_PATH,
  unsubscribeStylesheet,
} from './unsubscribe-page';
import {
  applyResubscribe,
  applyUnsubscribe,
  previewUnsubscribe,
  type UnsubscribeOutcome,
  unsubscribePageFor,
} from './unsubscribe-service';

const FORM_TYPE = 'application/x-www-form-urlencoded';
const unsubscribeLimit = { name: 'unsubscribe:ip', limit: 60, windowSeconds: 900 };
const webhookLimit = { name: 'twilio-webhook:ip', limit: 600, windowSeconds: 60 };

const tokenQuery = z.object({ token: z.string().max(400).optional() });
const formBody = z.record(z.string(), z.string()).optional();

function formValues(body: unknown): Record<string, string> {
  const parsed = formBody.safeParse(body);
  return parsed.success ? (parsed.data ?? {}) : {};
}

export function notificationPublicRoutes(context: AppContext): FastifyPluginAsyncZod {
  const brand = {
    brandName: context.config.BRAND_NAME,
    appUrl: context.config.appUrl,
    supportEmail: context.config.SUPPORT_EMAIL,
  };

  async function withinLimit(request: FastifyRequest, rule: typeof unsubscribeLimit): Promise<boolean> {
    return (await consumeRateLimit(context.db, rule, request.ip, context.clock.now())).allowed;
  }

  function sendPage(reply: FastifyReply, outcome: UnsubscribeOutcome) {
    return (
      reply
        .status(outcome.kind === 'invalid' ? 400 : 200)
        .header('cache-control', 'no-store')
        // Same-origin only: the token in the URL never leaves the site, and the page's own forms
        // still send their Origin (no-referrer makes a browser send "Origin: null", refused as cross-site).
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(renderUnsubscribePage(brand, unsubscribePageFor(brand.brandName, outcome)))
    );
  }

  function sendRateLimited(reply: FastifyReply) {
    return reply
      .status(429)
      .type('text/html; charset=utf-8')
      .send(
        renderUnsubscribePage(brand, {
          tone: 'error',
          heading: 'Too many attempts',
          paragraphs: ['Please wait a few minutes and open the link again.'],
        }),
      );
  }

  return async (app) => {
    if (!app.hasContentTypeParser(FORM_TYPE)) {
      app.addContentTypeParser(
        FORM_TYPE,
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
    }

    app.get(UNSUBSCRIBE_STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(unsubscribeStylesheet),
    );

    app.get(
      '/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'The unsubscribe link from a marketing message: a page with a confirm button (changes nothing)',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        if (!(await withinLimit(request, unsubscribeLimit))) return sendRateLimited(reply);
        return sendPage(reply, previewUnsubscribe(context, request.query.token ?? ''));
      },
    );

    app.post(
      '/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Unsubscribes: the confirm button, or RFC 8058 one-click (List-Unsubscribe-Post)',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        if (!(await withinLimit(request, unsubscribeLimit))) return sendRateLimited(reply);
        const token = request.query.token ?? formValues(request.body).token ?? '';
        return sendPage(reply, await applyUnsubscribe(context, token));
      },
    );

    app.post(
      '/unsubscribe/resubscribe',
      {
        schema: { tags: ['notifications'], summary: 'Undo an e-mail unsubscribe from its confirmation page' },
      },
      async (request, reply) => {
        if (!(await withinLimit(request, unsubscribeLimit))) return sendRateLimited(reply);
        return sendPage(reply, await applyResubscribe(context, formValues(request.body).token ?? ''));
      },
    );

    app.post(
      '/api/webhooks/twilio/sms',
      {
        schema: {
          tags: ['notifications'],
          summary: "Twilio's inbound SMS webhook: a STOP reply turns marketing SMS off for that phone",
        },
      },
      async (request, reply) => {
        const { TWILIO_AUTH_TOKEN: authToken } = context.config;
        if (!authToken && context.config.isProduction) {
          throw new AppError('not_found', { message: 'SMS webhooks are not configured' });
        }
        if (!(await withinLimit(request, webhookLimit))) {
          throw new AppError('rate_limited', { message: 'Too many requests' });
        }
        const params = formValues(request.body);
        if (authToken) {
          const signature = request.headers['x-twilio-signature'];
          const url = `${context.config.appUrl}${request.url}`;
          if (typeof signature !== 'string' || !isValidTwilioSignature(authToken, url, params, signature)) {
            throw new AppError('forbidden', { message: 'Invalid Twilio signature' });
          }
        }
        if (params.From && isStopReply(params)) {
          const stopped = await stopMarketingSmsForPhone(context.db, params.From, context.clock.now());
          context.log.info({ investors: stopped }, 'marketing SMS stopped by a STOP reply');
        }
        // Twilio answers STOP itself (carrier opt-out); an empty response sends nothing more.
        return reply
          .type('text/xml; charset=utf-8')
          .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      },
    );
  };
}
