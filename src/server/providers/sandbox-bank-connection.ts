import { randomInt, randomUUID } from 'node:crypto';
import { accountNumber, routingNumber } from '../../shared/banking/bank-account-numbers';
import type { SandboxInstitution, SandboxSelection } from '../../shared/banking/contracts';
import { openSealedValue, sealValue } from '../security/sealed-values';
import { signValue } from '../security/tokens';
import { type BankConnectionProvider, BankConnectionError, type LinkedBankAccount } from './bank-connection';
import {
  findSandboxInstitution,
  findSandboxInstitutionByRouting,
  sandboxInstitutions,
} from './sandbox-bank-directory';

const PUBLIC_TOKEN_KIND = 'sandbox-public-token';
const PUBLIC_TOKEN_PREFIX = 'public-sandbox-';

export interface SandboxBankConnectionProvider extends BankConnectionProvider {
  readonly kind: 'sandbox';
  /** The institutions the sandbox Link page offers this user, with the account masks it will link. */
  institutionsFor(clientUserId: string): SandboxInstitution[];
  /** What the sandbox Link page gets back when the investor picks an account or enters one by hand. */
  createPublicToken(input: {
    providerLinkToken: string;
    clientUserId: string;
    selection: SandboxSelection;
  }): {
    publicToken: string;
    accountId: string;
    institutionName: string;
    accountName: string | null;
    mask: string;
  };
}

interface SealedSelection {
  link: string;
  user: string;
  selection: SandboxSelection;
}

/** Each user sees stable, made-up account numbers at the sandbox institutions. */
function sandboxAccountNumber(
  key: Buffer,
  clientUserId: string,
  institutionId: string,
  accountId: string,
): string {
  const digest = signValue(key, `sandbox-account:${clientUserId}:${institutionId}:${accountId}`);
  const digits = [...Buffer.from(digest)].map((byte) => String(byte % 10)).join('');
  return `4${digits.slice(0, 11)}`;
}

function randomCents(): string {
  return `0.${String(randomInt(1, 100)).padStart(2, '0')}`;
}

/** Two different amounts between $0.01 and $0.99, as a bank would deposit them. */
function microDepositAmounts(): [string, string] {
  const first = randomCents();
  let second = randomCents();
  while (second === first) second = randomCents();
  return [first, second];
}

/**
 * The local bank-connection provider: a Link-like page served by this app lets the investor
 * pick a sandbox institution and account (verified at once) or enter an account by hand
 * (verified by two micro-deposits). Public tokens are sealed, so nothing is kept in memory.
 */
export function sandboxBankConnectionProvider(options: { key: Buffer }): SandboxBankConnectionProvider {
  const { key } = options;

  function linkedFromSelection(clientUserId: string, selection: SandboxSelection): LinkedBankAccount {
    if (selection.kind === 'institution') {
      const institution = findSandboxInstitution(selection.institution_id);
      const account = institution?.accounts.find((entry) => entry.id === selection.account_id);
      if (!institution || !account) throw new BankConnectionError('Unknown sandbox account', 'invalid_token');
      const number = sandboxAccountNumber(key, clientUserId, institution.id, account.id);
      return {
        itemId: `item-sandbox-${institution.id}`,
        accessToken: null,
        providerAccountId: `${institution.id}:${account.id}`,
        institutionName: institution.name,
        institutionLogo: null,
        accountName: account.name,
        accountType: account.type,
        accountLastFour: number.slice(-4),
        accountNumber: number,
        routingNumber: institution.routingNumber,
        verification: { status: 'verified' },
      };
    }
    const routing = routingNumber.safeParse(selection.routing_number);
    const number = accountNumber.safeParse(selection.account_number);
    if (!routing.success || !number.success) {
      throw new BankConnectionError('Invalid manual account', 'invalid_token');
    }
    const institution = findSandboxInstitutionByRouting(routing.data);
    return {
      itemId: null,
      accessToken: null,
      providerAccountId: `manual:${signValue(key, `manual:${routing.data}:${number.data}`).slice(0, 24)}`,
      institutionName: institution?.name ?? `Bank (routing ${routing.data})`,
      institutionLogo: null,
      accountName: null,
      accountType: selection.account_type,
      accountLastFour: number.data.slice(-4),
      accountNumber: number.data,
      routingNumber: routing.data,
      verification: { status: 'micro_deposits_pending', amounts: microDepositAmounts() },
    };
  }

  return {
    kind: 'sandbox',
    displayName: 'Sandbox',

    async createLinkSession() {
      return {
        providerLinkToken: `link-sandbox-${randomUUID()}`,
        hostedLinkUrl: null,
        expiresAt: null,
      };
    },

    async completeLink(input) {
      if (!input.publicToken?.startsWith(PUBLIC_TOKEN_PREFIX)) {
        throw new BankConnectionError('Missing or foreign public token', 'invalid_token');
      }
      const sealed = openSealedValue(
        key,
        PUBLIC_TOKEN_KIND,
        input.publicToken.slice(PUBLIC_TOKEN_PREFIX.length),
      );
      const payload = sealed as SealedSelection | null;
      if (!payload || payload.link !== input.providerLinkToken || payload.user !== input.clientUserId) {
        throw new BankConnectionError('Public token does not belong to this link session', 'invalid_token');
      }
      return linkedFromSelection(input.clientUserId, payload.selection);
    },

    async refreshVerification() {
      // The sandbox decides at link time; micro-deposits are checked by the platform itself.
      return null;
    },

    institutionsFor(clientUserId) {
      return sandboxInstitutions.map((institution) => ({
        id: institution.id,
        name: institution.name,
        color: institution.color,
        accounts: institution.accounts.map((account) => ({
          id: account.id,
          name: account.name,
          type: account.type,
          mask: sandboxAccountNumber(key, clientUserId, institution.id, account.id).slice(-4),
        })),
      }));
    },

    createPublicToken(input) {
      const linked = linkedFromSelection(input.clientUserId, input.selection);
      const sealed = sealValue(key, PUBLIC_TOKEN_KIND, {
        link: input.providerLinkToken,
        user: input.clientUserId,
        selection: input.selection,
      });
      return {
        publicToken: `${PUBLIC_TOKEN_PREFIX}${sealed}`,
        accountId: linked.providerAccountId,
        institutionName: linked.institutionName,
        accountName: linked.accountName,
        mask: linked.accountLastFour,
      };
    },
  };
}

export function isSandboxBankConnection(
  provider: BankConnectionProvider,
): provider is SandboxBankConnectionProvider {
  return provider.kind === 'sandbox' && 'institutionsFor' in provider && 'createPublicToken' in provider;
}
