/**
 * Sending a campaign (PRODUCT.md 27): claim the draft, freeze its audience as one delivery
 * row per investor, then deliver batch by batch under a lease. Each message is marked
 * `sending` just before the provider is called and `sent`/`failed` right after, so a worker
 * that dies mid-send leaves at most the messages it had in flight undecided; whoever takes
 * the campaign over records those as failed and never sends them again. Nobody gets a
 * campaign twice.
 */
import { targetFiltersSchema } from '../../../shared/notifications/campaign-filters';
import type { AppContext } from '../../context';
import { pauseAt } from '../../faults/pause-point';
import { type BatchRecipient, loadBatchRecipients, materializeAudience } from './audience';
import {
  type CampaignCounts,
  campaignStatusOf,
  claimDraftCampaign,
  countDeliveries,
  failInterruptedDeliveries,
  finishCampaign,
  loadCampaignContent,
  nextPendingDeliveryIds,
  type DeliveryResult,
  recordDeliveryResults,
  renewLease,
  releaseLease,
  setRecipientCount,
  skipDeliveries,
  takeDeliveriesForSending,
  takeOverAbandonedCampaign,
} from './delivery-repository';
import {
  type CampaignContent,
  composeMarketingEmail,
  composeMarketingSms,
  recipientValues,
} from './marketing-message';
import type { Throttle } from './throttle';
import { unsubscribeUrl } from './unsubscribe-token';

/** A worker that has not renewed its lease for this long is presumed dead. */
export const CAMPAIGN_LEASE_SECONDS = 120;
/** Messages handed to the provider at once; also the most a crash can leave undecided. */
export const DELIVERY_CONCURRENCY = 8;
const MAX_BATCH_SIZE = 100;

export const optedOutReason = 'Opted out before delivery';

export type DeliveryContext = Pick<AppContext, 'db' | 'messages' | 'config' | 'clock' | 'log'>;

/** The right to deliver one campaign: its `claimed_at` as this worker last wrote it. */
export interface CampaignLease {
  campaignId: string;
  token: Date;
}

export interface DeliveryReport extends CampaignCounts {
  campaignId: string;
  /** The campaign's status as the worker returns: sending when it stopped before the end. */
  status: 'sent' | 'failed' | 'sending';
}

export interface DeliveryOptions {
  throttle: Throttle;
  /** Stops between messages (shutdown); the campaign is resumed later. */
  signal?: AbortSignal;
}

/** Sends whose lease was last renewed before this are presumed abandoned. */
export function abandonedBefore(now: Date): Date {
  return new Date(now.getTime() - CAMPAIGN_LEASE_SECONDS * 1000);
}

/**
 * draft -> sending in one conditional update, and the audience frozen in the same
 * transaction. Null when the campaign is not a draft any more (or, with dueOnly, not due).
 */
export async function claimCampaign(
  context: DeliveryContext,
  campaignId: string,
  options: { dueOnly: boolean },
): Promise<CampaignLease | null> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const claimed = await claimDraftCampaign(tx, campaignId, now, options);
    if (!claimed) return null;
    const filters = targetFiltersSchema.parse(claimed.target_filters);
    const recipients = await materializeAudience(tx, campaignId, filters, claimed.channel);
    await setRecipientCount(tx, campaignId, recipients);
    return { campaignId, token: now };
  });
}

/** Resumes a send whose worker stopped renewing its lease; its undecided messages become failed. */
export async function takeOverAbandonedSend(
  context: DeliveryContext,
  campaignId: string,
): Promise<CampaignLease | null> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    if (!(await takeOverAbandonedCampaign(tx, campaignId, now, abandonedBefore(now)))) return null;
    const interrupted = await failInterruptedDeliveries(tx, campaignId, now);
    if (interrupted > 0) {
      context.log.warn({ campaignId, interrupted }, 'campaign resumed after an interrupted send');
    }
    return { campaignId, token: now };
  });
}

function batchSizeFor(context: DeliveryContext): number {
  const perSecond = context.config.CAMPAIGN_MESSAGES_PER_SECOND;
  // Keep a throttled batch to about ten seconds of sending, far inside the lease.
  if (perSecond > 0) return Math.max(1, Math.min(MAX_BATCH_SIZE, Math.floor(perSecond * 10)));
  return MAX_BATCH_SIZE;
}

async function sendOne(
  context: DeliveryContext,
  content: CampaignContent,
  recipient: BatchRecipient,
  throttle: Throttle,
): Promise<DeliveryResult> {
  await throttle.take();
  const values = recipientValues(
    context.config,
    {
      firstName: recipient.first_name,
      lastName: recipient.last_name,
      email: recipient.email,
      createdAt: new Date(recipient.created_at),
      totalBalance: recipient.total_balance,
    },
    unsubscribeUrl(context.config, { subject: recipient.investor_id, channel: content.type }),
  );
  const sent =
    content.type === 'email'
      ? await context.messages.sendEmail({
          to: recipient.email,
          ...composeMarketingEmail(context.config, content, values),
        })
      : await context.messages.sendSms({
          to: recipient.phone ?? '',
          text: composeMarketingSms(context.config, content, values),
        });
  return { deliveryId: recipient.delivery_id, ...sent };
}

/**
 * Sends a chunk at once and records every answer together. A message whose sending threw
 * (the outbox could not be written) stays `sending`: undecided, so it is never sent again.
 */
async function sendChunk(
  context: DeliveryContext,
  content: CampaignContent,
  chunk: BatchRecipient[],
  throttle: Throttle,
): Promise<void> {
  const settled = await Promise.allSettled(
    chunk.map((recipient) => sendOne(context, content, recipient, throttle)),
  );
  const results = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  await recordDeliveryResults(context.db, results, context.clock.now());
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

async function report(context: DeliveryContext, campaignId: string): Promise<DeliveryReport> {
  const status = await campaignStatusOf(context.db, campaignId);
  return {
    campaignId,
    status: status === 'sent' || status === 'failed' ? status : 'sending',
    ...(await countDeliveries(context.db, campaignId)),
  };
}

/** Delivers the campaign's pending messages until none are left, the signal stops it, or the lease is lost. */
export async function deliverCampaign(
  context: DeliveryContext,
  lease: CampaignLease,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const { campaignId } = lease;
  const content = await loadCampaignContent(context.db, campaignId);
  if (!content) throw new Error(`Campaign ${campaignId} has no content to send`);
  const batchSize = batchSizeFor(context);
  let token = lease.token;
  while (!options.signal?.aborted) {
    const now = context.clock.now();
    if (!(await renewLease(context.db, campaignId, token, now))) {
      context.log.warn({ campaignId }, 'campaign lease lost; another worker continues the send');
      return report(context, campaignId);
    }
    token = now;
    const ids = await nextPendingDeliveryIds(context.db, campaignId, batchSize);
    if (ids.length === 0) {
      await finishCampaign(context.db, campaignId, token, context.clock.now());
      return report(context, campaignId);
    }
    const recipients = await loadBatchRecipients(context.db, ids, content.type);
    const eligible = recipients.filter((recipient) => recipient.is_eligible);
    const eligibleIds = new Set(eligible.map((recipient) => recipient.delivery_id));
    await skipDeliveries(
      context.db,
      ids.filter((id) => !eligibleIds.has(id)),
      optedOutReason,
      context.clock.now(),
    );
    for (let start = 0; start < eligible.length; start += DELIVERY_CONCURRENCY) {
      if (options.signal?.aborted) break;
      const chunk = eligible.slice(start, start + DELIVERY_CONCURRENCY);
      const taken = await takeDeliveriesForSending(
        context.db,
        chunk.map((recipient) => recipient.delivery_id),
      );
      const mine = chunk.filter((recipient) => taken.has(recipient.delivery_id));
      await sendChunk(context, content, mine, options.throttle);
      await pauseAt('campaign:after-chunk');
    }
  }
  // Stopped between messages: nothing is undecided, so another worker may resume at once.
  await releaseLease(context.db, campaignId, token);
  return report(context, campaignId);
}
