import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hotspotPositionsRequest } from '../../../shared/pages/hotspot-edit';
import { hotspotListResponse, hotspotPageSlugs } from '../../../shared/pages/hotspots';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { saveHotspotPositions } from './service';

export function hotspotEditingRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/api/admin/pages/:slug/hotspots',
      {
        preHandler: requireAdmin(context, 'hotspots:edit'),
        schema: {
          tags: ['admin'],
          summary:
            "Save the positions of an artwork page's hotspots (percent, within the spec's drag limits)",
          params: z.object({ slug: z.enum(hotspotPageSlugs) }),
          body: hotspotPositionsRequest,
          response: { 200: hotspotListResponse },
        },
      },
      async (request) => ({
        page: request.params.slug,
        hotspots: await saveHotspotPositions(
          context,
          adminPrincipal(request),
          request.params.slug,
          request.body.hotspots,
        ),
      }),
    );
  };
}
