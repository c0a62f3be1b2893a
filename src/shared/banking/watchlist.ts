/**
 * Watchlist (OFAC) screening of an investor's identity (issue 15, decision 1520). The KYC
 * provider screens the legal name; a possible match ("hit") pauses purchases until staff
 * review it and clear it with a reason.
 */
import { z } from 'zod';

import { watchlistMessages } from './watchlist-status';

export { watchlistStatuses, watchlistLabels, isWatchlistHold, watchlistMessages } from './watchlist-status';
export type { WatchlistStatus } from './watchlist-status';

/** An admin clearing a hit writes why; the reason is kept with the verification. */
export const watchlistClearanceRequest = z.object({
  reason: z.string().trim().min(10, watchlistMessages.reasonRequired).max(500),
});
export type WatchlistClearanceRequest = z.infer<typeof watchlistClearanceRequest>;
