/**
 * Watchlist (OFAC) screening of an investor's identity (issue 15, decision 1520). The KYC
 * provider screens the legal name; a possible match ("hit") pauses purchases until staff
 * review it and clear it with a reason.
 */
import { z } from 'zod';

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

/** An admin clearing a hit writes why; the reason is kept with the verification. */
export const watchlistClearanceRequest = z.object({
  reason: z.string().trim().min(10, watchlistMessages.reasonRequired).max(500),
});
export type WatchlistClearanceRequest = z.infer<typeof watchlistClearanceRequest>;
