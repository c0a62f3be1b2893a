import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createScheduler, failRunsInterruptedByAStop } from './scheduler';

/**
 * Hooks the scheduler into the app's life cycle: when the app is ready, runs a stopped
 * process left running are marked failed and, where SCHEDULER_ENABLED (default on outside
 * tests; off for web-only instances beside a dedicated worker), the scheduler starts. It
 * stops, letting the run in progress finish, when the app closes.
 */
export function registerScheduler(app: FastifyInstance, context: AppContext): void {
  const scheduler = context.config.isSchedulerEnabled ? createScheduler(context) : null;
  app.addHook('onReady', async () => {
    await failRunsInterruptedByAStop(context);
    await scheduler?.start();
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
  });
}
