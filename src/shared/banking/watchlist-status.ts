/**
 * Watchlist (OFAC) screening statuses, labels and messages without zod (the clearance schema is in watchlist.ts), for the web app's read-only code (decision 1411).
 */

export const watchlistStatuses = ['not_screened', 'clear', 'hit', 'cleared'] as const;
export type WatchlistStatus = (typeof watchlistStatuses)[number];

export const watchlistLabels: Record<WatchlistStatus, string> = {
  not_screened: 'Not screened',
  clear: 'No match',
  hit: 'Possible match',
  cleared: 'Cleared by staff',
};

/** True when the screening status keeps the investor from buying. */
export function isWatchlistHold(status: WatchlistStatus | null | undefined): boolean {
  return status === 'hit';
}

export const watchlistMessages = {
  purchasesPaused:
    'Purchases are paused while we complete a routine compliance review of your identity. We will e-mail you when it is done; you do not need to do anything.',
  nothingToClear: 'This investor has no watchlist hit to clear.',
  reasonRequired: 'Give the reason for clearing (at least 10 characters).',
} as const;
