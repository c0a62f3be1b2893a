/**
 * A hand-written fake of the parts of Plaid's HTTP API the bank-connection adapter calls
 * (/link/token/create, /link/token/get, /item/public_token/exchange, /auth/get,
 * /accounts/get, /institutions/get_by_id), so the real `plaid` SDK can be pointed at it
 * with basePath. The only fake of the project: Plaid cannot be reached from tests.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  close(): Promise<void>;
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

  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const body = await readJson(request);
    requests.push({ path, body });
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
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
