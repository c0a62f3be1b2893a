import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  jobHistoryResponse,
  jobIdParams,
  jobInput,
  jobListResponse,
  jobResponse,
  jobStatusInput,
} from '../../../shared/jobs/job-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { createJob, listJobHistory, listJobs, setJobEnabled, updateJob } from './service';

/** The admin Jobs page's API (admin spec 7 "Jobs"); running a job is `POST /functions/v1/<name>`. */
export function jobRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/jobs',
      {
        preHandler: requireAdmin(context, 'jobs:view'),
        schema: {
          tags: ['jobs'],
          summary:
            'Scheduled jobs with their next run and last run, the registered functions and the time zone',
          response: { 200: jobListResponse },
        },
      },
      async () => listJobs(context),
    );

    app.post(
      '/api/admin/jobs',
      {
        preHandler: requireAdmin(context, 'jobs:manage'),
        schema: {
          tags: ['jobs'],
          summary: 'Create a job (enabled); its function must be registered and its cron valid',
          body: jobInput,
          response: { 201: jobResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ job: await createJob(context, adminPrincipal(request), request.body) }),
    );

    app.put(
      '/api/admin/jobs/:id',
      {
        preHandler: requireAdmin(context, 'jobs:manage'),
        schema: {
          tags: ['jobs'],
          summary: 'Update a job; a changed schedule moves its next run',
          params: jobIdParams,
          body: jobInput,
          response: { 200: jobResponse },
        },
      },
      async (request) => ({
        job: await updateJob(context, adminPrincipal(request), request.params.id, request.body),
      }),
    );

    app.patch(
      '/api/admin/jobs/:id/enabled',
      {
        preHandler: requireAdmin(context, 'jobs:manage'),
        schema: {
          tags: ['jobs'],
          summary: 'Enable or disable a job; a disabled job does not fire',
          params: jobIdParams,
          body: jobStatusInput,
          response: { 200: jobResponse },
        },
      },
      async (request) => ({
        job: await setJobEnabled(context, adminPrincipal(request), request.params.id, request.body.enabled),
      }),
    );

    app.get(
      '/api/admin/jobs/:id/history',
      {
        preHandler: requireAdmin(context, 'jobs:view'),
        schema: {
          tags: ['jobs'],
          summary: 'The newest 20 runs of a job',
          params: jobIdParams,
          response: { 200: jobHistoryResponse },
        },
      },
      async (request) => ({ history: await listJobHistory(context, request.params.id) }),
    );
  };
}
