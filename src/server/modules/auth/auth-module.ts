import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { cleanupExpiredAuthJob } from './cleanup-expired-auth';
import { authFunctionRoutes } from './function-routes';
import { authSessionRoutes } from './session-routes';

/** Investor sign-up, onboarding and sign-in: the spec's functions, the session API and the cleanup job. */
export async function registerAuthModule(app: FastifyInstance, context: AppContext): Promise<void> {
  if (!context.jobFunctions.has(cleanupExpiredAuthJob.name))
    context.jobFunctions.register(cleanupExpiredAuthJob);
  await app.register(authFunctionRoutes(context));
  await app.register(authSessionRoutes(context));
}
