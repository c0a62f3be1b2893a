/**
 * A world for whole-app tests that walk Fastify's route table (the authorisation sweep and the
 * fuzzer): two banked investors with notes and a pending withdrawal, one admin of each role,
 * and for every route a valid request that uses the first investor's ids.
 *
 *   const world = await createSweepWorld(testApp);
 *   const request = await requestFor(world, 'GET /api/portal/investments/:investmentId/transactions', 'investor');
 *   await testApp.app.inject({ method: 'GET', ...request, headers: headersFor(world, 'otherInvestor') });
 */
import { and, eq, sql } from 'drizzle-orm';
import { giveConsentDirectly } from './consent-fixtures';
import { rowsOf } from '../db/client';
import type { AdminRole } from '../../shared/admin/permissions';
import { AGREEMENT_VERSION } from '../../shared/purchases/perpetual-note-agreement';
import { hashToken, generateToken } from '../security/tokens';
import {
  earlyRedemptions,
  backupWithholdingNotices,
  investmentProducts,
  investorStatements,
  investors,
  cashPositions,
  ledgerAdjustments,
  liquidityChecks,
  pageHotspots,
  scheduledJobs,
  sessions,
  userPasskeys,
  users,
} from '../db/schema';
import { W9_CERTIFICATION_VERSION } from '../../shared/tax/w9-certification';
import {
  completeAdminLogin,
  type SignedInAdmin,
  signInTestAdmin,
} from '../modules/admin-auth/admin-test-helpers';
import { insertSession } from '../modules/auth/repository';
import { insertPendingWithdrawal } from '../modules/money/withdrawal-repository';
import { createUnsubscribeToken } from '../modules/notifications/unsubscribe-token';
import {
  approveIdentity,
  firstSandboxAccount,
  linkSandboxAccount,
  manualAccount,
  request as investorRequest,
  stepUp,
} from './bank-link';
import { type SignedInInvestor, signUpInvestor, testOrigin } from './investor-auth';
import { buyNote, createTestEngine } from './money-fixtures';
import type { TestApp } from './test-app';

export const callers = [
  'anonymous',
  'investor',
  'otherInvestor',
  'support',
  'operations',
  'superAdmin',
] as const;
export type Caller = (typeof callers)[number];

const adminRoleOf: Record<'support' | 'operations' | 'superAdmin', AdminRole> = {
  support: 'support',
  operations: 'operations',
  superAdmin: 'super_admin',
};

export interface SweepInvestor extends SignedInInvestor {
  bankAccountId: string;
  /** A manually entered account still waiting for its micro-deposits. */
  pendingBankAccountId: string;
  investmentId: string;
  withdrawalId: string;
  /** An early redemption request of the note, waiting for staff (issue 27 section 3). */
  redemptionId: string;
  firstName: string;
}

export interface SweepWorld {
  testApp: TestApp;
  owner: SweepInvestor;
  other: SweepInvestor;
  admins: Record<'support' | 'operations' | 'superAdmin', SignedInAdmin>;
  productId: string;
  /** A product the owner can buy (never edited by the sweep's admin calls). */
  purchasable: { productId: string; termYears: number; rate: string };
  jobId: string;
  /** A passkey of the owner's (its key is never used: the sweep only lists and removes it). */
  ownerPasskeyId: string;
  hotspotId: string;
  templateId: string;
  campaignId: string;
}

/** Well-formed WebAuthn answers no authenticator made: every check must refuse them. */
const forgedPasskeyResponse = {
  registration: {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
  },
  authentication: {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  },
};

/** A sweep investor: the real sign-up, identity, a linked account, a manual one, a note and a withdrawal. */
async function createSweepInvestor(
  testApp: TestApp,
  email: string,
  firstName: string,
): Promise<SweepInvestor> {
  const investor = await signUpInvestor(testApp, { email });
  await testApp.context.db
    .update(investors)
    .set({ firstName, lastName: 'Sweep' })
    .where(eq(investors.id, investor.investorId));
  await approveIdentity(testApp, investor);
  await giveConsentDirectly(testApp.context.db, investor.investorId);
  await stepUp(testApp, investor);
  const linked = await linkSandboxAccount(testApp, investor, firstSandboxAccount);
  await stepUp(testApp, investor);
  const manual = await linkSandboxAccount(testApp, investor, manualAccount());
  const engine = createTestEngine(testApp.context.db);
  const { investmentId } = await buyNote(engine, {
    investorId: investor.investorId,
    bankAccountId: linked.id,
    investmentType: 'standard',
    principal: '10000.00',
    rate: '0.0800',
    startDate: '2025-01-02',
  });
  const withdrawalId = await insertPendingWithdrawal(testApp.context.db, {
    investorId: investor.investorId,
    bankAccountId: linked.id,
    amount: '100.00',
    requestedOn: testApp.clock.today(),
    now: testApp.clock.now(),
  });
  const redemptionId = await openRedemption(testApp, { investorId: investor.investorId, investmentId });
  return {
    ...investor,
    firstName,
    redemptionId,
    bankAccountId: linked.id,
    pendingBankAccountId: manual.id,
    investmentId,
    withdrawalId,
  };
}

async function adminCall(
  world: Pick<SweepWorld, 'testApp' | 'admins'>,
  method: 'POST',
  url: string,
  payload: unknown,
) {
  const response = await world.testApp.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    headers: { origin: testOrigin, ...world.admins.superAdmin.headers },
  });
  if (response.statusCode >= 300) throw new Error(`${url} failed: ${response.body}`);
  return response.json() as Record<string, unknown>;
}

export async function createSweepWorld(testApp: TestApp): Promise<SweepWorld> {
  const owner = await createSweepInvestor(testApp, 'owner@sweep.example', 'Olivia');
  // The owner's statement for January 2025, as the statement job writes it (decision 1720).
  await testApp.context.db.insert(investorStatements).values({
    investorId: owner.investorId,
    period: '2025-01-01',
    openingBalance: '0.00',
    purchases: '10000.00',
    interestCredited: '0.00',
    interestPaid: '0.00',
    transfersToBank: '0.00',
    movedBetweenNotes: '0.00',
    adjustments: '0.00',
    closingBalance: '10000.00',
    accruedUnposted: '64.66',
    generatedAt: testApp.clock.now(),
  });
  const [ownerPasskey] = await testApp.context.db
    .insert(userPasskeys)
    .values({
      userId: owner.userId,
      credentialId: 'sweep-owner-credential',
      publicKey: 'AAAA',
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Sweep laptop',
    })
    .returning({ id: userPasskeys.id });
  const other = await createSweepInvestor(testApp, 'other@sweep.example', 'Oscar');
  const admins = {
    support: await signInTestAdmin(testApp, 'support'),
    operations: await signInTestAdmin(testApp, 'operations'),
    superAdmin: await signInTestAdmin(testApp, 'super_admin'),
  };
  const db = testApp.context.db;
  const products = await db.select().from(investmentProducts);
  const product = products.find((row) => row.investmentType === 'standard');
  const purchasable = products.find((row) => row.investmentType === 'high_yield' && row.termYears === 3);
  const [job] = await db
    .select({ id: scheduledJobs.id })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.functionName, 'cleanup-expired-auth'))
    .limit(1);
  const [hotspot] = await db
    .select({ id: pageHotspots.id })
    .from(pageHotspots)
    .where(eq(pageHotspots.pageSlug, 'abouttemp'))
    .limit(1);
  const template = await adminCall({ testApp, admins }, 'POST', '/api/admin/notifications/templates', {
    name: 'Sweep template',
    type: 'email',
    subject: 'Hello {{first_name}}',
    body: 'Hello {{first_name}}, thank you for investing with {{brand_name}}.',
  });
  const campaign = await adminCall({ testApp, admins }, 'POST', '/api/admin/notifications/campaigns', {
    name: 'Sweep campaign',
    template_id: String((template.template as { id: string }).id),
  });
  await markSteppedUp(testApp, [owner, other]);
  return {
    testApp,
    owner,
    other,
    admins,
    productId: product!.id,
    purchasable: {
      productId: purchasable!.id,
      termYears: purchasable!.termYears,
      rate: purchasable!.interestRateAnnual.replace(/0+$/, ''),
    },
    jobId: job!.id,
    ownerPasskeyId: ownerPasskey!.id,
    hotspotId: hotspot!.id,
    templateId: String((template.template as { id: string }).id),
    campaignId: String((campaign.campaign as { id: string }).id),
  };
}

/** Counts every live session of these investors as freshly stepped up, so step-up never hides the ownership check. */
export async function markSteppedUp(testApp: TestApp, people: SignedInInvestor[]): Promise<void> {
  for (const person of people) {
    const token = person.cookie.split('=')[1] ?? '';
    await testApp.context.db
      .update(sessions)
      .set({ steppedUpAt: testApp.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(token)));
  }
}

/** A second live session for the investor (for routes that end the session they are called with). */
export async function freshInvestorSession(testApp: TestApp, investor: SweepInvestor): Promise<string> {
  const token = generateToken();
  const now = testApp.clock.now();
  await insertSession(testApp.context.db, {
    userId: investor.userId,
    tokenHash: hashToken(token),
    kind: 'full',
    now,
    expiresAt: new Date(now.getTime() + 3_600_000),
    ipAddress: null,
    userAgent: null,
  });
  return `${investor.cookie.split('=')[0]}=${token}`;
}

/** A second admin session (admin-login again) for routes that end the session they are called with. */
export async function freshAdminSession(world: SweepWorld, caller: 'support' | 'operations' | 'superAdmin') {
  const { cookie, token } = await completeAdminLogin(world.testApp, `${adminRoleOf[caller]}@staff.example`);
  return { cookie, 'x-admin-token': token };
}

/**
 * Each caller is a different person on a different connection: a documentation address
 * (RFC 5737) of their own, so the per-address limits count each caller's calls as they would
 * in production, rather than every caller's together as one client.
 */
export const callerAddress: Record<Caller, string> = {
  anonymous: '203.0.113.10',
  investor: '203.0.113.11',
  otherInvestor: '203.0.113.12',
  support: '203.0.113.13',
  operations: '203.0.113.14',
  superAdmin: '203.0.113.15',
};

let oneOffClients = 0;

/**
 * An address no request has come from yet (the benchmarking range 198.18.0.0/15, RFC 2544;
 * distinct IPv6 documentation addresses were still limited together by the flood guard): for the
 * tests that send thousands of malformed requests to see each refused (the fuzzer, the date
 * bounds), each such input is treated as its own client, so the limits users get stay as they
 * are and the flood guard does not answer in place of the validation under test.
 */
export function oneOffClientAddress(): string {
  oneOffClients += 1;
  const n = oneOffClients % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** The headers a caller sends: the session cookie (and CSRF token for admins), and our own origin. */
export function headersFor(world: SweepWorld, caller: Caller): Record<string, string> {
  switch (caller) {
    case 'anonymous':
      return { origin: testOrigin };
    case 'investor':
      return { origin: testOrigin, cookie: world.owner.cookie };
    case 'otherInvestor':
      return { origin: testOrigin, cookie: world.other.cookie };
    default:
      return { origin: testOrigin, ...world.admins[caller].headers };
  }
}

export interface RouteRequest {
  url: string;
  payload?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

type RequestBuilder = (world: SweepWorld, caller: Caller) => RouteRequest | Promise<RouteRequest>;

const jobRun = (): RouteRequest => ({ url: '', payload: { jobId: null, executionDate: '2026-03-10' } });

/** The number a caller changes their phone to (a 555 number of their own). */
function newPhoneOf(caller: Caller): string {
  return `+1617555987${callers.indexOf(caller)}`;
}

function idempotencyKey(): string {
  return `sweep-${generateToken().slice(0, 24)}`;
}

function fresh(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}

async function productVersion(world: SweepWorld): Promise<string> {
  const [row] = await world.testApp.context.db
    .select({ updatedAt: investmentProducts.updatedAt })
    .from(investmentProducts)
    .where(eq(investmentProducts.id, world.productId));
  return row!.updatedAt.toISOString();
}

const linkTokens = new WeakMap<SweepWorld, string>();

/** The owner's bank-link token (one per world: link sessions are rate-limited per investor). */
async function ownersLinkToken(world: SweepWorld): Promise<string> {
  const known = linkTokens.get(world);
  if (known) return known;
  const response = await investorRequest(
    world.testApp,
    world.owner,
    'POST',
    '/functions/v1/bank-connection-link-token',
    {
      user_id: world.owner.userId,
    },
  );
  if (response.statusCode !== 200) throw new Error(`link token failed: ${response.body}`);
  const linkToken = (response.json() as { link_token: string }).link_token;
  linkTokens.set(world, linkToken);
  return linkToken;
}

const productBody = {
  display_name: 'Sweep Note',
  investment_type: 'standard',
  interest_rate_percent: '7.5',
  term_years: 2,
  minimum_purchase_amount: '5000',
};

/**
 * A valid request for every route, keyed "METHOD /pattern" as Fastify registers it. Ids in
 * paths, queries and bodies are always the first investor's (`owner`), whoever calls.
 */

const sweepPdf = Buffer.from('%PDF-1.4\n% sweep circular\n%%EOF\n', 'latin1');

/**
 * An offering of the sweep's own with a circular (version 1) and no product the owner buys, so
 * the circular routes have something to read and the owner's purchase needs no acknowledgement.
 */
async function sweepOffering(world: SweepWorld): Promise<string> {
  const db = world.testApp.context.db;
  const found = rowsOf<{ id: string }>(
    await db.execute(sql`select id from offerings where name = 'Sweep offering'`),
  )[0];
  if (found) return found.id;
  const created = rowsOf<{ id: string }>(
    await db.execute(
      sql`insert into offerings (name, exemption) values ('Sweep offering', 'none') returning id`,
    ),
  )[0]!;
  await db.execute(sql`insert into offering_circulars (offering_id, version, file_name, byte_size, sha256, content)
    values (${created.id}::uuid, 1, 'sweep-circular.pdf', ${sweepPdf.length}, 'sweep', ${sweepPdf})`);
  return created.id;
}

/** The sweep offering's current circular: the admin upload route adds versions as the sweep runs. */
async function currentCircularVersion(world: SweepWorld): Promise<number> {
  const id = await sweepOffering(world);
  const result = await world.testApp.context.db.execute(
    sql`select max(version)::int as version from offering_circulars where offering_id = ${id}::uuid`,
  );
  return rowsOf<{ version: number }>(result)[0]!.version;
}

async function offeringVersion(world: SweepWorld): Promise<string> {
  const id = await sweepOffering(world);
  const response = await world.testApp.app.inject({
    method: 'GET',
    url: `/api/admin/offerings/${id}`,
    headers: world.admins.superAdmin.headers,
  });
  return response.json().offering.updated_at;
}

/** A pending profile change for the owner, proposed by an admin who is not the caller. */
async function profileChangeByAnotherAdmin(world: SweepWorld, caller: Caller): Promise<string> {
  const proposer = caller === 'operations' ? world.admins.superAdmin : world.admins.operations;
  const result = await world.testApp.context.db.execute(sql`
    insert into investor_profile_overrides (investor_id, is_accredited, accreditation_basis, reason, proposed_by)
    values (${world.owner.investorId}::uuid, true, 'entity', 'Sweep change', ${proposer.id}::uuid) returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

async function ownerEvidence(world: SweepWorld): Promise<string> {
  const result = await world.testApp.context.db.execute(sql`
    insert into accreditation_evidence (investor_id, file_name, content_type, content, uploaded_at)
    values (${world.owner.investorId}::uuid, 'letter.pdf', 'application/pdf', ${sweepPdf}, now()) returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

const offeringBody = {
  name: 'Sweep offering',
  exemption: 'none',
  qualification_date: null,
  maximum_per_12_months: null,
  status: 'open',
  requires_accreditation_evidence: false,
};

export const routeRequests: Record<string, RequestBuilder> = {
  'GET /api/admin/offerings': () => ({ url: '/api/admin/offerings' }),
  'POST /api/admin/offerings': () => ({
    url: '/api/admin/offerings',
    payload: { ...offeringBody, name: fresh('Offering') },
  }),
  'GET /api/admin/offerings/:id': async (world) => ({
    url: `/api/admin/offerings/${await sweepOffering(world)}`,
  }),
  'PUT /api/admin/offerings/:id': async (world) => ({
    url: `/api/admin/offerings/${await sweepOffering(world)}`,
    payload: { offering: offeringBody, updated_at: await offeringVersion(world) },
  }),
  'PUT /api/admin/offerings/:id/products': async (world) => ({
    url: `/api/admin/offerings/${await sweepOffering(world)}/products`,
    payload: { product_ids: [world.productId] },
  }),
  'POST /api/admin/offerings/:id/circulars': async (world) => ({
    url: `/api/admin/offerings/${await sweepOffering(world)}/circulars?file_name=circular.pdf`,
    payload: sweepPdf,
    contentType: 'application/pdf',
  }),
  'GET /api/admin/offerings/:id/circulars/:version': async (world) => ({
    url: `/api/admin/offerings/${await sweepOffering(world)}/circulars/1`,
  }),
  'GET /api/admin/investors/:id/investor-profile': (world) => ({
    url: `/api/admin/investors/${world.owner.investorId}/investor-profile`,
  }),
  'POST /api/admin/investors/:id/investor-profile/overrides': (world) => ({
    url: `/api/admin/investors/${world.owner.investorId}/investor-profile/overrides`,
    payload: {
      profile: { is_accredited: true, accreditation_basis: 'income' },
      reason: 'Sweep: letter on file',
    },
  }),
  'POST /api/admin/investors/:id/investor-profile/overrides/:overrideId/approve': async (world, caller) => ({
    url: `/api/admin/investors/${world.owner.investorId}/investor-profile/overrides/${await profileChangeByAnotherAdmin(world, caller)}/approve`,
  }),
  'POST /api/admin/investors/:id/investor-profile/overrides/:overrideId/reject': async (world, caller) => ({
    url: `/api/admin/investors/${world.owner.investorId}/investor-profile/overrides/${await profileChangeByAnotherAdmin(world, caller)}/reject`,
  }),
  'GET /api/admin/investors/:id/evidence/:evidenceId': async (world) => ({
    url: `/api/admin/investors/${world.owner.investorId}/evidence/${await ownerEvidence(world)}`,
  }),
  'POST /api/admin/investors/:id/evidence/:evidenceId/review': async (world) => ({
    url: `/api/admin/investors/${world.owner.investorId}/evidence/${await ownerEvidence(world)}/review`,
    payload: { status: 'approved' },
  }),
  'GET /api/settings/investor-profile': () => ({ url: '/api/settings/investor-profile' }),
  'PUT /api/settings/investor-profile': () => ({
    url: '/api/settings/investor-profile',
    payload: { is_accredited: false, annual_income: '90000', net_worth: '120000' },
  }),
  'POST /api/settings/investor-profile/evidence': () => ({
    url: '/api/settings/investor-profile/evidence?file_name=letter.pdf',
    payload: sweepPdf,
    contentType: 'application/pdf',
  }),
  'GET /api/purchases/offering': (world) => ({
    url: `/api/purchases/offering?product_id=${world.purchasable.productId}`,
  }),
  'POST /api/offerings/circular-acknowledgements': async (world) => ({
    url: '/api/offerings/circular-acknowledgements',
    payload: { offering_id: await sweepOffering(world), version: await currentCircularVersion(world) },
  }),
  'GET /api/offerings/:id/circulars/:version': async (world) => ({
    url: `/api/offerings/${await sweepOffering(world)}/circulars/1`,
  }),

  'GET /healthz': () => ({ url: '/healthz' }),
  'GET /readyz': () => ({ url: '/readyz' }),
  'GET /metrics': () => ({ url: '/metrics', headers: { authorization: 'Bearer not-the-metrics-token' } }),
  'GET /api/products': () => ({ url: '/api/products' }),
  'GET /api/pages/:slug/hotspots': () => ({ url: '/api/pages/abouttemp/hotspots' }),
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  'GET /dev/outbox': () => ({ url: '/dev/outbox' }),
  'GET /dev/outbox.json': () => ({ url: '/dev/outbox.json' }),
  'GET /dev/outbox.css': () => ({ url: '/dev/outbox.css' }),
  'GET /': () => ({ url: '/' }),
  'GET /*': () => ({ url: '/account-overview' }),
  'GET /index.html': () => ({ url: '/index.html' }),

  // Investor sign-in and onboarding functions.
  'POST /functions/v1/auth-start': (world) => ({
    url: '/functions/v1/auth-start',
    payload: { email: world.owner.email },
  }),
  'POST /functions/v1/auth-phone-start': (world) => ({
    url: '/functions/v1/auth-phone-start',
    payload: { phone: world.owner.phone },
  }),
  'POST /functions/v1/auth-phone-check': (world) => ({
    url: '/functions/v1/auth-phone-check',
    payload: { phone: world.owner.phone, code: '000000' },
  }),
  'POST /functions/v1/auth-password-login': (world) => ({
    url: '/functions/v1/auth-password-login',
    payload: { email: world.owner.email, password: 'Not-The-Password-1!' },
  }),
  'POST /functions/v1/auth-logout': () => ({ url: '/functions/v1/auth-logout', payload: {} }),
  'POST /functions/v1/verify-email-complete': (world) => ({
    url: '/functions/v1/verify-email-complete',
    payload: { user_id: world.owner.userId },
  }),
  'POST /functions/v1/onboard-resume': (world) => ({
    url: '/functions/v1/onboard-resume',
    payload: { user_id: world.owner.userId },
  }),
  'GET /api/session': () => ({ url: '/api/session' }),
  'POST /api/auth/confirm': () => ({
    url: '/api/auth/confirm',
    payload: { token_hash: 'A'.repeat(43), type: 'email' },
  }),
  'POST /api/auth/password': () => ({
    url: '/api/auth/password',
    payload: { password: 'Another-Horse-43!', confirmPassword: 'Another-Horse-43!' },
  }),
  'POST /api/auth/password-reset': (world) => ({
    url: '/api/auth/password-reset',
    payload: { email: world.owner.email },
  }),
  'POST /api/auth/step-up/start': () => ({ url: '/api/auth/step-up/start', payload: {} }),
  'POST /api/auth/step-up/verify': () => ({ url: '/api/auth/step-up/verify', payload: { code: '000000' } }),

  // Settings.
  'GET /api/settings': () => ({ url: '/api/settings' }),
  'GET /api/settings/passkeys': () => ({ url: '/api/settings/passkeys' }),
  'POST /api/settings/passkeys/options': () => ({ url: '/api/settings/passkeys/options', payload: {} }),
  'POST /api/settings/passkeys': () => ({
    url: '/api/settings/passkeys',
    payload: { name: 'Laptop', response: forgedPasskeyResponse.registration },
  }),
  'DELETE /api/settings/passkeys/:passkeyId': (world) => ({
    url: `/api/settings/passkeys/${world.ownerPasskeyId}`,
  }),
  'POST /api/auth/passkey/options': () => ({ url: '/api/auth/passkey/options', payload: {} }),
  'POST /api/auth/passkey/sign-in': () => ({
    url: '/api/auth/passkey/sign-in',
    payload: { response: forgedPasskeyResponse.authentication },
  }),
  'PATCH /api/settings/profile': (world, caller) => ({
    url: '/api/settings/profile',
    payload: {
      first_name: caller === 'investor' ? world.owner.firstName : world.other.firstName,
      last_name: 'Sweep',
    },
  }),
  'PUT /api/settings/notification-preferences': () => ({
    url: '/api/settings/notification-preferences',
    payload: {
      investment_purchase_email: true,
      investment_purchase_sms: false,
      interest_payment_email: true,
      interest_payment_sms: false,
      withdrawal_confirmation_email: true,
      withdrawal_confirmation_sms: false,
      account_verification_email: true,
      account_verification_sms: false,
      monthly_statement_email: true,
      monthly_statement_sms: false,
      marketing_email: false,
      marketing_sms: false,
    },
  }),
  'POST /api/settings/email-change/start': () => ({
    url: '/api/settings/email-change/start',
    payload: { email: 'owner.new@sweep.example' },
  }),
  'POST /api/settings/email-change/confirm': () => ({
    url: '/api/settings/email-change/confirm',
    payload: { token: 'B'.repeat(43) },
  }),
  // Each caller moves to a number of their own: two people never share the new number.
  'POST /api/settings/phone-change/start': (_world, caller) => ({
    url: '/api/settings/phone-change/start',
    payload: { phone: newPhoneOf(caller) },
  }),
  'POST /api/settings/phone-change/verify': (_world, caller) => ({
    url: '/api/settings/phone-change/verify',
    payload: { phone: newPhoneOf(caller), code: '000000' },
  }),
  'GET /api/settings/w9-certification': () => ({ url: '/api/settings/w9-certification' }),
  'POST /api/settings/w9-certification': () => ({
    url: '/api/settings/w9-certification',
    payload: { agree: true, crossOutItem2: false, version: W9_CERTIFICATION_VERSION },
  }),
  'PUT /api/settings/tax-information': () => ({
    url: '/api/settings/tax-information',
    payload: {
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1985-04-12',
      tinType: 'ssn',
      tin: '123-45-6780',
      address1: '2 Main Street',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
    },
  }),

  // Banking.
  'GET /api/banking/identity': () => ({ url: '/api/banking/identity' }),
  'POST /api/banking/identity/recheck': () => ({ url: '/api/banking/identity/recheck' }),
  'POST /api/banking/identity': () => ({
    url: '/api/banking/identity',
    payload: {
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1985-04-12',
      ssn: '123-45-6789',
      address1: '1 Main Street',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
    },
  }),
  'GET /api/banking/accounts': () => ({ url: '/api/banking/accounts' }),
  'POST /api/banking/accounts/:id/micro-deposits': (world) => ({
    url: `/api/banking/accounts/${world.owner.pendingBankAccountId}/micro-deposits`,
    payload: { amount_1: '0.01', amount_2: '0.02' },
  }),
  'POST /api/banking/accounts/:id/refresh': (world) => ({
    url: `/api/banking/accounts/${world.owner.bankAccountId}/refresh`,
    payload: {},
  }),
  'DELETE /api/banking/accounts/:id': (world) => ({
    url: `/api/banking/accounts/${world.owner.pendingBankAccountId}`,
  }),
  'POST /functions/v1/bank-connection-link-token': (world) => ({
    url: '/functions/v1/bank-connection-link-token',
    payload: { user_id: world.owner.userId },
  }),
  'POST /functions/v1/bank-connection-exchange': async (world) => {
    const linkToken = await ownersLinkToken(world);
    return {
      url: '/functions/v1/bank-connection-exchange',
      payload: {
        link_token: linkToken,
        public_token: 'public-sandbox-sweep',
        account_id: 'everyday_checking',
        investor_id: world.owner.investorId,
      },
    };
  },
  'GET /api/sandbox/bank-link/session': async (world) => ({
    url: `/api/sandbox/bank-link/session?link_token=${encodeURIComponent(await ownersLinkToken(world))}`,
  }),
  'POST /api/sandbox/bank-link/public-token': async (world) => ({
    url: '/api/sandbox/bank-link/public-token',
    payload: { link_token: await ownersLinkToken(world), selection: firstSandboxAccount },
  }),

  // Portal.
  'GET /api/portal/overview': () => ({ url: '/api/portal/overview' }),
  'GET /api/portal/balance-history': () => ({ url: '/api/portal/balance-history' }),
  'GET /api/portal/notifications': () => ({ url: '/api/portal/notifications' }),
  'POST /api/portal/notifications/read': () => ({ url: '/api/portal/notifications/read', payload: {} }),
  'GET /api/portal/transactions': () => ({ url: '/api/portal/transactions?filter=all&limit=20' }),
  'GET /api/portal/transactions/export.csv': () => ({ url: '/api/portal/transactions/export.csv?view=list' }),
  'GET /api/portal/investments': () => ({ url: '/api/portal/investments' }),
  'GET /api/portal/investments/:investmentId/transactions': (world) => ({
    url: `/api/portal/investments/${world.owner.investmentId}/transactions`,
  }),
  'GET /api/portal/notes/:investmentId': (world) => ({
    url: `/api/portal/notes/${world.owner.investmentId}`,
  }),
  'PUT /api/portal/notes/:investmentId/maturity-instruction': (world) => ({
    url: `/api/portal/notes/${world.owner.investmentId}/maturity-instruction`,
    payload: { maturity_instruction: { kind: 'pay_out' } },
  }),
  'PUT /api/portal/notes/:investmentId/interest-reinvestment': (world) => ({
    url: `/api/portal/notes/${world.owner.investmentId}/interest-reinvestment`,
    payload: { reinvest: true },
  }),
  'POST /api/portal/notes/:investmentId/undo-rollover': (world) => ({
    url: `/api/portal/notes/${world.owner.investmentId}/undo-rollover`,
    payload: {},
  }),
  'GET /api/portal/documents': () => ({ url: '/api/portal/documents' }),
  'GET /api/portal/documents/promissory-notes/:investmentId': (world) => ({
    url: `/api/portal/documents/promissory-notes/${world.owner.investmentId}`,
  }),
  'GET /api/portal/documents/tax-forms/:year': () => ({ url: '/api/portal/documents/tax-forms/2025' }),
  'GET /api/portal/documents/statements/:month': () => ({ url: '/api/portal/documents/statements/2025-01' }),
  'GET /api/portal/documents/agreements/:investmentId': (world) => ({
    url: `/api/portal/documents/agreements/${world.owner.investmentId}`,
  }),
  'GET /api/purchases/options': () => ({ url: '/api/purchases/options' }),
  'POST /api/purchases': (world) => ({
    url: '/api/purchases',
    payload: {
      product_id: world.purchasable.productId,
      term_years: world.purchasable.termYears,
      amount: '25000.00',
      interest_rate_annual: world.purchasable.rate,
      funding_account_id: world.owner.bankAccountId,
      agreement_version: AGREEMENT_VERSION,
      consent: true,
    },
    headers: { 'idempotency-key': idempotencyKey() },
  }),
  'GET /api/transfers': () => ({ url: '/api/transfers' }),
  'POST /api/transfers/withdrawals': () => ({
    url: '/api/transfers/withdrawals',
    payload: { amount: '10.00' },
    headers: { 'idempotency-key': idempotencyKey() },
  }),
  'POST /api/transfers/conversions': (world) => ({
    url: '/api/transfers/conversions',
    payload: {
      amount: '5000.00',
      product_id: world.purchasable.productId,
      interest_rate_annual: world.purchasable.rate,
      agreement_version: AGREEMENT_VERSION,
      consent: true,
    },
    headers: { 'idempotency-key': idempotencyKey() },
  }),
  // Early redemption (issue 27 section 3): the owner's note and request; staff decide fresh requests of the other's note.
  'GET /api/portal/notes/:investmentId/early-redemption': (world) => ({
    url: `/api/portal/notes/${world.owner.investmentId}/early-redemption`,
  }),
  'GET /api/portal/notes/:investmentId/early-redemption/quote': (world) => ({
    url: `/api/portal/notes/${world.owner.investmentId}/early-redemption/quote?kind=whole`,
  }),
  'POST /api/portal/notes/:investmentId/early-redemption': (world) => ({
    url: `/api/portal/notes/${world.owner.investmentId}/early-redemption`,
    payload: { kind: 'whole' },
  }),
  'POST /api/portal/early-redemptions/:redemptionId/cancel': (world) => ({
    url: `/api/portal/early-redemptions/${world.owner.redemptionId}/cancel`,
    payload: {},
  }),
  'GET /api/admin/early-redemptions': () => ({ url: '/api/admin/early-redemptions?status=open' }),
  'POST /api/admin/early-redemptions/:redemptionId/approve': async (world) => ({
    url: `/api/admin/early-redemptions/${await openRedemption(world.testApp, world.other)}/approve`,
    payload: {},
  }),
  'POST /api/admin/early-redemptions/:redemptionId/decline': async (world) => ({
    url: `/api/admin/early-redemptions/${await openRedemption(world.testApp, world.other)}/decline`,
    payload: { reason: 'Sweep decline' },
  }),
  'PUT /api/admin/early-redemptions/gate': () => ({
    url: '/api/admin/early-redemptions/gate',
    payload: { paused: false, message: '' },
  }),

  'POST /api/transfers/withdrawals/:withdrawalId/cancel': (world) => ({
    url: `/api/transfers/withdrawals/${world.owner.withdrawalId}/cancel`,
    payload: {},
  }),

  // Notifications reached from outside.
  'GET /unsubscribe': (world) => ({
    url: `/unsubscribe?token=${createUnsubscribeToken(world.testApp.config, { subject: world.owner.investorId, channel: 'email' })}`,
  }),
  'POST /unsubscribe': (world) => ({
    url: `/unsubscribe?token=${createUnsubscribeToken(world.testApp.config, { subject: world.owner.investorId, channel: 'email' })}`,
    payload: 'List-Unsubscribe=One-Click',
    contentType: 'application/x-www-form-urlencoded',
  }),
  'POST /unsubscribe/resubscribe': (world) => ({
    url: '/unsubscribe/resubscribe',
    payload: `token=${createUnsubscribeToken(world.testApp.config, { subject: world.owner.investorId, channel: 'email' })}`,
    contentType: 'application/x-www-form-urlencoded',
  }),
  'GET /unsubscribe/page.css': () => ({ url: '/unsubscribe/page.css' }),
  'POST /api/webhooks/twilio/sms': () => ({
    url: '/api/webhooks/twilio/sms',
    payload: 'From=%2B16175550000&Body=HELLO',
    contentType: 'application/x-www-form-urlencoded',
  }),

  // Back office.
  'POST /functions/v1/admin-login': () => ({
    url: '/functions/v1/admin-login',
    payload: { email: 'nobody@staff.example', password: 'Wrong#Passw0rd-2026' },
  }),
  'GET /api/admin/session': () => ({ url: '/api/admin/session' }),
  'DELETE /api/admin/session': () => ({ url: '/api/admin/session' }),
  'GET /api/admin/dashboard': () => ({ url: '/api/admin/dashboard' }),
  'GET /api/admin/search': () => ({ url: '/api/admin/search?q=olivia' }),
  'GET /api/admin/investors/:id': (world) => ({ url: `/api/admin/investors/${world.owner.investorId}` }),
  'GET /api/admin/payments': (world) => ({
    url: `/api/admin/payments?status=pending&from=2026-01-01&to=2026-12-31&q=${world.owner.investorId}&page=1`,
  }),
  'GET /api/admin/payments/export.csv': () => ({ url: '/api/admin/payments/export.csv?status=settled' }),
  'GET /api/admin/payments/owed-credits': () => ({ url: '/api/admin/payments/owed-credits' }),
  // No credit is owed in the sweep's world: an allowed role reaches the rail's service (404).
  'POST /api/admin/payments/owed-credits/:id/resend': () => ({
    url: '/api/admin/payments/owed-credits/00000000-0000-4000-8000-000000000015/resend',
  }),
  'POST /api/admin/investors/:id/watchlist-clearance': (world) => ({
    url: `/api/admin/investors/${world.owner.investorId}/watchlist-clearance`,
    payload: { reason: 'Reviewed the screening: a different person (date of birth differs).' },
  }),
  'GET /functions/v1/admin-products': () => ({ url: '/functions/v1/admin-products' }),
  'PUT /functions/v1/admin-products': async (world) => ({
    url: '/functions/v1/admin-products',
    payload: { id: world.productId, is_active: true, updated_at: await productVersion(world) },
  }),
  'POST /api/admin/products': () => ({
    url: '/api/admin/products',
    payload: { ...productBody, display_name: fresh('Sweep Note') },
  }),
  'PUT /api/admin/products/:id': async (world) => ({
    url: `/api/admin/products/${world.productId}`,
    payload: {
      product: { ...productBody, display_name: fresh('Sweep Note') },
      updated_at: await productVersion(world),
    },
  }),
  'GET /api/admin/products/:id/audit': (world) => ({ url: `/api/admin/products/${world.productId}/audit` }),
  'PUT /api/admin/pages/:slug/hotspots': (world) => ({
    url: '/api/admin/pages/abouttemp/hotspots',
    payload: { hotspots: [{ id: world.hotspotId, top: 10, left: 10, width: 20, height: 10 }] },
  }),
  'GET /api/admin/notifications/templates': () => ({ url: '/api/admin/notifications/templates' }),
  'POST /api/admin/notifications/templates': () => ({
    url: '/api/admin/notifications/templates',
    payload: { name: fresh('Template'), type: 'email', subject: 'Hi', body: 'Hello {{first_name}}' },
  }),
  'PUT /api/admin/notifications/templates/:id': (world) => ({
    url: `/api/admin/notifications/templates/${world.templateId}`,
    payload: { name: fresh('Template'), type: 'email', subject: 'Hi', body: 'Hello {{first_name}}' },
  }),
  'PUT /api/admin/notifications/templates/:id/status': (world) => ({
    url: `/api/admin/notifications/templates/${world.templateId}/status`,
    payload: { is_active: true },
  }),
  'GET /api/admin/notifications/campaigns': () => ({ url: '/api/admin/notifications/campaigns' }),
  'POST /api/admin/notifications/campaigns': (world) => ({
    url: '/api/admin/notifications/campaigns',
    payload: { name: fresh('Campaign'), template_id: world.templateId },
  }),
  'PUT /api/admin/notifications/campaigns/:id': (world) => ({
    url: `/api/admin/notifications/campaigns/${world.campaignId}`,
    payload: { name: fresh('Campaign'), template_id: world.templateId },
  }),
  'POST /api/admin/notifications/recipients/preview': () => ({
    url: '/api/admin/notifications/recipients/preview',
    payload: { target_filters: {}, channel: 'email' },
  }),
  'POST /api/admin/notifications/campaigns/:id/send-test': (world) => ({
    url: `/api/admin/notifications/campaigns/${world.campaignId}/send-test`,
    payload: {},
  }),
  'POST /api/admin/notifications/campaigns/:id/send-now': (world) => ({
    url: `/api/admin/notifications/campaigns/${world.campaignId}/send-now`,
    payload: {},
  }),
  'GET /api/admin/notifications/preview-sample': () => ({
    url: '/api/admin/notifications/preview-sample?channel=email',
  }),
  'GET /api/admin/notifications/failed-notices': () => ({ url: '/api/admin/notifications/failed-notices' }),
  'POST /api/admin/notifications/failed-notices/:id/resend': () => ({
    url: '/api/admin/notifications/failed-notices/00000000-0000-4000-8000-000000000251/resend',
  }),
  'GET /api/admin/jobs': () => ({ url: '/api/admin/jobs' }),
  'POST /api/admin/jobs': () => ({
    url: '/api/admin/jobs',
    payload: {
      name: fresh('Sweep job'),
      description: null,
      functionName: 'cleanup-expired-auth',
      scheduleCron: '0 3 * * *',
    },
  }),
  'PUT /api/admin/jobs/:id': (world) => ({
    url: `/api/admin/jobs/${world.jobId}`,
    payload: {
      name: fresh('Sweep job'),
      description: null,
      functionName: 'cleanup-expired-auth',
      scheduleCron: '0 4 * * *',
    },
  }),
  'PATCH /api/admin/jobs/:id/enabled': (world) => ({
    url: `/api/admin/jobs/${world.jobId}/enabled`,
    payload: { enabled: true },
  }),
  'GET /api/admin/audit': (world) => ({
    url: `/api/admin/audit?target_type=product&actor=${world.admins.superAdmin.id}`,
  }),
  'POST /api/admin/login/verify': () => ({
    url: '/api/admin/login/verify',
    payload: { challenge: 'c'.repeat(43), code: '123456' },
  }),
  'POST /api/admin/login/enrolment': () => ({
    url: '/api/admin/login/enrolment',
    payload: { challenge: 'c'.repeat(43) },
  }),
  'POST /api/admin/login/enrolment/confirm': () => ({
    url: '/api/admin/login/enrolment/confirm',
    payload: { challenge: 'c'.repeat(43), enrolment: 'e'.repeat(60), code: '123456' },
  }),
  'GET /api/admin/staff': () => ({ url: '/api/admin/staff' }),
  'POST /api/admin/staff/invitations': () => ({
    url: '/api/admin/staff/invitations',
    payload: {
      email: `invitee.${generateToken()
        .slice(0, 8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}@staff.example`,
      first_name: 'Ivy',
      last_name: 'Invitee',
      role: 'support',
    },
  }),
  'DELETE /api/admin/staff/invitations/:id': () => ({
    url: '/api/admin/staff/invitations/00000000-0000-4000-8000-000000000009',
  }),
  'PUT /api/admin/staff/:id/role': (world) => ({
    url: `/api/admin/staff/${world.admins.support.id}/role`,
    payload: { role: 'support' },
  }),
  'PUT /api/admin/staff/:id/active': (world) => ({
    url: `/api/admin/staff/${world.admins.support.id}/active`,
    payload: { is_active: true },
  }),
  'POST /api/admin/invitation/lookup': () => ({
    url: '/api/admin/invitation/lookup',
    payload: { token: 't'.repeat(43) },
  }),
  'POST /api/admin/invitation/accept': () => ({
    url: '/api/admin/invitation/accept',
    payload: { token: 't'.repeat(43), password: 'Invited#Passw0rd-2026' },
  }),
  'GET /api/admin/audit/facets': () => ({ url: '/api/admin/audit/facets' }),
  'GET /api/admin/audit/export.csv': () => ({
    url: '/api/admin/audit/export.csv?from=2026-01-01&to=2026-12-31',
  }),
  'GET /api/admin/jobs/:id/history': (world) => ({ url: `/api/admin/jobs/${world.jobId}/history` }),
  'POST /functions/v1/calculate-daily-interest': jobRun,
  'POST /functions/v1/cleanup-expired-auth': jobRun,
  'POST /functions/v1/generate-monthly-statements': jobRun,
  'POST /functions/v1/process-maturities': jobRun,
  'POST /functions/v1/process-withdrawals': jobRun,
  'POST /functions/v1/pay-early-redemptions': jobRun,
  'POST /functions/v1/send-scheduled-campaigns': jobRun,
  'POST /functions/v1/settle-ach-payments': jobRun,
  'POST /functions/v1/sync-ach-events': jobRun,
  'POST /functions/v1/reconcile-ach-payments': jobRun,
  'POST /functions/v1/backup': jobRun,
  'POST /functions/v1/verify-backup': jobRun,
  'POST /api/webhooks/plaid': () => ({
    url: '/api/webhooks/plaid',
    payload: { webhook_type: 'TRANSFER', webhook_code: 'TRANSFER_EVENTS_UPDATE', environment: 'sandbox' },
  }),

  // Investor lifecycle (issue 16 item 3): each call acts on a throwaway investor of its own, so
  // suspending or closing never touches the investors the rest of the sweep signs in as.
  'GET /api/admin/investors/:id/account': (world) => ({
    url: `/api/admin/investors/${world.owner.investorId}/account`,
  }),
  'GET /api/admin/investors/:id/backup-withholding': (world) => ({
    url: `/api/admin/investors/${world.owner.investorId}/backup-withholding`,
  }),
  // A fresh investor per call: one open B notice per investor.
  'POST /api/admin/investors/:id/b-notices': async (world) => ({
    url: `/api/admin/investors/${await throwawayInvestor(world, 'active')}/b-notices`,
    payload: { kind: 'first', received_on: '2026-01-05' },
  }),
  'POST /api/admin/investors/:id/b-notices/:noticeId/resolve': async (world) => {
    const investorId = await throwawayInvestor(world, 'active');
    const [notice] = await world.testApp.context.db
      .insert(backupWithholdingNotices)
      .values({
        investorId,
        noticeKind: 'first',
        receivedOn: '2026-01-05',
        recordedBy: world.admins.operations.id,
        recordedAt: new Date('2026-01-06T15:00:00Z'),
      })
      .returning({ id: backupWithholdingNotices.id });
    return {
      url: `/api/admin/investors/${investorId}/b-notices/${notice!.id}/resolve`,
      payload: { resolution: 'certified_tin_received' },
    };
  },
  'GET /api/admin/tax/backup-withholding': () => ({ url: '/api/admin/tax/backup-withholding?year=2025' }),
  'GET /api/admin/tax/backup-withholding.csv': () => ({
    url: '/api/admin/tax/backup-withholding.csv?year=2025',
  }),
  'POST /api/admin/investors/:id/suspend': async (world) => ({
    url: `/api/admin/investors/${await throwawayInvestor(world, 'active')}/suspend`,
    payload: { reason: 'Sweep: suspicious activity' },
  }),
  'POST /api/admin/investors/:id/reinstate': async (world) => ({
    url: `/api/admin/investors/${await throwawayInvestor(world, 'suspended')}/reinstate`,
    payload: { reason: 'Sweep: cleared' },
  }),
  'POST /api/admin/investors/:id/close': async (world) => ({
    url: `/api/admin/investors/${await throwawayInvestor(world, 'active')}/close`,
    payload: { reason: 'Sweep: asked to close' },
  }),
  'POST /api/admin/investors/:id/revoke-sessions': async (world) => ({
    url: `/api/admin/investors/${await throwawayInvestor(world, 'active')}/revoke-sessions`,
    payload: { reason: 'Sweep: lost phone' },
  }),
  'POST /api/admin/withdrawals/:id/cancel': async (world) => {
    const withdrawalId = await insertPendingWithdrawal(world.testApp.context.db, {
      investorId: world.other.investorId,
      bankAccountId: world.other.bankAccountId,
      amount: '1.00',
      requestedOn: world.testApp.clock.today(),
      now: world.testApp.clock.now(),
    });
    return {
      url: `/api/admin/withdrawals/${withdrawalId}/cancel`,
      payload: { reason: 'Sweep: asked by phone' },
    };
  },
  // Four-eyes adjustments (issue 16 item 4): a caller approves or rejects a proposal of another admin's.
  'GET /api/admin/adjustments': () => ({ url: '/api/admin/adjustments?status=pending' }),
  'POST /api/admin/adjustments': (world) => ({
    url: '/api/admin/adjustments',
    payload: {
      investment_id: world.other.investmentId,
      direction: 'credit',
      amount: '0.01',
      reason: 'Sweep goodwill',
    },
  }),
  'POST /api/admin/adjustments/:id/approve': async (world, caller) => ({
    url: `/api/admin/adjustments/${await proposalByAnotherAdmin(world, caller)}/approve`,
  }),
  'POST /api/admin/adjustments/:id/reject': async (world, caller) => ({
    url: `/api/admin/adjustments/${await proposalByAnotherAdmin(world, caller)}/reject`,
    payload: { reason: 'Sweep: not needed' },
  }),
  // Year-end tax run (issue 16 item 5); the sweep sets no IRS settings, so the file answers 409.
  // Your security (decision 1630): the sweep's support admin has no two-factor, the others have it.
  'GET /api/admin/account/security': () => ({ url: '/api/admin/account/security' }),
  'POST /api/admin/account/two-factor/enrolment': () => ({
    url: '/api/admin/account/two-factor/enrolment',
    payload: {},
  }),
  'POST /api/admin/account/two-factor/enrolment/confirm': () => ({
    url: '/api/admin/account/two-factor/enrolment/confirm',
    payload: { enrolment: 'not-a-sealed-enrolment', code: '123456' },
  }),
  'POST /api/admin/account/two-factor/disable': () => ({
    url: '/api/admin/account/two-factor/disable',
    payload: { code: '123456' },
  }),
  'POST /api/admin/account/two-factor/recovery-codes': () => ({
    url: '/api/admin/account/two-factor/recovery-codes',
    payload: { code: '000000' },
  }),
  'POST /api/admin/account/sessions/revoke-others': () => ({
    url: '/api/admin/account/sessions/revoke-others',
    payload: {},
  }),
  'GET /api/admin/tax-runs': () => ({ url: '/api/admin/tax-runs?year=2025' }),
  'POST /api/admin/tax-runs': () => ({ url: '/api/admin/tax-runs', payload: { tax_year: 2025 } }),
  'GET /api/admin/tax-runs/fire-file': () => ({
    url: '/api/admin/tax-runs/fire-file?year=2025&kind=original',
  }),
  'GET /api/admin/liquidity': () => ({ url: '/api/admin/liquidity' }),
  'GET /api/admin/liquidity/forecast.csv': () => ({ url: '/api/admin/liquidity/forecast.csv?view=months' }),
  'GET /api/admin/liquidity/alert': () => ({ url: '/api/admin/liquidity/alert' }),
  'POST /api/admin/liquidity/cash-positions': (world) => ({
    url: '/api/admin/liquidity/cash-positions',
    payload: {
      account_name: 'Sweep operating',
      account_kind: 'operating',
      balance: '10.00',
      as_of: world.testApp.clock.today(),
    },
  }),
  'POST /api/admin/liquidity/cash-positions/import': (world) => ({
    url: '/api/admin/liquidity/cash-positions/import',
    payload: {
      csv: `account_name,account_kind,balance,as_of\nSweep reserve,reserve,5.00,${world.testApp.clock.today()}`,
    },
  }),
  'POST /api/admin/liquidity/cash-positions/:id/approve': async (world, caller) => ({
    url: `/api/admin/liquidity/cash-positions/${await cashPositionByAnotherAdmin(world, caller)}/approve`,
  }),
  'POST /api/admin/liquidity/cash-positions/:id/reject': async (world, caller) => ({
    url: `/api/admin/liquidity/cash-positions/${await cashPositionByAnotherAdmin(world, caller)}/reject`,
    payload: { reason: 'Sweep: the statement says otherwise' },
  }),
  'PUT /api/admin/liquidity/settings': () => ({
    url: '/api/admin/liquidity/settings',
    payload: { rollover_rate: '0.5', transparency_enabled: false },
  }),
  'POST /api/admin/liquidity/checks/:id/acknowledge': async (world) => ({
    url: `/api/admin/liquidity/checks/${await openCoverageAlert(world)}/acknowledge`,
    payload: { note: 'Sweep: seen' },
  }),
  'POST /functions/v1/liquidity-check': jobRun,
  'POST /functions/v1/coverage-snapshot': jobRun,
  'GET /api/transparency': () => ({ url: '/api/transparency' }),
  'GET /api/portal/coverage-proof': () => ({ url: '/api/portal/coverage-proof' }),
  // IRIS filing (decision 1900): 2025 is a FIRE year, so building an IRIS file answers 409; the
  // sweep has no IRIS file, so one file's routes answer 404 to the roles that may call them.
  'GET /api/admin/tax-runs/iris': () => ({ url: '/api/admin/tax-runs/iris?year=2025' }),
  'POST /api/admin/tax-runs/iris/filings': () => ({
    url: '/api/admin/tax-runs/iris/filings',
    payload: { tax_year: 2025, kind: 'original', format: 'xml' },
  }),
  'GET /api/admin/tax-runs/iris/transmissions/:id': () => ({
    url: '/api/admin/tax-runs/iris/transmissions/00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/admin/tax-runs/iris/transmissions/:id/file': () => ({
    url: '/api/admin/tax-runs/iris/transmissions/00000000-0000-4000-8000-000000000000/file',
  }),
  'POST /api/admin/tax-runs/iris/transmissions/:id/acknowledgement': () => ({
    url: '/api/admin/tax-runs/iris/transmissions/00000000-0000-4000-8000-000000000000/acknowledgement',
    payload: { status: 'accepted', receipt_id: '2027-0000000001', errors: [] },
  }),
  'GET /api/consents': () => ({ url: '/api/consents' }),
  'GET /api/consents/:kind/disclosure.pdf': () => ({
    url: '/api/consents/electronic_records/disclosure.pdf',
  }),
  'POST /api/consents/:kind': () => ({
    url: '/api/consents/tax_forms',
    payload: { version: 'TAX-EDELIVERY-2026-11', access_code: 'ZZZZZZ', consent: true },
  }),
  'POST /api/consents/:kind/withdraw': () => ({ url: '/api/consents/tax_forms/withdraw', payload: {} }),
  'GET /api/paper-copies': () => ({ url: '/api/paper-copies' }),
  'POST /api/paper-copies': () => ({ url: '/api/paper-copies', payload: { tax_year: 2019 } }),
  'GET /api/admin/paper-mail': () => ({ url: '/api/admin/paper-mail?purpose=tax_forms&year=2025' }),
  'POST /api/admin/paper-mail/batches': () => ({
    url: '/api/admin/paper-mail/batches',
    payload: { purpose: 'records' },
  }),
  'GET /api/admin/paper-mail/batches/:id/pdf': () => ({
    url: '/api/admin/paper-mail/batches/00000000-0000-4000-8000-000000000420/pdf',
  }),
  'POST /api/admin/paper-mail/batches/:id/mailed': () => ({
    url: '/api/admin/paper-mail/batches/00000000-0000-4000-8000-000000000420/mailed',
    payload: { mailed_on: '2026-03-10', mailed_count: 1 },
  }),
  'GET /api/admin/tax-calendar': () => ({ url: '/api/admin/tax-calendar?year=2025' }),
};

/** A balance above the four-eyes threshold, recorded by an admin who is not the caller. */
async function cashPositionByAnotherAdmin(world: SweepWorld, caller: Caller): Promise<string> {
  const recorder = caller === 'operations' ? world.admins.superAdmin : world.admins.operations;
  const [row] = await world.testApp.context.db
    .insert(cashPositions)
    .values({
      accountName: 'Sweep reserve',
      accountKind: 'reserve',
      balance: '5000000.00',
      asOf: world.testApp.clock.today(),
      status: 'pending',
      recordedBy: recorder.id,
      recordedAt: world.testApp.clock.now(),
    })
    .returning({ id: cashPositions.id });
  return row!.id;
}

/** A coverage check below the threshold that nobody has acknowledged. */
async function openCoverageAlert(world: SweepWorld): Promise<string> {
  const [row] = await world.testApp.context.db
    .insert(liquidityChecks)
    .values({
      checkedOn: world.testApp.clock.today(),
      horizonUntil: world.testApp.clock.today(),
      threshold: '1.1',
      cash: '0',
      inflows: '0',
      obligations: '100',
      coverage: '0',
      isBelow: true,
      figures: {},
      createdAt: world.testApp.clock.now(),
    })
    .returning({ id: liquidityChecks.id });
  return row!.id;
}

async function throwawayInvestor(world: SweepWorld, status: 'active' | 'suspended'): Promise<string> {
  const email = `${fresh('throwaway').replace(/\W+/g, '-').toLowerCase()}@sweep.example`;
  const [user] = await world.testApp.context.db.insert(users).values({ email }).returning({ id: users.id });
  const [investor] = await world.testApp.context.db
    .insert(investors)
    .values({ userId: user!.id, email, status, referralCode: generateToken().slice(0, 10).toUpperCase() })
    .returning({ id: investors.id });
  return investor!.id;
}

/** A pending credit of one cent on the other investor's note, proposed by an admin who is not the caller. */
/** A fresh early redemption request of the note (an open one before it is cancelled: one is open per note). */
async function openRedemption(
  testApp: TestApp,
  note: { investorId: string; investmentId: string },
): Promise<string> {
  const db = testApp.context.db;
  await db
    .update(earlyRedemptions)
    .set({ status: 'cancelled', cancelledAt: testApp.clock.now() })
    .where(
      and(eq(earlyRedemptions.investmentId, note.investmentId), eq(earlyRedemptions.status, 'requested')),
    );
  const [row] = await db
    .insert(earlyRedemptions)
    .values({
      investmentId: note.investmentId,
      investorId: note.investorId,
      isWhole: true,
      principalAmount: '10000.00',
      requestedAt: testApp.clock.now(),
    })
    .returning({ id: earlyRedemptions.id });
  return row!.id;
}

async function proposalByAnotherAdmin(world: SweepWorld, caller: Caller): Promise<string> {
  const proposer = caller === 'operations' ? world.admins.superAdmin : world.admins.operations;
  const [row] = await world.testApp.context.db
    .insert(ledgerAdjustments)
    .values({
      investmentId: world.other.investmentId,
      investorId: world.other.investorId,
      direction: 'credit',
      amount: '0.01',
      reason: 'Sweep proposal',
      proposedBy: proposer.id,
    })
    .returning({ id: ledgerAdjustments.id });
  return row!.id;
}

export function routeKey(route: { method: string; url: string }): string {
  return `${route.method} ${route.url}`;
}

/** The request for a route; job functions and other builders that leave the url empty get the route's own path. */
export async function requestFor(world: SweepWorld, key: string, caller: Caller): Promise<RouteRequest> {
  const builder = routeRequests[key];
  if (!builder) throw new Error(`No request is written down for ${key}`);
  const built = await builder(world, caller);
  return built.url ? built : { ...built, url: key.slice(key.indexOf(' ') + 1) };
}
