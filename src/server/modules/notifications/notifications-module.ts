import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { campaignDispatcherOf } from './campaign-dispatcher';
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
  // A send in progress stops between messages; the next run of the job resumes it.
  app.addHook('onClose', async () => {
    await campaignDispatcherOf(context).close();
  });
}
