/**
 * A hand-written fake of the parts of Plaid's HTTP API the adapters call: bank connection
 * (/link/token/create, /link/token/get, /item/public_token/exchange, /auth/get,
 * /accounts/get, /institutions/get_by_id) and Transfer (/transfer/authorization/create,
 * /transfer/create, /transfer/event/sync, /webhook_verification_key/get), with Plaid's request
 * and response shapes, so the real `plaid` SDK can be pointed at it with basePath. Tests drive
 * what Plaid would do on its own (events, declines) and sign webhooks as Plaid does (ES256 JWT
 * over the body's SHA-256). The only fake of the project: Plaid cannot be reached from tests.
 */
import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TransferEventType } from 'plaid';

export interface FakePlaidAccount {
  account_id: string;
  name: string;
  official_name: string | null;
  mask: string;
  type: 'depository';
  subtype: 'checking' | 'savings' | 'cd';
  verification_status?: 'pending_automatic_verification' | 'automatically_verified' | 'verification_failed';
  accountNumber: string;
  routingNumber: string;
}

export interface FakePlaidInstitution {
  institution_id: string;
  name: string;
  logo: string | null;
  accounts: FakePlaidAccount[];
}

interface FakeItem {
  itemId: string;
  accessToken: string;
  institution: FakePlaidInstitution;
}

export interface FakePlaid {
  baseUrl: string;
  clientId: string;
  secret: string;
  /** Every request body received, by path. */
  requests: { path: string; body: Record<string, unknown> }[];
  /** What the investor does in Hosted Link: links an institution; returns the public token. */
  completeHostedSession(linkToken: string, institution: FakePlaidInstitution): string;
  /** A public token as Plaid Link's onSuccess would give it. */
  issuePublicToken(institution: FakePlaidInstitution): string;
  setVerificationStatus(accountId: string, status: FakePlaidAccount['verification_status']): void;
  /** An item as if linked through Link: its access token and first account. */
  createItem(institution: FakePlaidInstitution): { accessToken: string; accountId: string };
  /** The next authorisation for this account is declined with Plaid's rationale (e.g. NSF). */
  declineNextAuthorization(accountId: string, code: string, description: string): void;
  /** Every transfer created, by id. */
  transfers: Map<string, FakeTransfer>;
  /**
   * Adds one of Plaid's transfer events (like /sandbox/transfer/simulate); a lifecycle event
   * (pending to returned) also moves the transfer's status.
   */
  simulateTransferEvent(
    transferId: string,
    eventType: `${TransferEventType}`,
    failure?: { achReturnCode?: string; description: string },
  ): number;
  /** The next /transfer/event/sync answers 500 (a crash or an outage mid-sync). */
  failNextEventSync(): void;
  /** The next request to this path answers 500 (an outage). */
  failNextRequest(path: string): void;
  /** Holds every request to this path (received and recorded, not answered) until release is called: a slow Plaid. */
  hold(path: string): { release(): void };
  /** A webhook as Plaid sends it: the body text and its Plaid-Verification JWT (iat: issued at, seconds). */
  signWebhook(
    body: Record<string, unknown>,
    options?: { iat?: number; kid?: string },
  ): Promise<{ body: string; token: string }>;
  /** A JWT signed by a key Plaid never published (a forgery). */
  forgeWebhook(body: Record<string, unknown>, iat?: number): Promise<{ body: string; token: string }>;
  /** Plaid starts signing with a new key (published beside the old ones); answers its key id. */
  rotateWebhookKey(): Promise<string>;
  close(): Promise<void>;
}

export interface FakeTransfer {
  id: string;
  authorizationId: string;
  accountId: string;
  type: 'debit' | 'credit';
  amount: string;
  status: string;
  idempotencyKey: string | null;
  metadata: Record<string, string> | null;
}

export const fakeInstitution: FakePlaidInstitution = {
  institution_id: 'ins_109508',
  name: 'First Platypus Bank',
  logo: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  accounts: [
    {
      account_id: 'acc_checking_0000',
      name: 'Plaid Checking',
      official_name: 'Plaid Gold Standard 0% Interest Checking',
      mask: '0000',
      type: 'depository',
      subtype: 'checking',
      accountNumber: '1111222233330000',
      routingNumber: '011401533',
    },
    {
      account_id: 'acc_savings_1111',
      name: 'Plaid Saving',
      official_name: 'Plaid Silver Standard 0.1% Interest Saving',
      mask: '1111',
      type: 'depository',
      subtype: 'savings',
      accountNumber: '1111222233331111',
      routingNumber: '011401533',
    },
  ],
};

export function plaidError(
  response: ServerResponse,
  status: number,
  code: string,
  type = 'INVALID_INPUT',
): void {
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

export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

function publicAccount(account: FakePlaidAccount) {
  return {
    account_id: account.account_id,
    balances: {
      available: 100,
      current: 110,
      limit: null,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    },
    mask: account.mask,
    name: account.name,
    official_name: account.official_name,
    type: account.type,
    subtype: account.subtype,
    ...(account.verification_status ? { verification_status: account.verification_status } : {}),
  };
}

export async function startFakePlaid(): Promise<FakePlaid> {
  const forging = await generateKeyPair('ES256', { extractable: true });
  const published = new Map<string, JWK>();
  const newSigningKey = async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const kid = `kid-${randomUUID()}`;
    published.set(kid, await exportJWK(pair.publicKey));
    return { kid, privateKey: pair.privateKey };
  };
  let signing = await newSigningKey();
  const transferState = createTransferState();
  const clientId = `client_${randomUUID().slice(0, 8)}`;
  const secret = `secret_${randomUUID()}`;
  const requests: FakePlaid['requests'] = [];
  const linkSessions = new Map<
    string,
    { results: { publicToken: string; institution: FakePlaidInstitution }[] }
  >();
  const publicTokens = new Map<string, FakePlaidInstitution>();
  const items = new Map<string, FakeItem>();
  const statuses = new Map<string, FakePlaidAccount['verification_status']>();

  const issuePublicToken = (institution: FakePlaidInstitution) => {
    const token = `public-sandbox-${randomUUID()}`;
    publicTokens.set(token, institution);
    return token;
  };
  const accountsOf = (institution: FakePlaidInstitution) =>
    institution.accounts.map((account) => ({
      ...account,
      verification_status: statuses.get(account.account_id) ?? account.verification_status,
    }));

  const routes: Record<string, (body: Record<string, unknown>, response: ServerResponse) => void> = {
    '/link/token/create': (body, response) => {
      const user = body.user as { client_user_id?: string } | undefined;
      if (!user?.client_user_id || !Array.isArray(body.products) || !body.client_name) {
        return plaidError(response, 400, 'INVALID_FIELD');
      }
      const linkToken = `link-sandbox-${randomUUID()}`;
      linkSessions.set(linkToken, { results: [] });
      const hosted = body.hosted_link as { completion_redirect_uri?: string } | undefined;
      send(response, {
        link_token: linkToken,
        expiration: new Date(Date.now() + 4 * 3600_000).toISOString(),
        request_id: randomUUID(),
        ...(hosted ? { hosted_link_url: `https://hosted.plaid.com/link/${linkToken}` } : {}),
      });
    },
    '/link/token/get': (body, response) => {
      const session = linkSessions.get(String(body.link_token));
      if (!session) return plaidError(response, 400, 'INVALID_LINK_TOKEN');
      send(response, {
        link_token: body.link_token,
        created_at: new Date().toISOString(),
        expiration: new Date(Date.now() + 3600_000).toISOString(),
        metadata: { initial_products: ['auth'], webhook: null, country_codes: ['US'], language: 'en' },
        link_sessions: [
          {
            link_session_id: randomUUID(),
            started_at: new Date().toISOString(),
            finished_at: session.results.length ? new Date().toISOString() : null,
            results: {
              item_add_results: session.results.map((result) => ({
                public_token: result.publicToken,
                accounts: result.institution.accounts.map((account) => ({
                  id: account.account_id,
                  name: account.name,
                  mask: account.mask,
                  type: account.type,
                  subtype: account.subtype,
                })),
                institution: {
                  name: result.institution.name,
                  institution_id: result.institution.institution_id,
                },
              })),
              cra_item_add_results: [],
              cra_update_results: [],
              bank_income_results: [],
              payroll_income_results: [],
              document_income_results: null,
            },
          },
        ],
        request_id: randomUUID(),
      });
    },
    '/item/public_token/exchange': (body, response) => {
      const institution = publicTokens.get(String(body.public_token));
      if (!institution) return plaidError(response, 400, 'INVALID_PUBLIC_TOKEN');
      publicTokens.delete(String(body.public_token));
      const item: FakeItem = {
        itemId: `item-${randomUUID()}`,
        accessToken: `access-sandbox-${randomUUID()}`,
        institution,
      };
      items.set(item.accessToken, item);
      send(response, { access_token: item.accessToken, item_id: item.itemId, request_id: randomUUID() });
    },
    '/auth/get': (body, response) => {
      const item = items.get(String(body.access_token));
      if (!item) return plaidError(response, 400, 'INVALID_ACCESS_TOKEN');
      const wanted = (body.options as { account_ids?: string[] } | undefined)?.account_ids;
      const accounts = accountsOf(item.institution).filter(
        (account) => !wanted || wanted.includes(account.account_id),
      );
      if (wanted && accounts.length !== wanted.length) return plaidError(response, 400, 'INVALID_ACCOUNT_ID');
      send(response, {
        accounts: accounts.map(publicAccount),
        numbers: {
          ach: accounts.map((account) => ({
            account_id: account.account_id,
            account: account.accountNumber,
            routing: account.routingNumber,
            wire_routing: account.routingNumber,
          })),
          eft: [],
          international: [],
          bacs: [],
        },
        item: {
          item_id: item.itemId,
          institution_id: item.institution.institution_id,
          webhook: null,
          error: null,
        },
        request_id: randomUUID(),
      });
    },
    '/accounts/get': (body, response) => {
      const item = items.get(String(body.access_token));
      if (!item) return plaidError(response, 400, 'INVALID_ACCESS_TOKEN');
      const wanted = (body.options as { account_ids?: string[] } | undefined)?.account_ids;
      send(response, {
        accounts: accountsOf(item.institution)
          .filter((account) => !wanted || wanted.includes(account.account_id))
          .map(publicAccount),
        item: { item_id: item.itemId, institution_id: item.institution.institution_id },
        request_id: randomUUID(),
      });
    },
    ...transferRoutes(
      transferState,
      items,
      (kid) => published.get(kid),
      (response, status, code) => plaidError(response, status, code),
    ),
    '/institutions/get_by_id': (body, response) => {
      const institution = [...items.values()].find(
        (item) => item.institution.institution_id === body.institution_id,
      )?.institution;
      if (!institution) return plaidError(response, 400, 'INVALID_INSTITUTION');
      const withMetadata = (body.options as { include_optional_metadata?: boolean } | undefined)
        ?.include_optional_metadata;
      send(response, {
        institution: {
          institution_id: institution.institution_id,
          name: institution.name,
          products: ['auth'],
          country_codes: ['US'],
          routing_numbers: [institution.accounts[0]?.routingNumber],
          oauth: false,
          ...(withMetadata ? { logo: institution.logo, primary_color: '#1f1f1f', url: null } : {}),
        },
        request_id: randomUUID(),
      });
    },
  };

  function send(response: ServerResponse, body: unknown): void {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const holds = new Map<string, Promise<void>>();
  const failNext = new Set<string>();
  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const body = await readJson(request);
    requests.push({ path, body });
    if (request.headers['plaid-client-id'] !== clientId || request.headers['plaid-secret'] !== secret) {
      return plaidError(response, 400, 'INVALID_API_KEYS', 'INVALID_REQUEST');
    }
    const route = routes[path];
    if (!route || request.method !== 'POST') return plaidError(response, 404, 'NOT_FOUND', 'INVALID_REQUEST');
    if (path === '/transfer/event/sync' && transferState.failNextSync) {
      transferState.failNextSync = false;
      return plaidError(response, 500, 'INTERNAL_SERVER_ERROR', 'API_ERROR');
    }
    await holds.get(path);
    if (failNext.delete(path)) return plaidError(response, 500, 'INTERNAL_SERVER_ERROR', 'API_ERROR');
    route(body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    secret,
    requests,
    completeHostedSession(linkToken, institution) {
      const session = linkSessions.get(linkToken);
      if (!session) throw new Error('unknown link token');
      const publicToken = issuePublicToken(institution);
      session.results.push({ publicToken, institution });
      return publicToken;
    },
    issuePublicToken,
    setVerificationStatus(accountId, status) {
      statuses.set(accountId, status);
    },
    createItem(institution) {
      const item: FakeItem = {
        itemId: `item-${randomUUID()}`,
        accessToken: `access-sandbox-${randomUUID()}`,
        institution,
      };
      items.set(item.accessToken, item);
      return { accessToken: item.accessToken, accountId: institution.accounts[0]!.account_id };
    },
    declineNextAuthorization(accountId, code, description) {
      transferState.declines.set(accountId, { code, description });
    },
    transfers: transferState.transfers,
    simulateTransferEvent(transferId, eventType, failure) {
      const transfer = transferState.transfers.get(transferId);
      if (!transfer) throw new Error('unknown transfer');
      if (transferStatuses.has(eventType)) transfer.status = eventType;
      return addEvent(transferState, transfer, eventType, failure ?? null);
    },
    failNextEventSync() {
      transferState.failNextSync = true;
    },
    failNextRequest(path) {
      failNext.add(path);
    },
    hold(path) {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = () => {
          holds.delete(path);
          resolve();
        };
      });
      holds.set(path, held);
      return { release };
    },
    async signWebhook(body, options = {}) {
      const text = JSON.stringify(body, null, 2);
      const token = await new SignJWT({
        request_body_sha256: createHash('sha256').update(text).digest('hex'),
      })
        .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? signing.kid, typ: 'JWT' })
        .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
        .sign(signing.privateKey);
      return { body: text, token };
    },
    async forgeWebhook(body, iat) {
      const text = JSON.stringify(body, null, 2);
      const token = await new SignJWT({
        request_body_sha256: createHash('sha256').update(text).digest('hex'),
      })
        .setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: 'JWT' })
        .setIssuedAt(iat ?? Math.floor(Date.now() / 1000))
        .sign(forging.privateKey);
      return { body: text, token };
    },
    async rotateWebhookKey() {
      signing = await newSigningKey();
      return signing.kid;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

interface TransferState {
  authorizations: Map<
    string,
    { id: string; decision: string; accountId: string; type: 'debit' | 'credit'; amount: string }
  >;
  authorizationsByKey: Map<string, string>;
  transfers: Map<string, FakeTransfer>;
  transfersByAuthorization: Map<string, string>;
  events: Record<string, unknown>[];
  declines: Map<string, { code: string; description: string }>;
  failNextSync: boolean;
}

/** The events that are a transfer's status; the others (sweeps, refunds, guarantees) leave it. */
const transferStatuses = new Set<string>([
  'pending',
  'posted',
  'settled',
  'funds_available',
  'failed',
  'returned',
  'cancelled',
]);

function createTransferState(): TransferState {
  return {
    authorizations: new Map(),
    authorizationsByKey: new Map(),
    transfers: new Map(),
    transfersByAuthorization: new Map(),
    events: [],
    declines: new Map(),
    failNextSync: false,
  };
}

function addEvent(
  state: TransferState,
  transfer: FakeTransfer,
  eventType: string,
  failure: { achReturnCode?: string; description: string } | null,
): number {
  const eventId = state.events.length + 1;
  state.events.push({
    event_id: eventId,
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    event_type: eventType,
    account_id: transfer.accountId,
    funding_account_id: null,
    ledger_id: 'ledger-default',
    transfer_id: transfer.id,
    origination_account_id: null,
    transfer_type: transfer.type,
    transfer_amount: transfer.amount,
    failure_reason: failure
      ? {
          failure_code: failure.achReturnCode ?? null,
          ach_return_code: failure.achReturnCode ?? null,
          description: failure.description,
        }
      : null,
    sweep_id: null,
    sweep_amount: null,
    refund_id: null,
    originator_client_id: null,
    intent_id: null,
  });
  return eventId;
}

function transferRoutes(
  state: TransferState,
  items: Map<string, FakeItem>,
  publishedKey: (kid: string) => JWK | undefined,
  fail: (response: ServerResponse, status: number, code: string) => void,
): Record<string, (body: Record<string, unknown>, response: ServerResponse) => void> {
  const send = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const isAmount = (value: unknown) => typeof value === 'string' && /^\d+\.\d{2}$/.test(value);
  return {
    '/transfer/authorization/create': (body, response) => {
      const item = items.get(String(body.access_token));
      if (!item) return fail(response, 400, 'INVALID_ACCESS_TOKEN');
      const accountId = String(body.account_id);
      if (!item.institution.accounts.some((account) => account.account_id === accountId)) {
        return fail(response, 400, 'INVALID_ACCOUNT_ID');
      }
      const user = body.user as { legal_name?: unknown } | undefined;
      if (
        (body.type !== 'debit' && body.type !== 'credit') ||
        body.network !== 'ach' ||
        !isAmount(body.amount) ||
        typeof user?.legal_name !== 'string' ||
        !user.legal_name
      ) {
        return fail(response, 400, 'INVALID_FIELD');
      }
      const idempotencyKey = typeof body.idempotency_key === 'string' ? body.idempotency_key : null;
      if (idempotencyKey && idempotencyKey.length > 50) return fail(response, 400, 'INVALID_FIELD');
      const known = idempotencyKey ? state.authorizationsByKey.get(idempotencyKey) : undefined;
      let authorization = known ? state.authorizations.get(known) : undefined;
      let rationale: { code: string; description: string } | null = null;
      if (!authorization) {
        rationale = state.declines.get(accountId) ?? null;
        state.declines.delete(accountId);
        authorization = {
          id: randomUUID(),
          decision: rationale ? 'declined' : 'approved',
          accountId,
          type: body.type,
          amount: String(body.amount),
        };
        state.authorizations.set(authorization.id, authorization);
        if (idempotencyKey) state.authorizationsByKey.set(idempotencyKey, authorization.id);
      }
      send(response, {
        authorization: {
          id: authorization.id,
          created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          decision: authorization.decision,
          decision_rationale: rationale,
          guarantee_decision: null,
          guarantee_decision_rationale: null,
          payment_risk: null,
          proposed_transfer: {
            ach_class: body.ach_class ?? 'ppd',
            account_id: accountId,
            funding_account_id: null,
            ledger_id: 'ledger-default',
            type: authorization.type,
            user: body.user,
            amount: authorization.amount,
            network: 'ach',
            iso_currency_code: 'USD',
            origination_account_id: '',
            originator_client_id: null,
            credit_funds_source: null,
          },
        },
        request_id: randomUUID(),
      });
    },
    '/transfer/create': (body, response) => {
      const item = items.get(String(body.access_token));
      if (!item) return fail(response, 400, 'INVALID_ACCESS_TOKEN');
      const authorization = state.authorizations.get(String(body.authorization_id));
      if (!authorization || authorization.accountId !== body.account_id) {
        return fail(response, 400, 'INVALID_AUTHORIZATION_ID');
      }
      if (authorization.decision !== 'approved')
        return fail(response, 400, 'TRANSFER_AUTHORIZATION_DECLINED');
      if (typeof body.description !== 'string' || body.description.length > 10) {
        return fail(response, 400, 'INVALID_FIELD');
      }
      let transfer = state.transfers.get(state.transfersByAuthorization.get(authorization.id) ?? '');
      if (!transfer) {
        transfer = {
          id: randomUUID(),
          authorizationId: authorization.id,
          accountId: authorization.accountId,
          type: authorization.type,
          amount: isAmount(body.amount) ? String(body.amount) : authorization.amount,
          status: 'pending',
          idempotencyKey: typeof body.idempotency_key === 'string' ? body.idempotency_key : null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? null,
        };
        state.transfers.set(transfer.id, transfer);
        state.transfersByAuthorization.set(authorization.id, transfer.id);
        addEvent(state, transfer, 'pending', null);
      }
      send(response, {
        transfer: {
          id: transfer.id,
          authorization_id: transfer.authorizationId,
          ach_class: 'ppd',
          account_id: transfer.accountId,
          funding_account_id: null,
          ledger_id: 'ledger-default',
          type: transfer.type,
          user: { legal_name: 'Account Holder', phone_number: null, email_address: null, address: null },
          amount: transfer.amount,
          description: body.description,
          created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          status: transfer.status,
          sweep_status: null,
          network: 'ach',
          cancellable: true,
          failure_reason: null,
          metadata: transfer.metadata,
          iso_currency_code: 'USD',
          standard_return_window: null,
          unauthorized_return_window: null,
          expected_settlement_date: null,
          originator_client_id: null,
          refunds: [],
          recurring_transfer_id: null,
          expected_sweep_settlement_schedule: [],
          credit_funds_source: null,
          facilitator_fee: null,
          network_trace_id: null,
        },
        request_id: randomUUID(),
      });
    },
    '/transfer/event/sync': (body, response) => {
      const afterId = Number(body.after_id);
      const count = Math.min(Number(body.count ?? 100), 500);
      if (!Number.isInteger(afterId) || afterId < 0 || !Number.isInteger(count) || count < 1) {
        return fail(response, 400, 'INVALID_FIELD');
      }
      const after = state.events.filter((event) => (event.event_id as number) > afterId);
      send(response, {
        transfer_events: after.slice(0, count),
        has_more: after.length > count,
        request_id: randomUUID(),
      });
    },
    '/webhook_verification_key/get': (body, response) => {
      const kid = String(body.key_id);
      const jwk = publishedKey(kid);
      if (!jwk) return fail(response, 400, 'INVALID_WEBHOOK_VERIFICATION_KEY_ID');
      send(response, {
        key: { ...jwk, alg: 'ES256', kid, use: 'sig', created_at: 1_700_000_000, expired_at: null },
        request_id: randomUUID(),
      });
    },
  };
}
