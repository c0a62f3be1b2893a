/**
 * The public coverage page's figures (open to everyone, only while staff have it on) and the
 * signed-in investor's proof that their notes are counted (decision 1943).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coverageProofResponse,
  publicTransparencyResponse,
} from '../../../shared/liquidity/liquidity-contracts';
import type { AppContext } from '../../context';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import { coverageProofFor, publicTransparency } from './transparency-service';

export function transparencyRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/transparency',
      {
        schema: {
          tags: ['public'],
          summary:
            'The public coverage page: outstanding by plan, obligations by month, cash, coverage and the digest',
          response: { 200: publicTransparencyResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return publicTransparency(context);
      },
    );

    app.get(
      '/api/portal/coverage-proof',
      {
        preHandler: requireInvestor(context),
        schema: {
          tags: ['portal'],
          summary: "The proof that each of the investor's notes is counted in the published digest",
          response: { 200: coverageProofResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return coverageProofFor(context, investorSessionOf(request).investorId);
      },
    );
  };
}
