import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { campaignDispatcherOf } from './campaign-dispatcher';
import { noticeSenderOf } from './notice-sender';
import { notificationPublicRoutes } from './public-routes';
import { notificationAdminRoutes } from './routes';
import { SEND_SCHEDULED_CAMPAIGNS, sendScheduledCampaigns } from './send-scheduled-campaigns';

/** Templates, campaigns and their delivery, unsubscribe, and the SMS STOP webhook (issue 9); the bell's API is the portal's. */
export async function registerNotificationsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  context.jobFunctions.register({
    name: SEND_SCHEDULED_CAMPAIGNS,
    description: 'Sends notification campaigns whose scheduled time has come and resumes interrupted sends.',
    run: (jobContext) => sendScheduledCampaigns(jobContext),
  });
  await app.register(notificationAdminRoutes(context));
  await app.register(notificationPublicRoutes(context));
  // Queued investor notices (decision 1311): a pass at start-up (what a stopped process
  // left), then every half minute and after each money job.
  app.addHook('onReady', async () => {
    noticeSenderOf(context).start();
  });
  // A send in progress stops between messages; the next run of the job resumes it.
  app.addHook('onClose', async () => {
    await noticeSenderOf(context).close();
    await campaignDispatcherOf(context).close();
  });
}
