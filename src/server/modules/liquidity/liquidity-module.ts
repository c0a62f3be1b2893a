import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { coverageSnapshotJob, liquidityCheckJob } from './liquidity-check-job';
import { transparencyRoutes } from './public-routes';
import { liquidityRoutes } from './routes';

/** Liquidity (issue 27 sections 1-2, PRODUCT.md 45): the admin forecast, the daily check job, the public page. */
export async function registerLiquidityModule(app: FastifyInstance, context: AppContext): Promise<void> {
  for (const job of [liquidityCheckJob, coverageSnapshotJob])
    if (!context.jobFunctions.has(job.name)) context.jobFunctions.register(job);
  await app.register(liquidityRoutes(context));
  await app.register(transparencyRoutes(context));
}
