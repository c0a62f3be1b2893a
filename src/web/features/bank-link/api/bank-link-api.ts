/** The calls of the bank-link wizard and of the sandbox Link page. */
import type {
  ExchangeResponse,
  IdentityStatusResponse,
  IdentitySubmitResponse,
  LinkTokenResponse,
  SandboxPublicTokenResponse,
  SandboxSelection,
  SandboxSessionResponse,
} from '../../../../shared/banking/contracts';
import type { IdentityFormInput } from '../../../../shared/banking/identity';
import { ApiError, apiRequest, callFunction } from '../../../lib/api-client';

export function fetchIdentityStatus(): Promise<IdentityStatusResponse> {
  return apiRequest<IdentityStatusResponse>('/api/banking/identity');
}

/** Answers the server's {ok, error, field_errors} body whatever the status. */
export function submitIdentity(identity: IdentityFormInput): Promise<IdentitySubmitResponse> {
  return callFunctionLike<IdentitySubmitResponse>('/api/banking/identity', identity);
}

/** Reads a pending verification again; answers {ok, error, identity} whatever the status. */
export function recheckIdentity(): Promise<IdentitySubmitResponse> {
  return callFunctionLike<IdentitySubmitResponse>('/api/banking/identity/recheck', {});
}

export function createLinkToken(): Promise<LinkTokenResponse> {
  return callFunction<LinkTokenResponse>('bank-connection-link-token', {
    redirect_uri: `${window.location.origin}/settings`,
  });
}

export function exchangeLink(payload: {
  link_token: string;
  public_token?: string;
  oauth_state_id?: string;
  account_id?: string;
  metadata?: Record<string, unknown>;
}): Promise<ExchangeResponse> {
  return callFunction<ExchangeResponse>('bank-connection-exchange', payload);
}

export function fetchSandboxSession(linkToken: string): Promise<SandboxSessionResponse> {
  return apiRequest<SandboxSessionResponse>(
    `/api/sandbox/bank-link/session?link_token=${encodeURIComponent(linkToken)}`,
  );
}

export function createSandboxPublicToken(
  linkToken: string,
  selection: SandboxSelection,
): Promise<SandboxPublicTokenResponse> {
  return apiRequest<SandboxPublicTokenResponse>('/api/sandbox/bank-link/public-token', {
    method: 'POST',
    body: { link_token: linkToken, selection },
  });
}

async function callFunctionLike<Response>(path: string, body: unknown): Promise<Response> {
  try {
    return await apiRequest<Response>(path, { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'ok' in error.body) {
      return error.body as Response;
    }
    throw error;
  }
}
