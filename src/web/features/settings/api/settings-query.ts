/** The one settings query of /settings (its key and fetcher), read first by the page and the shell. */
import { pageDataUrls } from '../../../../shared/pages/route-preloads';
import type { InvestorSettings } from '../../../../shared/settings/contracts';
import { apiRequest } from '../../../lib/api-client';

export const settingsKeys = { settings: ['settings'] as const };

export function fetchSettings(): Promise<InvestorSettings> {
  return apiRequest<InvestorSettings>(pageDataUrls.settings);
}
