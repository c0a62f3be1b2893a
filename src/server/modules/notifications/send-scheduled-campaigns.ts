/**
 * The `send-scheduled-campaigns` job function (PRODUCT.md 27, 30): resumes sends whose worker
 * died, then claims every draft whose scheduled time has come, and delivers them. Returns the
 * number of messages sent by this run.
 */
import type { AppContext } from '../../context';
import type { JobFunctionResult } from '../../functions/job-functions';
import {
  abandonedBefore,
  type CampaignLease,
  claimCampaign,
  takeOverAbandonedSend,
} from './campaign-delivery';
import { campaignDispatcherOf } from './campaign-dispatcher';
import { listAbandonedSendingIds, listDueDraftIds } from './delivery-repository';

export const SEND_SCHEDULED_CAMPAIGNS = 'send-scheduled-campaigns';

export async function sendScheduledCampaigns(context: AppContext): Promise<JobFunctionResult> {
  const now = context.clock.now();
  const leases: CampaignLease[] = [];
  let resumed = 0;
  for (const campaignId of await listAbandonedSendingIds(context.db, abandonedBefore(now))) {
    const lease = await takeOverAbandonedSend(context, campaignId);
    if (lease) {
      leases.push(lease);
      resumed += 1;
    }
  }
  for (const campaignId of await listDueDraftIds(context.db, now)) {
    const lease = await claimCampaign(context, campaignId, { dueOnly: true });
    if (lease) leases.push(lease);
  }
  const dispatcher = campaignDispatcherOf(context);
  const reports = await Promise.all(leases.map((lease) => dispatcher.run(lease)));
  const campaigns = reports.map((report) => ({
    id: report.campaignId,
    status: report.status,
    sent: report.sent,
    failed: report.failed,
    skipped: report.skipped,
  }));
  return {
    recordsProcessed: reports.reduce((total, report) => total + report.sent, 0),
    metadata: { claimed: leases.length - resumed, resumed, campaigns },
  };
}
