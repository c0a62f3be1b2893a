import {
  ACHClass,
  Configuration,
  PlaidApi,
  PlaidEnvironments,
  TransferAuthorizationDecision,
  TransferNetwork,
  TransferType,
} from 'plaid';
import { addBusinessDays } from '../../shared/dates/business-days';
import { AchRailError, type TransferAchProvider, type TransferOrder } from './ach';
import type { PlaidOptions } from './plaid-bank-connection';

/** Plaid's own error code, never the request (it carries secrets) or the body. */
function plaidErrorCode(error: unknown): string {
  const data = (error as { response?: { data?: { error_code?: unknown } } }).response?.data;
  return typeof data?.error_code === 'string' ? data.error_code : 'PLAID_REQUEST_FAILED';
}

async function callPlaid<T>(operation: string, run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    const code = plaidErrorCode(error);
    throw new AchRailError(`Plaid ${operation} failed: ${code}`, code);
  }
}

/** A debit takes money from the investor (a purchase); a credit pays them (interest, withdrawal). */
function transferTypeOf(order: TransferOrder): TransferType {
  return order.direction === 'debit' ? TransferType.Debit : TransferType.Credit;
}

/**
 * The ACH rail on Plaid Transfer through the official SDK (decision 1500):
 * /transfer/authorization/create (idempotency key: the payment id), /transfer/create with the
 * authorisation (the payment id again as idempotency key and in the metadata),
 * /transfer/event/sync for what happened since, and /webhook_verification_key/get for the key
 * that signs webhooks. Consumer web entries (WEB) for debits the investor starts in the
 * portal, prearranged (PPD) for the platform's scheduled credits.
 */
export function plaidAchProvider(
  options: PlaidOptions & {
    settlementBusinessDays: number;
    /**
     * How long an authorisation the investor waits for (a purchase) may take before it counts as
     * the rail being unreachable (decision 1850); scheduled calls keep the SDK-wide 20 s.
     */
    userPresentTimeoutMs?: number;
  },
): TransferAchProvider {
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
  const userPresentTimeoutMs = options.userPresentTimeoutMs ?? 8_000;

  return {
    name: 'plaid',
    expectedSettlementDate(createdOn) {
      return addBusinessDays(createdOn, options.settlementBusinessDays);
    },

    async authorize(order) {
      const data = await callPlaid('transfer/authorization/create', () =>
        client.transferAuthorizationCreate(
          {
            access_token: order.account.accessToken,
            account_id: order.account.providerAccountId,
            type: transferTypeOf(order),
            network: TransferNetwork.Ach,
            amount: order.amount,
            ach_class: order.isUserPresent ? ACHClass.Web : ACHClass.Ppd,
            user: { legal_name: order.account.legalName },
            idempotency_key: order.paymentId,
            user_present: order.isUserPresent,
          },
          order.isUserPresent ? { timeout: userPresentTimeoutMs } : undefined,
        ),
      );
      const authorization = data.authorization;
      if (authorization.decision === TransferAuthorizationDecision.Approved) {
        return { decision: 'approved', authorizationId: authorization.id };
      }
      const rationale = authorization.decision_rationale;
      return {
        decision: 'declined',
        authorizationId: authorization.id,
        code: rationale?.code ?? authorization.decision,
        reason:
          rationale?.description ??
          (authorization.decision === TransferAuthorizationDecision.UserActionRequired
            ? 'The bank needs the account holder to sign in to their bank again'
            : 'The transfer was not authorised'),
      };
    },

    async createTransfer(order, authorizationId) {
      const data = await callPlaid('transfer/create', () =>
        client.transferCreate({
          access_token: order.account.accessToken,
          account_id: order.account.providerAccountId,
          authorization_id: authorizationId,
          idempotency_key: order.paymentId,
          amount: order.amount,
          description: order.description,
          metadata: { payment_id: order.paymentId },
        }),
      );
      return { transferId: data.transfer.id, status: data.transfer.status };
    },

    async syncEvents(afterId, count) {
      const data = await callPlaid('transfer/event/sync', () =>
        client.transferEventSync({ after_id: afterId, count }),
      );
      return {
        hasMore: data.has_more,
        // Sweep events carry no transfer: skipped, but the cursor moves past them.
        lastEventId: data.transfer_events.reduce<number | null>(
          (last, event) => Math.max(last ?? 0, event.event_id),
          null,
        ),
        events: data.transfer_events
          .filter((event) => event.transfer_id !== '')
          .map((event) => ({
            eventId: event.event_id,
            eventType: event.event_type,
            transferId: event.transfer_id,
            amount: event.transfer_amount ?? null,
            occurredAt: new Date(event.timestamp),
            failureReason: event.failure_reason?.description ?? null,
            returnCode: event.failure_reason?.ach_return_code ?? event.failure_reason?.failure_code ?? null,
          })),
      };
    },

    async webhookVerificationKey(kid) {
      const data = await callPlaid('webhook_verification_key/get', () =>
        client.webhookVerificationKeyGet({ key_id: kid }),
      );
      const key = data.key;
      return {
        kid: key.kid,
        alg: key.alg,
        crv: key.crv,
        kty: key.kty,
        x: key.x,
        y: key.y,
        expiredAt: key.expired_at,
      };
    },
  };
}
