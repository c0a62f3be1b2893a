import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error';
import { jobRunMessages, jobRunRequest, jobRunResponse } from '../../../shared/jobs/run-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import { runJobFunction } from './service';

const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * `POST /functions/v1/<name>` for every job function in the registry when this plugin is
 * registered: register it after every module that adds job functions.
 */
export function jobRunRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const name of context.jobFunctions.names()) {
      const definition = context.jobFunctions.get(name);
      app.post(
        `/functions/v1/${name}`,
        {
          preHandler: requireAdmin(context, 'jobs:run'),
          schema: {
            tags: ['jobs'],
            summary: definition?.description ?? name,
            body: jobRunRequest,
            response: { 200: jobRunResponse, 400: errorBody, 409: errorBody, 500: errorBody },
          },
        },
        async (request, reply) => {
          const admin = adminPrincipal(request);
          // The run writes its own records (job_runs, the money it moves) in its own transactions;
          // the audit entry records who pressed Run and how it ended.
          const audit = (outcome: Record<string, unknown>) =>
            recordAdminAudit(context.db, {
              ...auditBy(admin),
              action: 'job.run',
              target: { type: 'job', id: request.body.jobId ?? name },
              after: { function_name: name, ...outcome },
              at: context.clock.now(),
            });
          try {
            const result = await runJobFunction(context, name, request.body, {
              trigger: 'manual',
              adminUserId: admin.adminUserId,
              adminName: `${admin.firstName} ${admin.lastName}`.trim(),
            });
            await audit({ outcome: 'succeeded', records_processed: result.recordsProcessed });
            return { recordsProcessed: result.recordsProcessed };
          } catch (error) {
            // A refused run (unknown job, already running) changed nothing, so it leaves no entry.
            if (error instanceof AppError) throw error;
            await audit({ outcome: 'failed' });
            request.log.error({ err: error, jobFunction: name }, 'job function failed');
            return reply
              .status(500)
              .send({ error: { code: 'job_failed', message: jobRunMessages.executionFailed } });
          }
        },
      );
    }
  };
}
