/** The consent calls shared by the purchase step, Settings and Documents (decisions 1920-1924). */
import type {
  ConsentStatusResponse,
  GiveConsentRequest,
  PaperCopyListResponse,
} from '../../../shared/consents/consent-contracts';
import type { ConsentKind } from '../../../shared/consents/consent-disclosures';
import { apiRequest } from '../../lib/api-client';

export const consentKeys = {
  status: ['consents'] as const,
  paperCopies: ['paper-copies'] as const,
};

export function fetchConsents(): Promise<ConsentStatusResponse> {
  return apiRequest<ConsentStatusResponse>('/api/consents');
}

export function disclosurePdfUrl(kind: ConsentKind): string {
  return `/api/consents/${kind}/disclosure.pdf`;
}

export function giveConsent(kind: ConsentKind, body: GiveConsentRequest): Promise<ConsentStatusResponse> {
  return apiRequest<ConsentStatusResponse>(`/api/consents/${kind}`, { method: 'POST', body });
}

export function withdrawConsent(kind: ConsentKind): Promise<ConsentStatusResponse> {
  return apiRequest<ConsentStatusResponse>(`/api/consents/${kind}/withdraw`, { method: 'POST', body: {} });
}

export function fetchPaperCopies(): Promise<PaperCopyListResponse> {
  return apiRequest<PaperCopyListResponse>('/api/paper-copies');
}

export function requestPaperCopy(taxYear: number): Promise<PaperCopyListResponse> {
  return apiRequest<PaperCopyListResponse>('/api/paper-copies', {
    method: 'POST',
    body: { tax_year: taxYear },
  });
}
