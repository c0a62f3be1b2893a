import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { JobFunctionRegistry } from './functions/job-functions';
import { DevelopmentLogController, isPrettyLogging, prettyLogStream } from './http/development-log';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { registerStrictJsonParser } from './http/json-body';
import { serializeRequestForLog } from './http/log-serializers';
import { registerOriginCheck } from './http/origin-check';
import { registerAnswerCompression } from './http/compress-answers';
import { registerSecurityHeaders } from './http/security-headers';
import { trustedProxies } from './http/trusted-proxies';
import { loadPageRenderer } from './http/page-renderer';
import { registerWebApp } from './http/web-app';
import { adminSessionCookieName } from './modules/admin-auth/session-cookie';
import { authSettingsOf } from './modules/auth/session-guard';
import { healthRoutes } from './modules/health/routes';
import { metricsRoutes, registerRequestMetrics } from './modules/metrics/routes';
import { devOutboxRoutes } from './modules/outbox/dev-routes';
import { createMessageService } from './modules/outbox/message-service';
import { pageRoutes } from './modules/pages/routes';
import { createProductCatalogue } from './modules/products/catalogue';
import { productRoutes } from './modules/products/routes';
import { type AchProvider, sandboxAchProvider } from './providers/ach';
import type { BankConnectionProvider } from './providers/bank-connection';
import { sandboxBankConnectionProvider } from './providers/sandbox-bank-connection';
import { type KycProvider, sandboxKycProvider } from './providers/kyc';
import { type EmailProvider, outboxOnlyEmailProvider, smtpEmailProvider } from './providers/email';
import { outboxOnlySmsProvider, type SmsProvider, twilioSmsProvider } from './providers/sms';
import { registerFeatureModules } from './modules/register-feature-modules';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  clock?: Clock;
  providers?: {
    email?: EmailProvider;
    sms?: SmsProvider;
    ach?: AchProvider;
    bankConnection?: BankConnectionProvider;
    kyc?: KycProvider;
  };
  /** Where the built web app lives; omitted in API tests. */
  webRoot?: string | null;
  /**
   * The page renderer (decision 1985): by default the build's when the default web root is used,
   * none when a web root is given; null never renders on the server.
   */
  pageRendererFile?: string | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove no PII is logged). */
  logDestination?: { write(line: string): void };
}

/** One method and URL pattern of Fastify's route table. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  /** Every route the app registered (the authorisation sweep walks them all). */
  routes: RegisteredRoute[];
}

/** Secrets and PII that must never reach a log line. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-admin-token"]',
  'req.headers.apikey',
  'res.headers["set-cookie"]',
  '*.password',
  '*.ssn',
  '*.token',
  '*.token_hash',
  '*.code',
];

/** The page renderer the server build writes (scripts/build-server.mjs), or null before a build. */
export function defaultPageRendererFile(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    resolve(here, 'page-renderer.js'),
    resolve(here, '..', '..', 'dist', 'server', 'page-renderer.js'),
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export function defaultWebRoot(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, '..', 'web'), resolve(here, '..', '..', 'dist', 'web')]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

async function buildProviders(config: AppConfig, overrides: BuildAppOptions['providers']) {
  const email =
    overrides?.email ??
    (config.SMTP_URL ? smtpEmailProvider(config.SMTP_URL, config.emailFrom) : outboxOnlyEmailProvider());
  const sms =
    overrides?.sms ??
    (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? twilioSmsProvider({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
        })
      : outboxOnlySmsProvider());
  const ach =
    overrides?.ach ??
    (config.achProvider === 'plaid' && config.PLAID_CLIENT_ID && config.PLAID_SECRET && config.PLAID_ENV
      ? (await import('./providers/plaid-ach')).plaidAchProvider({
          clientId: config.PLAID_CLIENT_ID,
          secret: config.PLAID_SECRET,
          environment: config.PLAID_ENV,
          settlementBusinessDays: config.ACH_SETTLEMENT_BUSINESS_DAYS,
        })
      : sandboxAchProvider({ settlementBusinessDays: config.ACH_SETTLEMENT_BUSINESS_DAYS }));
  const bankConnection =
    overrides?.bankConnection ??
    (config.PLAID_CLIENT_ID && config.PLAID_SECRET && config.PLAID_ENV
      ? // The Plaid SDK takes seconds to load: only a server configured for Plaid loads it.
        (await import('./providers/plaid-bank-connection')).plaidBankConnectionProvider({
          clientId: config.PLAID_CLIENT_ID,
          secret: config.PLAID_SECRET,
          environment: config.PLAID_ENV,
        })
      : sandboxBankConnectionProvider({ key: config.fieldEncryptionKey }));
  const kyc =
    overrides?.kyc ??
    (config.PLAID_CLIENT_ID && config.PLAID_SECRET && config.PLAID_ENV && config.PLAID_IDV_TEMPLATE_ID
      ? (await import('./providers/plaid-identity-verification')).plaidIdentityVerificationProvider({
          clientId: config.PLAID_CLIENT_ID,
          secret: config.PLAID_SECRET,
          environment: config.PLAID_ENV,
          templateId: config.PLAID_IDV_TEMPLATE_ID,
        })
      : sandboxKycProvider());
  return { email, sms, ach, bankConnection, kyc };
}

const staticFilePath =
  /^\/(?:assets\/[\w.-]+|icons\/[\w.-]+\.png|sw\.js|manifest\.webmanifest|offline\.(?:html|css|js)|favicon\.svg|logo-[\w-]+\.svg)$/;

/** A GET or HEAD of one of the build's static files (never an API or page route). */
export function isStaticFileRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && staticFilePath.test(url.split('?')[0] ?? '');
}

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const isPretty = options.logger !== false && !options.logDestination && isPrettyLogging(config);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: redactedLogPaths, censor: '[redacted]' },
            serializers: { req: serializeRequestForLog },
            ...(options.logDestination ? { stream: options.logDestination } : {}),
            ...(isPretty ? { stream: prettyLogStream() } : {}),
          },
    ...(isPretty ? { logController: new DevelopmentLogController() } : {}),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const providers = await buildProviders(config, options.providers);
  const clock = options.clock ?? systemClock(config.BUSINESS_TZ);
  const context: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    providers,
    messages: createMessageService({ db: database.db, ...providers, keepBodies: !config.isProduction }),
    jobFunctions: new JobFunctionRegistry(),
    log: app.log,
  };

  registerErrorHandler(app);
  registerStrictJsonParser(app);
  registerRequestMetrics(app, context);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, config);
  registerAnswerCompression(app, { thresholdBytes: config.COMPRESSION_THRESHOLD_BYTES });
  // A coarse per-instance flood guard; limits on secrets and messages are kept in the database.
  await app.register(fastifyRateLimit, {
    global: true,
    max: 600 * config.RATE_LIMIT_MULTIPLIER,
    timeWindow: '1 minute',
    // Health checks, and the build's static files: a first visit installs the service worker,
    // which fetches about a hundred hashed assets at once (decision 1971); they are files from
    // disk, cheap to serve, and counting them would refuse a visitor's API calls for a minute.
    allowList: (request) =>
      request.url === '/healthz' ||
      request.url === '/readyz' ||
      isStaticFileRequest(request.method, request.url),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: {
        code: 'rate_limited',
        message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      },
    }),
  });
  registerOriginCheck(app, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.BRAND_NAME} API`, version: '1.0.0' },
      servers: [{ url: config.appUrl }],
    },
    transform: jsonSchemaTransform,
  });

  const catalogue = createProductCatalogue(context);
  await app.register(healthRoutes(context));
  await app.register(metricsRoutes(context));
  await app.register(productRoutes(catalogue));
  await app.register(pageRoutes(context));
  await registerFeatureModules(app, context, { catalogue });
  if (!config.isProduction) await app.register(devOutboxRoutes(context));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const webRoot = options.webRoot === undefined ? defaultWebRoot() : options.webRoot;
  if (webRoot) {
    // The built renderer beside the built web app; a test that brings its own web root brings its own renderer.
    const rendererFile =
      options.pageRendererFile === undefined
        ? options.webRoot === undefined
          ? defaultPageRendererFile()
          : null
        : options.pageRendererFile;
    registerWebApp(app, webRoot, {
      pageRenderer: loadPageRenderer(rendererFile, (error) =>
        app.log.warn({ err: error }, 'A page could not be rendered on the server; the browser renders it'),
      ),
      publicConfig: {
        brandName: config.BRAND_NAME,
        supportEmail: config.SUPPORT_EMAIL,
        isDemoMode: config.isDemoMode,
        businessTimeZone: config.BUSINESS_TZ,
      },
      sessionCookies: {
        investor: authSettingsOf(context).cookieName,
        admin: adminSessionCookieName(config),
      },
    });
  }

  return { app, context, routes };
}
