/**
 * Paces campaign messages to at most `messagesPerSecond` (CAMPAIGN_MESSAGES_PER_SECOND; 0 turns
 * pacing off), so a large campaign does not trip the provider's rate limits. One throttle is
 * shared by everything one app instance sends for campaigns.
 */
export interface Throttle {
  /** Resolves when the next message may go out. */
  take(): Promise<void>;
}

export interface ThrottleTimer {
  now(): number;
  sleep(milliseconds: number): Promise<void>;
}

export const realTimer: ThrottleTimer = {
  now: () => performance.now(),
  sleep: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
};

export function createThrottle(messagesPerSecond: number, timer: ThrottleTimer = realTimer): Throttle {
  if (!(messagesPerSecond > 0)) return { take: async () => undefined };
  const interval = 1000 / messagesPerSecond;
  let nextSlot = Number.NEGATIVE_INFINITY;
  return {
    async take() {
      const now = timer.now();
      const slot = Math.max(nextSlot, now);
      nextSlot = slot + interval;
      if (slot > now) await timer.sleep(slot - now);
    },
  };
}
