import {
  type AccountBase,
  AccountBaseVerificationStatusEnum,
  Configuration,
  CountryCode,
  DepositoryAccountSubtype,
  PlaidApi,
  PlaidEnvironments,
  Products,
} from 'plaid';
import {
  type BankConnectionProvider,
  BankConnectionError,
  type LinkedAccountVerification,
  type LinkedBankAccount,
} from './bank-connection';

export interface PlaidOptions {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'development' | 'production';
  /** Another API host (tests point it at a local fake of Plaid's HTTP API). */
  basePath?: string;
}

/** Plaid's own error code, never the request (it carries secrets) or the body (it may carry PII). */
export function plaidErrorCode(error: unknown): string {
  const data = (error as { response?: { data?: { error_code?: unknown } } }).response?.data;
  return typeof data?.error_code === 'string' ? data.error_code : 'PLAID_REQUEST_FAILED';
}

async function callPlaid<T>(operation: string, run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    if (error instanceof BankConnectionError) throw error;
    const code = plaidErrorCode(error);
    const reason =
      code === 'INVALID_PUBLIC_TOKEN' || code === 'INVALID_LINK_TOKEN' ? 'invalid_token' : 'provider_error';
    throw new BankConnectionError(`Plaid ${operation} failed: ${code}`, reason);
  }
}

function verificationOf(account: AccountBase): LinkedAccountVerification | 'failed' {
  switch (account.verification_status) {
    case AccountBaseVerificationStatusEnum.PendingAutomaticVerification:
    case AccountBaseVerificationStatusEnum.PendingManualVerification:
    case AccountBaseVerificationStatusEnum.Unsent:
      return { status: 'pending' };
    case AccountBaseVerificationStatusEnum.VerificationFailed:
    case AccountBaseVerificationStatusEnum.VerificationExpired:
    case AccountBaseVerificationStatusEnum.DatabaseInsightsFail:
      return 'failed';
    default:
      return { status: 'verified' };
  }
}

function accountTypeOf(account: AccountBase): 'checking' | 'savings' {
  if (account.subtype === 'checking' || account.subtype === 'savings') return account.subtype;
  throw new BankConnectionError(
    `Unsupported account subtype ${account.subtype ?? 'none'}`,
    'unsupported_account',
  );
}

/**
 * Plaid through the official SDK (PRODUCT.md 23). The investor links in Plaid Hosted Link
 * (a Plaid page in a popup, so the app's CSP needs no third-party script); the platform
 * then reads the session's result with /link/token/get, or takes a public token directly,
 * exchanges it, and reads the ACH numbers with /auth/get.
 */
export function plaidBankConnectionProvider(options: PlaidOptions): BankConnectionProvider {
  const basePath =
    options.basePath ??
    (options.environment === 'production' ? PlaidEnvironments.production : PlaidEnvironments.sandbox);
  const client = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret },
        timeout: 20_000,
      },
    }),
  );

  async function institutionOf(institutionId: string | null | undefined) {
    if (!institutionId) return { name: 'Your bank', logo: null };
    const data = await callPlaid('institutions/get_by_id', () =>
      client.institutionsGetById({
        institution_id: institutionId,
        country_codes: [CountryCode.Us],
        options: { include_optional_metadata: true },
      }),
    );
    const logo = data.institution.logo;
    return { name: data.institution.name, logo: logo ? `data:image/png;base64,${logo}` : null };
  }

  return {
    kind: 'plaid',
    displayName: 'Plaid',

    async createLinkSession(input) {
      const data = await callPlaid('link/token/create', () =>
        client.linkTokenCreate({
          user: { client_user_id: input.clientUserId },
          client_name: input.clientName,
          // Transfer's guide asks for `transfer`; `auth` stays because completeLink reads the
          // ACH numbers with /auth/get (decision 1800).
          products: [Products.Auth, Products.Transfer],
          country_codes: [CountryCode.Us],
          language: 'en',
          redirect_uri: input.redirectUri,
          account_filters: {
            depository: {
              account_subtypes: [DepositoryAccountSubtype.Checking, DepositoryAccountSubtype.Savings],
            },
          },
          hosted_link: { completion_redirect_uri: input.completionRedirectUri },
        }),
      );
      return {
        providerLinkToken: data.link_token,
        hostedLinkUrl: data.hosted_link_url ?? null,
        expiresAt: data.expiration ? new Date(data.expiration) : null,
      };
    },

    async completeLink(input): Promise<LinkedBankAccount> {
      let publicToken = input.publicToken;
      let accountId = input.accountId;
      if (!publicToken) {
        const session = await callPlaid('link/token/get', () =>
          client.linkTokenGet({ link_token: input.providerLinkToken }),
        );
        const added = (session.link_sessions ?? []).flatMap((entry) => entry.results?.item_add_results ?? []);
        const latest = added.at(-1);
        if (!latest) throw new BankConnectionError('The Link session linked no account', 'invalid_token');
        publicToken = latest.public_token;
        accountId ??= latest.accounts[0]?.id ?? null;
      }
      const token = publicToken;
      const exchanged = await callPlaid('item/public_token/exchange', () =>
        client.itemPublicTokenExchange({ public_token: token }),
      );
      const auth = await callPlaid('auth/get', () =>
        client.authGet({
          access_token: exchanged.access_token,
          ...(accountId ? { options: { account_ids: [accountId] } } : {}),
        }),
      );
      const account = auth.accounts.find((entry) => entry.account_id === accountId) ?? auth.accounts[0];
      if (!account) throw new BankConnectionError('The item has no account', 'unsupported_account');
      const accountType = accountTypeOf(account);
      const verification = verificationOf(account);
      if (verification === 'failed') {
        throw new BankConnectionError('Plaid could not verify the account', 'unsupported_account');
      }
      const numbers = auth.numbers.ach.find((entry) => entry.account_id === account.account_id);
      const lastFour = numbers?.account.slice(-4) ?? account.mask ?? '';
      if (!/^\d{4}$/.test(lastFour)) {
        throw new BankConnectionError('The account has no usable number', 'unsupported_account');
      }
      const institution = await institutionOf(auth.item.institution_id);
      return {
        itemId: exchanged.item_id,
        accessToken: exchanged.access_token,
        providerAccountId: account.account_id,
        institutionName: institution.name,
        institutionLogo: institution.logo,
        accountName: account.official_name ?? account.name,
        accountType,
        accountLastFour: lastFour,
        accountNumber: numbers?.account ?? null,
        routingNumber: numbers?.routing ?? null,
        verification,
      };
    },

    async refreshVerification(input) {
      if (!input.accessToken || !input.providerAccountId) return null;
      const accessToken = input.accessToken;
      const accountId = input.providerAccountId;
      const data = await callPlaid('accounts/get', () =>
        client.accountsGet({ access_token: accessToken, options: { account_ids: [accountId] } }),
      );
      const account = data.accounts.find((entry) => entry.account_id === accountId);
      if (!account) return null;
      const verification = verificationOf(account);
      return verification === 'failed'
        ? 'failed'
        : verification.status === 'verified'
          ? 'verified'
          : 'pending';
    },
  };
}
