/** The portal's calls to the server, typed by the shared contracts. */
import type { DocumentListResponse } from '../../../../shared/portal/document-contracts';
import type {
  BalanceHistoryResponse,
  NotificationListResponse,
  OverviewResponse,
} from '../../../../shared/portal/portal-contracts';
import type { InvestmentPage, TransactionPage } from '../../../../shared/portal/transaction-contracts';
import type {
  InvestmentFilter,
  PageSize,
  TransactionFilter,
} from '../../../../shared/portal/transaction-display';
import type { ProductListResponse } from '../../../../shared/products/contracts';
import type {
  PurchaseOptionsResponse,
  PurchaseRequest,
  PurchaseResponse,
} from '../../../../shared/purchases/purchase-contracts';
import { IDEMPOTENCY_HEADER } from '../../../../shared/http/idempotency-header';
import { pageDataUrls, portalTransactionsUrl } from '../../../../shared/pages/route-preloads';
import type {
  ConversionRequest,
  ConversionResponse,
  TransferSummaryResponse,
  WithdrawalResponse,
} from '../../../../shared/transfers/transfer-contracts';
import type { PurchaseOfferingResponse } from '../../../../shared/offerings/offering-contracts';
import type {
  InvestorProfileInput,
  InvestorProfileResponse,
} from '../../../../shared/offerings/investor-profile-contracts';
import type {
  CoverageProofResponse,
  PublicTransparencyResponse,
} from '../../../../shared/liquidity/liquidity-contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { MaturityInstruction } from '../../../../shared/investments/maturity-instruction-rules';
import type { NoteDetailResponse } from '../../../../shared/investments/note-detail-contracts';
import type {
  EarlyRedemptionQuote,
  EarlyRedemptionRequest,
  EarlyRedemptionRow,
  NoteRedemptionResponse,
} from '../../../../shared/redemptions/early-redemption-contracts';

export const portalKeys = {
  all: ['portal'] as const,
  overview: ['portal', 'overview'] as const,
  balanceHistory: ['portal', 'balance-history'] as const,
  notifications: ['portal', 'notifications'] as const,
  documents: ['portal', 'documents'] as const,
  coverageProof: ['portal', 'coverage-proof'] as const,
  transactions: (filter: TransactionFilter) => ['portal', 'transactions', filter] as const,
  investments: (type: InvestmentFilter, pageSize: PageSize, cursor: string | null) =>
    ['portal', 'investments', type, pageSize, cursor] as const,
  investmentTransactions: (investmentId: string, pageSize: PageSize) =>
    ['portal', 'investment-transactions', investmentId, pageSize] as const,
  products: ['portal', 'products'] as const,
  purchaseOptions: ['portal', 'purchase-options'] as const,
  purchaseOffering: (productId: string) => ['portal', 'purchase-offering', productId] as const,
  transfers: ['portal', 'transfers'] as const,
  note: (investmentId: string) => ['portal', 'note', investmentId] as const,
};

export const fetchNote = (investmentId: string) =>
  apiRequest<NoteDetailResponse>(`/api/portal/notes/${encodeURIComponent(investmentId)}`);
export const saveMaturityInstruction = (investmentId: string, instruction: MaturityInstruction) =>
  apiRequest<NoteDetailResponse>(
    `/api/portal/notes/${encodeURIComponent(investmentId)}/maturity-instruction`,
    {
      method: 'PUT',
      body: { maturity_instruction: instruction },
    },
  );
export const saveInterestReinvestment = (investmentId: string, reinvest: boolean) =>
  apiRequest<NoteDetailResponse>(
    `/api/portal/notes/${encodeURIComponent(investmentId)}/interest-reinvestment`,
    { method: 'PUT', body: { reinvest } },
  );
export const undoRollover = (investmentId: string) =>
  apiRequest<NoteDetailResponse>(`/api/portal/notes/${encodeURIComponent(investmentId)}/undo-rollover`, {
    method: 'POST',
    body: {},
  });

/** A fresh key per attempt; the same attempt repeated sends the same key. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

function withCursor(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const fetchOverview = () => apiRequest<OverviewResponse>(pageDataUrls.portalOverview);
export const fetchBalanceHistory = () =>
  apiRequest<BalanceHistoryResponse>(pageDataUrls.portalBalanceHistory);
export const fetchNotifications = () =>
  apiRequest<NotificationListResponse>(pageDataUrls.portalNotifications);
export const markNotificationsRead = () =>
  apiRequest<{ ok: boolean }>('/api/portal/notifications/read', { method: 'POST', body: {} });
export const fetchDocuments = () => apiRequest<DocumentListResponse>(pageDataUrls.portalDocuments);
export const fetchCoverageProof = () => apiRequest<CoverageProofResponse>('/api/portal/coverage-proof');
/** The digest as the public coverage page publishes it (null while the page is off): what a proof is checked against. */
export const fetchPublishedDigest = () =>
  apiRequest<PublicTransparencyResponse>('/api/transparency').catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });

export function fetchTransactions(filter: TransactionFilter, cursor: string | null) {
  return apiRequest<TransactionPage>(portalTransactionsUrl(filter, cursor));
}

export function fetchInvestments(type: InvestmentFilter, pageSize: PageSize, cursor: string | null) {
  return apiRequest<InvestmentPage>(withCursor('/api/portal/investments', { type, limit: pageSize, cursor }));
}

export function fetchInvestmentTransactions(investmentId: string, pageSize: PageSize, cursor: string | null) {
  return apiRequest<TransactionPage>(
    withCursor(`/api/portal/investments/${investmentId}/transactions`, { limit: pageSize, cursor }),
  );
}

export function exportUrl(
  view: { kind: 'list'; filter: TransactionFilter } | { kind: 'investments'; type: InvestmentFilter },
): string {
  return view.kind === 'list'
    ? withCursor('/api/portal/transactions/export.csv', { view: 'list', filter: view.filter })
    : withCursor('/api/portal/transactions/export.csv', { view: 'investments', type: view.type });
}

export const promissoryNoteUrl = (investmentId: string) =>
  `/api/portal/documents/promissory-notes/${investmentId}`;
export const taxFormUrl = (year: number) => `/api/portal/documents/tax-forms/${year}`;
export const statementUrl = (month: string) => `/api/portal/documents/statements/${month}`;
export const signedAgreementUrl = (investmentId: string) =>
  `/api/portal/documents/agreements/${investmentId}`;

export const fetchProducts = () => apiRequest<ProductListResponse>(pageDataUrls.products);
export const fetchPurchaseOptions = () => apiRequest<PurchaseOptionsResponse>(pageDataUrls.purchaseOptions);

export function buyInvestment(body: PurchaseRequest, key: string) {
  return apiRequest<PurchaseResponse>('/api/purchases', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export const fetchTransfers = () => apiRequest<TransferSummaryResponse>(pageDataUrls.transfers);

export function requestWithdrawal(amount: string, key: string) {
  return apiRequest<WithdrawalResponse>('/api/transfers/withdrawals', {
    method: 'POST',
    body: { amount },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export function cancelWithdrawal(withdrawalId: string) {
  return apiRequest<WithdrawalResponse>(`/api/transfers/withdrawals/${withdrawalId}/cancel`, {
    method: 'POST',
    body: {},
  });
}

export function convertToHighYield(body: ConversionRequest, key: string) {
  return apiRequest<ConversionResponse>('/api/transfers/conversions', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export function startStepUp() {
  return apiRequest<{ ok: boolean; error: string | null; phone_mask: string | null }>(
    '/api/auth/step-up/start',
    {
      method: 'POST',
      body: {},
    },
  );
}

export function verifyStepUp(code: string) {
  return apiRequest<{ ok: boolean; approved: boolean; error: string | null }>('/api/auth/step-up/verify', {
    method: 'POST',
    body: { code },
  });
}

/** The product's offering before BUY: steps still to take (profile, circular) and the amount left. */
export function fetchPurchaseOffering(
  productId: string,
  kind: 'purchase' | 'conversion' = 'purchase',
): Promise<PurchaseOfferingResponse> {
  return apiRequest<PurchaseOfferingResponse>(
    `/api/purchases/offering?product_id=${encodeURIComponent(productId)}&kind=${kind}`,
  );
}

export function acknowledgeOfferingCircular(offeringId: string, version: number) {
  return apiRequest<{ version: number; acknowledged_at: string }>(
    '/api/offerings/circular-acknowledgements',
    {
      method: 'POST',
      body: { offering_id: offeringId, version },
    },
  );
}

export function saveProfileBeforePurchase(input: InvestorProfileInput): Promise<InvestorProfileResponse> {
  return apiRequest<InvestorProfileResponse>('/api/settings/investor-profile', {
    method: 'PUT',
    body: input,
  });
}
export const earlyRedemptionKey = (investmentId: string) =>
  ['portal', 'early-redemption', investmentId] as const;
export const fetchNoteRedemption = (investmentId: string) =>
  apiRequest<NoteRedemptionResponse>(
    `/api/portal/notes/${encodeURIComponent(investmentId)}/early-redemption`,
  );
export const fetchRedemptionQuote = (investmentId: string, request: EarlyRedemptionRequest) =>
  apiRequest<EarlyRedemptionQuote>(
    `/api/portal/notes/${encodeURIComponent(investmentId)}/early-redemption/quote?${new URLSearchParams(
      request.kind === 'whole' ? { kind: 'whole' } : { kind: 'partial', amount: request.amount },
    ).toString()}`,
  );
export const requestEarlyRedemption = (investmentId: string, request: EarlyRedemptionRequest) =>
  apiRequest<{ redemption: EarlyRedemptionRow }>(
    `/api/portal/notes/${encodeURIComponent(investmentId)}/early-redemption`,
    { method: 'POST', body: request },
  );
export const cancelEarlyRedemption = (redemptionId: string) =>
  apiRequest<{ redemption: EarlyRedemptionRow }>(
    `/api/portal/early-redemptions/${encodeURIComponent(redemptionId)}/cancel`,
    { method: 'POST', body: {} },
  );
