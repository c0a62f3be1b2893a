/**
 * The dashboard's messages, limits and search rules, without zod (the schemas are in dashboard-contracts.ts), so the dashboard's first paint loads no zod (decision 1411).
 */

/** Admin spec 8-9: empty states and limits of the dashboard. */
export const dashboardMessages = {
  noResults: 'No results found',
  noRecentTransactions: 'No recent transactions',
  searchTooShort: 'Enter at least 3 characters of a name or e-mail, digits of a phone number, or a full id.',
} as const;

export const RECENT_TRANSACTION_COUNT = 10;
export const SEARCH_RESULTS_PER_KIND = 10;
export const SEARCH_MIN_TEXT_LENGTH = 3;
export const SEARCH_MIN_PHONE_DIGITS = 3;
export const INVESTOR_DETAIL_TRANSACTION_COUNT = 10;
export const INVESTOR_DETAIL_TRANSACTIONS_SHOWN = 5;

export const searchKinds = ['id', 'phone', 'text', 'too_short'] as const;
export type SearchKind = (typeof searchKinds)[number];

export type ClassifiedSearch =
  | { kind: 'id'; id: string }
  | { kind: 'phone'; digits: string[] }
  | { kind: 'text'; text: string }
  | { kind: 'too_short' };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const phoneLike = /^[\d\s().+-]+$/;

/**
 * PRODUCT.md 26: a UUID finds records with that id; names and e-mails match partially from 3
 * characters; phones match by digits, whatever the punctuation ("(617) 555-0142", "+1 617...").
 */
export function classifySearchQuery(query: string): ClassifiedSearch {
  const trimmed = query.trim();
  if (uuidPattern.test(trimmed)) return { kind: 'id', id: trimmed.toLowerCase() };
  if (phoneLike.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '');
    if (digits.length < SEARCH_MIN_PHONE_DIGITS) return { kind: 'too_short' };
    // "+1 617 555 0142" must also find a number stored without the country code.
    const variants = digits.length === 11 && digits.startsWith('1') ? [digits, digits.slice(1)] : [digits];
    return { kind: 'phone', digits: variants };
  }
  const text = trimmed.replace(/\s+/g, ' ').toLowerCase();
  return text.length >= SEARCH_MIN_TEXT_LENGTH ? { kind: 'text', text } : { kind: 'too_short' };
}
