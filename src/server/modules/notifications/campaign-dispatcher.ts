/**
 * Runs this instance's campaign sends one after another through one throttle, so the
 * configured messages per second holds however many campaigns are due. Send now starts a
 * send in the background; the scheduled job waits for its sends. On shutdown the running
 * send stops between messages and is resumed by the next run of the job.
 */
import type { AppContext } from '../../context';
import {
  type CampaignLease,
  type DeliveryContext,
  type DeliveryReport,
  deliverCampaign,
} from './campaign-delivery';
import { createThrottle, realTimer, type Throttle, type ThrottleTimer } from './throttle';

export interface CampaignDispatcher {
  /** Delivers in the background (Send now); failures are logged and resumed by the job. */
  start(lease: CampaignLease): void;
  /** Delivers after the sends queued before it, and resolves with the result. */
  run(lease: CampaignLease): Promise<DeliveryReport>;
  /** Resolves when every queued send has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createCampaignDispatcher(
  context: DeliveryContext,
  options: { throttle?: Throttle; timer?: ThrottleTimer } = {},
): CampaignDispatcher {
  const throttle =
    options.throttle ??
    createThrottle(context.config.CAMPAIGN_MESSAGES_PER_SECOND, options.timer ?? realTimer);
  const stop = new AbortController();
  let tail: Promise<unknown> = Promise.resolve();

  function run(lease: CampaignLease): Promise<DeliveryReport> {
    const next = tail.then(() => deliverCampaign(context, lease, { throttle, signal: stop.signal }));
    tail = next.catch(() => undefined);
    return next;
  }

  return {
    start(lease) {
      run(lease).catch((error: unknown) => {
        context.log.error({ err: error, campaignId: lease.campaignId }, 'campaign send failed');
      });
    },
    run,
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = tail;
        await seen;
      } while (seen !== tail);
    },
    async close() {
      stop.abort();
      await this.idle();
    },
  };
}

const dispatchers = new WeakMap<AppContext, CampaignDispatcher>();

/** The dispatcher of this app instance (created on first use). */
export function campaignDispatcherOf(context: AppContext): CampaignDispatcher {
  let dispatcher = dispatchers.get(context);
  if (!dispatcher) {
    dispatcher = createCampaignDispatcher(context);
    dispatchers.set(context, dispatcher);
  }
  return dispatcher;
}
