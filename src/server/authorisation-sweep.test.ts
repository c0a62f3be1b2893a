/**
 * The authorisation sweep (issue 10.1): every route in Fastify's route table is called
 * anonymously, as an investor, as another investor carrying the first one's ids, and as each
 * admin role. The answer each caller must get is written down in `expected` below; a route
 * missing from it fails the test, so a new route cannot escape the sweep. HEAD routes answer
 * as their GET does.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminAction, can } from '../shared/admin/permissions';
import { rateLimitCounters } from './db/schema';
import {
  type Caller,
  callerAddress,
  createSweepWorld,
  freshAdminSession,
  freshInvestorSession,
  headersFor,
  requestFor,
  routeKey,
  type SweepWorld,
} from './test-support/route-sweep';
import { createTestApp, type TestApp } from './test-support/test-app';

type Expectation = Record<Caller, number>;

/** Open to everyone (the same answer whoever asks). */
function open(status: number): Expectation {
  return {
    anonymous: status,
    investor: status,
    otherInvestor: status,
    support: status,
    operations: status,
    superAdmin: status,
  };
}

/**
 * A signed-in investor's route. `owner` is what the first investor gets; `other` what the
 * second gets with the first one's ids (for routes without ids: the second one's own answer).
 * Admin sessions are not investor sessions.
 */
function investorRoute(owner: number, other: number = owner, anonymous = 401): Expectation {
  return {
    anonymous,
    investor: owner,
    otherInvestor: other,
    support: anonymous,
    operations: anonymous,
    superAdmin: anonymous,
  };
}

/** A back-office route: 401 without an admin session, 403 for a role that may not, `allowed` for one that may. */
function adminRoute(action: AdminAction, allowed: number): Expectation {
  const byRole = (role: 'support' | 'operations' | 'super_admin') => (can(role, action) ? allowed : 403);
  return {
    anonymous: 401,
    investor: 401,
    otherInvestor: 401,
    support: byRole('support'),
    operations: byRole('operations'),
    superAdmin: byRole('super_admin'),
  };
}

const expected: Record<string, Expectation> = {
  'GET /healthz': open(200),
  'GET /readyz': open(200),
  // Without METRICS_TOKEN there is no metrics endpoint (metrics.test.ts covers the token).
  'GET /metrics': open(404),
  'GET /api/products': open(200),
  'GET /api/pages/:slug/hotspots': open(200),
  'GET /api/openapi.json': open(200),
  // The dev outbox exists only outside production (the security test proves it is gone there).
  'GET /dev/outbox': open(200),
  'GET /dev/outbox.json': open(200),
  'GET /dev/outbox.css': open(200),
  'GET /': open(200),
  'GET /*': open(200),
  'GET /index.html': open(200),

  // Sign-in and onboarding: the public entry points answer alike for everyone.
  'POST /functions/v1/auth-start': open(200),
  // Without a session these are the SMS-code sign-in (PRODUCT.md 7); with one, the phone step.
  'POST /functions/v1/auth-phone-start': open(200),
  'POST /functions/v1/auth-phone-check': open(400),
  'POST /functions/v1/auth-password-login': open(401),
  'POST /functions/v1/auth-logout': open(200),
  // A user_id in the body is never trusted (PRODUCT.md 2): another user's is refused.
  'POST /functions/v1/verify-email-complete': investorRoute(200, 403),
  'POST /functions/v1/onboard-resume': investorRoute(200, 403),
  'GET /api/session': open(200),
  'POST /api/auth/confirm': open(400),
  // Replacing the password needs a fresh SMS code; the sweep's sessions are stepped up.
  'POST /api/auth/password': investorRoute(200),
  'POST /api/auth/password-reset': open(200),
  'POST /api/auth/step-up/start': investorRoute(200),
  'POST /api/auth/step-up/verify': investorRoute(400),

  'GET /api/settings': investorRoute(200),
  // Passkeys (decision 1725): adding one needs the step-up both sweep investors made; a
  // passkey id that is not the caller's answers 404.
  'GET /api/settings/passkeys': investorRoute(200),
  'POST /api/settings/passkeys/options': investorRoute(200),
  'POST /api/settings/passkeys': investorRoute(400),
  'DELETE /api/settings/passkeys/:passkeyId': investorRoute(200, 404),
  'POST /api/auth/passkey/options': open(200),
  'POST /api/auth/passkey/sign-in': open(401),
  'PATCH /api/settings/profile': investorRoute(200),
  'PUT /api/settings/notification-preferences': investorRoute(200),
  'POST /api/settings/email-change/start': investorRoute(200),
  // The e-mailed token is the credential (the link may open in another browser).
  'POST /api/settings/email-change/confirm': open(400),
  'POST /api/settings/phone-change/start': investorRoute(200),
  'POST /api/settings/phone-change/verify': investorRoute(400),
  // Each investor changes only their own tax record (no id is taken from the request).
  'PUT /api/settings/tax-information': investorRoute(200),
  // The W-9 certification of the caller's own TIN (decision 1910): no id is taken from the request.
  'GET /api/settings/w9-certification': investorRoute(200),
  'POST /api/settings/w9-certification': investorRoute(200),

  'GET /api/banking/identity': investorRoute(200),
  // Both sweep investors already have a tax record: changes go through /settings (step-up).
  'POST /api/banking/identity': investorRoute(409),
  // Their identities are approved: nothing pending to read again.
  'POST /api/banking/identity/recheck': investorRoute(409),
  'GET /api/banking/accounts': investorRoute(200),
  'POST /api/banking/accounts/:id/micro-deposits': investorRoute(422, 404),
  'POST /api/banking/accounts/:id/refresh': investorRoute(200, 404),
  'DELETE /api/banking/accounts/:id': investorRoute(200, 404),
  'POST /functions/v1/bank-connection-link-token': investorRoute(200, 403),
  'POST /functions/v1/bank-connection-exchange': investorRoute(400, 403),
  'GET /api/sandbox/bank-link/session': investorRoute(200, 403),
  'POST /api/sandbox/bank-link/public-token': investorRoute(200, 403),

  'GET /api/portal/overview': investorRoute(200),
  'GET /api/portal/balance-history': investorRoute(200),
  'GET /api/portal/notifications': investorRoute(200),
  'POST /api/portal/notifications/read': investorRoute(200),
  'GET /api/portal/transactions': investorRoute(200),
  'GET /api/portal/transactions/export.csv': investorRoute(200),
  'GET /api/portal/investments': investorRoute(200),
  'GET /api/portal/investments/:investmentId/transactions': investorRoute(200, 404),
  'GET /api/portal/notes/:investmentId': investorRoute(200, 404),
  // The owner's note is a Standard note: it has no maturity instruction and was not rolled over.
  'PUT /api/portal/notes/:investmentId/maturity-instruction': investorRoute(409, 404),
  'PUT /api/portal/notes/:investmentId/interest-reinvestment': investorRoute(200, 404),
  'POST /api/portal/notes/:investmentId/undo-rollover': investorRoute(409, 404),
  'GET /api/portal/documents': investorRoute(200),
  'GET /api/portal/documents/promissory-notes/:investmentId': investorRoute(200, 404),
  'GET /api/portal/documents/tax-forms/:year': investorRoute(404),
  // Only the owner has a January 2025 statement: another investor asking for it gets 404.
  'GET /api/portal/documents/statements/:month': investorRoute(200, 404),
  'GET /api/portal/documents/agreements/:investmentId': investorRoute(200, 404),
  'GET /api/purchases/options': investorRoute(200),
  // Another investor's bank account is not one of the caller's: refused as an unchosen account.
  'POST /api/purchases': investorRoute(201, 400),
  'GET /api/transfers': investorRoute(200),
  'POST /api/transfers/withdrawals': investorRoute(201),
  'POST /api/transfers/conversions': investorRoute(201),
  'POST /api/transfers/withdrawals/:withdrawalId/cancel': investorRoute(200, 404),
  // Early redemption (issue 27 section 3): the sweep's note is not funded, so asking is refused (409).
  'GET /api/portal/notes/:investmentId/early-redemption': investorRoute(200, 404),
  'GET /api/portal/notes/:investmentId/early-redemption/quote': investorRoute(409, 404),
  'POST /api/portal/notes/:investmentId/early-redemption': investorRoute(409, 404),
  'POST /api/portal/early-redemptions/:redemptionId/cancel': investorRoute(200, 404),

  // Reached from e-mails and Twilio: the signed token (or Twilio's signature) is the credential.
  'GET /unsubscribe': open(200),
  'POST /unsubscribe': open(200),
  'POST /unsubscribe/resubscribe': open(200),
  'GET /unsubscribe/page.css': open(200),
  'POST /api/webhooks/twilio/sms': open(200),

  'POST /functions/v1/admin-login': open(401),
  'GET /api/admin/session': adminRoute('dashboard:view', 200),
  // Signing out answers alike whether or not there was a session to end.
  'DELETE /api/admin/session': open(204),
  'GET /api/admin/dashboard': adminRoute('dashboard:view', 200),
  'GET /api/admin/audit': adminRoute('audit:view', 200),
  'POST /api/admin/login/verify': open(401),
  'POST /api/admin/login/enrolment': open(401),
  'POST /api/admin/login/enrolment/confirm': open(401),
  'GET /api/admin/staff': adminRoute('admins:manage', 200),
  'POST /api/admin/staff/invitations': adminRoute('admins:manage', 201),
  'DELETE /api/admin/staff/invitations/:id': adminRoute('admins:manage', 404),
  'PUT /api/admin/staff/:id/role': adminRoute('admins:manage', 200),
  'PUT /api/admin/staff/:id/active': adminRoute('admins:manage', 200),
  // The invitation link's page: the token is the credential; a made-up one is refused for everyone.
  'POST /api/admin/invitation/lookup': open(404),
  'POST /api/admin/invitation/accept': open(404),
  'GET /api/admin/audit/facets': adminRoute('audit:view', 200),
  'GET /api/admin/audit/export.csv': adminRoute('audit:view', 200),
  'GET /api/admin/search': adminRoute('dashboard:view', 200),
  'GET /api/admin/investors/:id': adminRoute('dashboard:view', 200),
  'GET /api/admin/payments': adminRoute('payments:view', 200),
  'GET /api/admin/payments/export.csv': adminRoute('payments:view', 200),
  'GET /api/admin/payments/owed-credits': adminRoute('payments:view', 200),
  'POST /api/admin/payments/owed-credits/:id/resend': adminRoute('payments:manage', 404),
  // No hit to clear for the sweep's investor: an allowed role reaches the service (409).
  'POST /api/admin/investors/:id/watchlist-clearance': adminRoute('identity:clear-watchlist', 409),
  'GET /functions/v1/admin-products': adminRoute('products:view', 200),
  'PUT /functions/v1/admin-products': adminRoute('products:manage', 200),
  'POST /api/admin/products': adminRoute('products:manage', 201),
  'PUT /api/admin/products/:id': adminRoute('products:manage', 200),
  'GET /api/admin/products/:id/audit': adminRoute('products:view', 200),
  'PUT /api/admin/pages/:slug/hotspots': adminRoute('hotspots:edit', 200),
  'GET /api/admin/notifications/templates': adminRoute('notifications:view', 200),
  'POST /api/admin/notifications/templates': adminRoute('notifications:manage', 201),
  'PUT /api/admin/notifications/templates/:id': adminRoute('notifications:manage', 200),
  'PUT /api/admin/notifications/templates/:id/status': adminRoute('notifications:manage', 200),
  'GET /api/admin/notifications/campaigns': adminRoute('notifications:view', 200),
  'POST /api/admin/notifications/campaigns': adminRoute('notifications:manage', 201),
  'PUT /api/admin/notifications/campaigns/:id': adminRoute('notifications:manage', 200),
  'POST /api/admin/notifications/recipients/preview': adminRoute('notifications:manage', 200),
  'POST /api/admin/notifications/campaigns/:id/send-test': adminRoute('notifications:manage', 200),
  // Past the guard: nobody in the sweep has opted in to marketing, so there is no one to send to.
  'POST /api/admin/notifications/campaigns/:id/send-now': adminRoute('notifications:manage', 409),
  'GET /api/admin/notifications/preview-sample': adminRoute('notifications:view', 200),
  'GET /api/admin/notifications/failed-notices': adminRoute('notifications:view', 200),
  'POST /api/admin/notifications/failed-notices/:id/resend': adminRoute('notifications:manage', 404),
  'GET /api/admin/jobs': adminRoute('jobs:view', 200),
  'POST /api/admin/jobs': adminRoute('jobs:manage', 201),
  'PUT /api/admin/jobs/:id': adminRoute('jobs:manage', 200),
  'PATCH /api/admin/jobs/:id/enabled': adminRoute('jobs:manage', 200),
  'GET /api/admin/jobs/:id/history': adminRoute('jobs:view', 200),
  'POST /functions/v1/calculate-daily-interest': adminRoute('jobs:run', 200),
  'POST /functions/v1/cleanup-expired-auth': adminRoute('jobs:run', 200),
  'POST /functions/v1/generate-monthly-statements': adminRoute('jobs:run', 200),
  'POST /functions/v1/process-maturities': adminRoute('jobs:run', 200),
  'POST /functions/v1/process-withdrawals': adminRoute('jobs:run', 200),
  'POST /functions/v1/pay-early-redemptions': adminRoute('jobs:run', 200),
  'POST /functions/v1/send-scheduled-campaigns': adminRoute('jobs:run', 200),
  'POST /functions/v1/settle-ach-payments': adminRoute('jobs:run', 200),
  'POST /functions/v1/sync-ach-events': adminRoute('jobs:run', 200),
  'POST /functions/v1/reconcile-ach-payments': adminRoute('jobs:run', 200),
  // The sweep's app has no BACKUP_DIR: an allowed role reaches the job, which refuses (409).
  'POST /functions/v1/backup': adminRoute('jobs:run', 409),
  'POST /functions/v1/verify-backup': adminRoute('jobs:run', 409),
  // Plaid's webhook: no session; only its signed JWT is a credential (decision 1500).
  'POST /api/webhooks/plaid': open(401),
  'GET /api/admin/investors/:id/account': adminRoute('dashboard:view', 200),
  'POST /api/admin/investors/:id/suspend': adminRoute('investors:manage', 200),
  'POST /api/admin/investors/:id/reinstate': adminRoute('investors:manage', 200),
  'POST /api/admin/investors/:id/close': adminRoute('investors:manage', 200),
  'POST /api/admin/investors/:id/revoke-sessions': adminRoute('investors:manage', 200),
  'POST /api/admin/withdrawals/:id/cancel': adminRoute('investors:manage', 200),
  'GET /api/admin/adjustments': adminRoute('adjustments:view', 200),
  'POST /api/admin/adjustments': adminRoute('adjustments:propose', 201),
  'POST /api/admin/adjustments/:id/approve': adminRoute('adjustments:approve', 200),
  'POST /api/admin/adjustments/:id/reject': adminRoute('adjustments:approve', 200),
  // Your security: every role, about itself. Support (no two-factor in the sweep) may start
  // enrolment; the others already have it (409); a made-up enrolment token is a 400; nobody here
  // can turn it off (support has none, the others must keep it); a wrong code is a 400.
  'GET /api/admin/account/security': adminRoute('account:security', 200),
  'POST /api/admin/account/two-factor/enrolment': { ...adminRoute('account:security', 409), support: 200 },
  'POST /api/admin/account/two-factor/enrolment/confirm': {
    ...adminRoute('account:security', 409),
    support: 400,
  },
  'POST /api/admin/account/two-factor/disable': adminRoute('account:security', 409),
  'POST /api/admin/account/two-factor/recovery-codes': {
    ...adminRoute('account:security', 400),
    support: 409,
  },
  'POST /api/admin/account/sessions/revoke-others': adminRoute('account:security', 200),
  'GET /api/admin/tax-runs': adminRoute('tax:view', 200),
  // Backup withholding (decision 1913): support reads; operations and super admins record B notices.
  'GET /api/admin/investors/:id/backup-withholding': adminRoute('dashboard:view', 200),
  'POST /api/admin/investors/:id/b-notices': adminRoute('investors:manage', 200),
  'POST /api/admin/investors/:id/b-notices/:noticeId/resolve': adminRoute('investors:manage', 200),
  'GET /api/admin/tax/backup-withholding': adminRoute('tax:view', 200),
  'GET /api/admin/tax/backup-withholding.csv': adminRoute('tax:view', 200),
  'POST /api/admin/tax-runs': adminRoute('tax:run', 201),
  'GET /api/admin/early-redemptions': adminRoute('redemptions:view', 200),
  // The sweep's notes are not funded: approval is refused (409); a decline goes through.
  'POST /api/admin/early-redemptions/:redemptionId/approve': adminRoute('redemptions:manage', 409),
  'POST /api/admin/early-redemptions/:redemptionId/decline': adminRoute('redemptions:manage', 200),
  'PUT /api/admin/early-redemptions/gate': adminRoute('redemptions:manage', 200),
  'GET /api/admin/tax-runs/fire-file': adminRoute('tax:run', 409),
  // Consents (decisions 1920-1922): no ids in the routes, each investor reads and changes only their own.
  'GET /api/consents': investorRoute(200),
  'GET /api/consents/:kind/disclosure.pdf': investorRoute(200),
  // A code from nobody's PDF: refused whoever asks, and nothing is recorded.
  'POST /api/consents/:kind': investorRoute(400),
  // The sweep investors never consented to electronic tax forms: nothing to withdraw.
  'POST /api/consents/:kind/withdraw': investorRoute(409),
  // Paper mail (decision 1924): the investor's own copies; a year without a form is 404.
  'GET /api/paper-copies': investorRoute(200),
  'POST /api/paper-copies': investorRoute(404),
  'GET /api/admin/paper-mail': adminRoute('paper-mail:view', 200),
  // Nobody in the sweep withdrew a consent: nothing to print.
  'POST /api/admin/paper-mail/batches': adminRoute('paper-mail:manage', 409),
  'GET /api/admin/paper-mail/batches/:id/pdf': adminRoute('paper-mail:manage', 404),
  'POST /api/admin/paper-mail/batches/:id/mailed': adminRoute('paper-mail:manage', 404),
  'GET /api/admin/tax-calendar': adminRoute('tax:view', 200),

  // Offerings and investor limits (issue 26). The circular routes read the sweep's own offering;
  // a profile, an acknowledgement or an evidence upload is always the caller's own.
  'GET /api/admin/offerings': adminRoute('offerings:view', 200),
  'POST /api/admin/offerings': adminRoute('offerings:manage', 201),
  'GET /api/admin/offerings/:id': adminRoute('offerings:view', 200),
  'PUT /api/admin/offerings/:id': adminRoute('offerings:manage', 200),
  'PUT /api/admin/offerings/:id/products': adminRoute('offerings:manage', 200),
  'POST /api/admin/offerings/:id/circulars': adminRoute('offerings:manage', 201),
  'GET /api/admin/offerings/:id/circulars/:version': adminRoute('offerings:view', 200),
  'GET /api/admin/investors/:id/investor-profile': adminRoute('offerings:view', 200),
  'POST /api/admin/investors/:id/investor-profile/overrides': adminRoute('offerings:manage', 201),
  // Each change was proposed by another admin than the caller (four-eyes).
  'POST /api/admin/investors/:id/investor-profile/overrides/:overrideId/approve': adminRoute(
    'offerings:manage',
    200,
  ),
  'POST /api/admin/investors/:id/investor-profile/overrides/:overrideId/reject': adminRoute(
    'offerings:manage',
    200,
  ),
  'GET /api/admin/investors/:id/evidence/:evidenceId': adminRoute('offerings:view', 200),
  'POST /api/admin/investors/:id/evidence/:evidenceId/review': adminRoute('offerings:manage', 200),
  'GET /api/settings/investor-profile': investorRoute(200),
  'PUT /api/settings/investor-profile': investorRoute(200),
  'POST /api/settings/investor-profile/evidence': investorRoute(201),
  'GET /api/purchases/offering': investorRoute(200),
  'POST /api/offerings/circular-acknowledgements': investorRoute(201),
  'GET /api/offerings/:id/circulars/:version': investorRoute(200),
  // Liquidity (issue 27): every role reads; operations and super_admin write. An approval or a
  // rejection is of a balance another admin recorded; an acknowledgement of an open alert.
  'GET /api/admin/liquidity': adminRoute('liquidity:view', 200),
  'GET /api/admin/liquidity/forecast.csv': adminRoute('liquidity:view', 200),
  'GET /api/admin/liquidity/alert': adminRoute('liquidity:view', 200),
  'POST /api/admin/liquidity/cash-positions': adminRoute('liquidity:manage', 201),
  'POST /api/admin/liquidity/cash-positions/import': adminRoute('liquidity:manage', 201),
  'POST /api/admin/liquidity/cash-positions/:id/approve': adminRoute('liquidity:manage', 200),
  'POST /api/admin/liquidity/cash-positions/:id/reject': adminRoute('liquidity:manage', 200),
  'PUT /api/admin/liquidity/settings': adminRoute('liquidity:manage', 200),
  'POST /api/admin/liquidity/checks/:id/acknowledge': adminRoute('liquidity:manage', 200),
  'POST /functions/v1/liquidity-check': adminRoute('jobs:run', 200),
  'POST /functions/v1/coverage-snapshot': adminRoute('jobs:run', 200),
  // The public coverage page is off until staff turn it on (the sweep leaves it off).
  'GET /api/transparency': open(404),
  'GET /api/portal/coverage-proof': investorRoute(200),
  'GET /api/admin/tax-runs/iris': adminRoute('tax:view', 200),
  'POST /api/admin/tax-runs/iris/filings': adminRoute('tax:run', 409),
  'GET /api/admin/tax-runs/iris/transmissions/:id': adminRoute('tax:view', 404),
  'GET /api/admin/tax-runs/iris/transmissions/:id/file': adminRoute('tax:run', 404),
  'POST /api/admin/tax-runs/iris/transmissions/:id/acknowledgement': adminRoute('tax:run', 404),
};

/** Routes that end the session they are called with get a fresh one for each call. */
const endsSession = new Set(['POST /functions/v1/auth-logout', 'DELETE /api/admin/session']);
/** Routes that take away what later routes use run last (in this order). */
const runLast = [
  'POST /api/transfers/withdrawals/:withdrawalId/cancel',
  'DELETE /api/banking/accounts/:id',
  'POST /functions/v1/auth-logout',
  'DELETE /api/admin/session',
];
/** Callers in the order they call: the refused ones first, so their calls are proven to change nothing the owner then needs. */
const callOrder: Caller[] = ['anonymous', 'otherInvestor', 'support', 'operations', 'superAdmin', 'investor'];

let testApp: TestApp;
let world: SweepWorld;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'sweep-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Steadyline</title><div id="root"></div>');
  // The rate limits and the SMS resend wait users get: no setting is raised (see the sweep).
  testApp = await createTestApp({
    build: { webRoot },
  });
  world = await createSweepWorld(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

async function headersForCall(key: string, caller: Caller): Promise<Record<string, string>> {
  const headers = headersFor(world, caller);
  if (!endsSession.has(key) || caller === 'anonymous') return headers;
  if (caller === 'investor' || caller === 'otherInvestor') {
    const investor = caller === 'investor' ? world.owner : world.other;
    return { ...headers, cookie: await freshInvestorSession(testApp, investor) };
  }
  return { ...headers, ...(await freshAdminSession(world, caller)) };
}

describe('authorisation sweep over every registered route', () => {
  it('has an expected answer written down for every route, and no entry for a route that does not exist', () => {
    const keys = new Set(testApp.routes.filter((route) => route.method !== 'HEAD').map(routeKey));
    const heads = testApp.routes.filter((route) => route.method === 'HEAD');
    expect([...keys].filter((key) => !(key in expected)).sort()).toEqual([]);
    expect(
      Object.keys(expected)
        .filter((key) => !keys.has(key))
        .sort(),
    ).toEqual([]);
    for (const head of heads) expect(keys.has(`GET ${head.url}`)).toBe(true);
  });

  it('answers every caller as the table says, and never shows one investor to another', async () => {
    const keys = [...new Set(testApp.routes.map(routeKey))];
    const ordered = [
      ...keys.filter((key) => !runLast.includes(key.replace(/^HEAD /, 'GET '))),
      ...runLast.filter((key) => keys.includes(key)),
    ];
    const mismatches: string[] = [];
    let calls = 0;
    for (const key of ordered) {
      const [method = 'GET', url = '/'] = key.split(' ');
      const expectation = expected[method === 'HEAD' ? `GET ${url}` : key];
      if (!expectation) continue;
      for (const caller of callOrder) {
        // The limits are the ones users get (no raised settings), and each caller calls from an
        // address of their own. Every call is still its own scenario: all six callers ask for a
        // code or a reset for the owner's one e-mail within a second, which the per-e-mail and
        // per-account limits rightly refuse by the sixth, so the database counters start fresh.
        // (Fastify's in-memory flood guard is not reset: it counts each caller's calls.)
        await testApp.context.db.delete(rateLimitCounters);
        const request = await requestFor(world, method === 'HEAD' ? `GET ${url}` : key, caller);
        const headers = await headersForCall(key, caller);
        const response = await testApp.app.inject({
          method: method as 'GET',
          url: request.url,
          remoteAddress: callerAddress[caller],
          headers: {
            ...headers,
            ...request.headers,
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(request.payload === undefined ? {} : { payload: request.payload as string }),
        });
        calls += 1;
        if (response.statusCode !== expectation[caller]) {
          mismatches.push(
            `${key} as ${caller}: ${response.statusCode} (expected ${expectation[caller]}) ${response.body.slice(0, 160)}`,
          );
        }
        // The dev outbox (absent in production) shows every message to anyone, by design.
        if (caller === 'otherInvestor' && response.statusCode < 300 && !url.startsWith('/dev/')) {
          const sent = `${request.url} ${JSON.stringify(request.payload ?? '')}`;
          for (const secret of [
            world.owner.email,
            world.owner.firstName,
            world.owner.investmentId,
            world.owner.phone,
          ]) {
            if (response.body.includes(secret) && !sent.includes(secret)) {
              mismatches.push(`${key} as otherInvestor shows the owner's ${secret}`);
            }
          }
        }
      }
    }
    console.info(`authorisation sweep: ${ordered.length} routes, ${calls} calls`);
    expect(mismatches).toEqual([]);
  }, 240_000);
});
