/**
 * A hand-written fake of Plaid Identity Verification's HTTP API (/identity_verification/create
 * and /identity_verification/get), so the real `plaid` SDK can be pointed at it with basePath.
 * Its request checks and answers follow Plaid's published shapes; the test decides what each
 * verification comes out as (by the SSN given, or later with `decide`).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeIdvStatus = 'active' | 'success' | 'failed' | 'expired' | 'canceled' | 'pending_review';
export type FakeIdvStepStatus =
  | 'success'
  | 'active'
  | 'failed'
  | 'waiting_for_prerequisite'
  | 'not_applicable'
  | 'skipped'
  | 'expired'
  | 'canceled'
  | 'pending_review'
  | 'manually_approved'
  | 'manually_rejected';

export interface FakeIdvDecision {
  status: FakeIdvStatus;
  kycCheck: FakeIdvStepStatus;
  watchlist: FakeIdvStepStatus;
}

export const idvDecisions = {
  approved: { status: 'success', kycCheck: 'success', watchlist: 'success' },
  pending: { status: 'pending_review', kycCheck: 'pending_review', watchlist: 'success' },
  failed: { status: 'failed', kycCheck: 'failed', watchlist: 'success' },
  watchlistHit: { status: 'success', kycCheck: 'success', watchlist: 'pending_review' },
} as const satisfies Record<string, FakeIdvDecision>;

interface FakeVerification {
  id: string;
  clientUserId: string;
  createdAt: string;
  templateId: string;
  user: Record<string, unknown>;
  decision: FakeIdvDecision;
  watchlistScreeningId: string;
}

export interface FakePlaidIdentity {
  baseUrl: string;
  clientId: string;
  secret: string;
  templateId: string;
  requests: { path: string; body: Record<string, unknown> }[];
  /** What /identity_verification/create decides for an SSN (digits only); others are approved. */
  decideForSsn(ssn: string, decision: FakeIdvDecision): void;
  /** A reviewer in Plaid's dashboard decides a verification later. */
  decide(verificationId: string, decision: FakeIdvDecision): void;
  /** Makes the next calls fail as Plaid does when it is down. */
  setUnavailable(isUnavailable: boolean): void;
  close(): Promise<void>;
}

function plaidError(response: ServerResponse, status: number, code: string, type = 'INVALID_INPUT'): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      error_type: type,
      error_code: code,
      error_message: code.toLowerCase().replaceAll('_', ' '),
      display_message: null,
      request_id: randomUUID(),
    }),
  );
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

const matchOf = (step: FakeIdvStepStatus) => (step === 'success' ? 'match' : 'no_match');

/** Plaid's IdentityVerificationGetResponse (and create's, which is the same). */
function describe(verification: FakeVerification) {
  const { decision } = verification;
  const isDone = decision.status === 'success' || decision.status === 'failed';
  const user = verification.user as {
    email_address?: string;
    date_of_birth?: string;
    name?: { given_name: string; family_name: string };
    address?: { street?: string; city?: string; region?: string; postal_code?: string; country: string };
    id_number?: { value: string; type: string };
  };
  return {
    id: verification.id,
    client_user_id: verification.clientUserId,
    created_at: verification.createdAt,
    completed_at: isDone ? new Date().toISOString() : null,
    previous_attempt_id: null,
    shareable_url: null,
    template: { id: verification.templateId, version: 2 },
    user: {
      phone_number: null,
      date_of_birth: user.date_of_birth ?? null,
      ip_address: null,
      email_address: user.email_address ?? null,
      name: user.name ?? null,
      address: user.address
        ? {
            street: user.address.street ?? null,
            street2: null,
            city: user.address.city ?? null,
            region: user.address.region ?? null,
            postal_code: user.address.postal_code ?? null,
            country: user.address.country,
          }
        : null,
      id_number: user.id_number ?? null,
    },
    status: decision.status,
    steps: {
      accept_tos: 'skipped',
      verify_sms: 'not_applicable',
      kyc_check: decision.kycCheck,
      documentary_verification: 'not_applicable',
      selfie_check: 'not_applicable',
      watchlist_screening: decision.watchlist,
      risk_check: 'not_applicable',
    },
    documentary_verification: null,
    selfie_check: null,
    kyc_check: {
      status: decision.kycCheck,
      address: { summary: matchOf(decision.kycCheck), po_box: 'no', type: 'residential' },
      name: { summary: matchOf(decision.kycCheck) },
      date_of_birth: { summary: matchOf(decision.kycCheck) },
      id_number: { summary: matchOf(decision.kycCheck) },
      phone_number: { summary: 'no_data', area_code: 'no_data' },
    },
    risk_check: null,
    verify_sms: null,
    watchlist_screening_id: verification.watchlistScreeningId,
    beacon_user_id: null,
    user_id: null,
    redacted_at: null,
    request_id: randomUUID(),
  };
}

export async function startFakePlaidIdentity(): Promise<FakePlaidIdentity> {
  const clientId = `client_${randomUUID().slice(0, 8)}`;
  const secret = `secret_${randomUUID()}`;
  const templateId = `idvtmp_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  const requests: FakePlaidIdentity['requests'] = [];
  const verifications = new Map<string, FakeVerification>();
  const bySsn = new Map<string, FakeIdvDecision>();
  let isUnavailable = false;

  function send(response: ServerResponse, body: unknown): void {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const routes: Record<string, (body: Record<string, unknown>, response: ServerResponse) => void> = {
    '/identity_verification/create': (body, response) => {
      if (
        typeof body.template_id !== 'string' ||
        typeof body.is_shareable !== 'boolean' ||
        typeof body.gave_consent !== 'boolean'
      ) {
        return plaidError(response, 400, 'INVALID_FIELD');
      }
      if (body.template_id !== templateId) return plaidError(response, 400, 'INVALID_FIELD');
      const user = (body.user ?? {}) as Record<string, unknown>;
      const clientUserId = String(body.client_user_id ?? user.client_user_id ?? '');
      if (!clientUserId) return plaidError(response, 400, 'INVALID_FIELD');
      const idNumber = user.id_number as { value?: unknown; type?: unknown } | undefined;
      if (idNumber && (typeof idNumber.value !== 'string' || idNumber.type !== 'us_ssn')) {
        return plaidError(response, 400, 'INVALID_FIELD');
      }
      const verification: FakeVerification = {
        id: `idv_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
        clientUserId,
        createdAt: new Date().toISOString(),
        templateId,
        user,
        decision: bySsn.get(String(idNumber?.value ?? '')) ?? idvDecisions.approved,
        watchlistScreeningId: `scr_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
      };
      verifications.set(verification.id, verification);
      send(response, describe(verification));
    },
    '/identity_verification/get': (body, response) => {
      const verification = verifications.get(String(body.identity_verification_id));
      if (!verification) return plaidError(response, 400, 'INVALID_FIELD');
      send(response, describe(verification));
    },
  };

  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const body = await readJson(request);
    requests.push({ path, body });
    if (isUnavailable) return plaidError(response, 500, 'INTERNAL_SERVER_ERROR', 'API_ERROR');
    if (request.headers['plaid-client-id'] !== clientId || request.headers['plaid-secret'] !== secret) {
      return plaidError(response, 400, 'INVALID_API_KEYS', 'INVALID_REQUEST');
    }
    const route = routes[path];
    if (!route || request.method !== 'POST') return plaidError(response, 404, 'NOT_FOUND', 'INVALID_REQUEST');
    route(body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    secret,
    templateId,
    requests,
    decideForSsn(ssn, decision) {
      bySsn.set(ssn, decision);
    },
    decide(verificationId, decision) {
      const verification = verifications.get(verificationId);
      if (!verification) throw new Error('unknown identity verification');
      verification.decision = decision;
    },
    setUnavailable(value) {
      isUnavailable = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
