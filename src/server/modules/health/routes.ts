import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';

export function healthRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'The process is up',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary: 'The database answers',
          response: {
            200: z.object({ status: z.literal('ready'), database: z.string() }),
            503: z.object({ status: z.literal('unavailable'), database: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await Promise.race([
            context.database.ping(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
          ]);
          return { status: 'ready' as const, database: context.database.kind };
        } catch {
          return reply.status(503).send({ status: 'unavailable' as const, database: context.database.kind });
        }
      },
    );
  };
}
