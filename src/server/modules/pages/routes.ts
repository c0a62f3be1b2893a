import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hotspotListResponse, hotspotPageSlugs } from '../../../shared/pages/hotspots';
import type { AppContext } from '../../context';
import { pageHotspots } from '../../db/schema';

export function pageRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/pages/:slug/hotspots',
      {
        schema: {
          tags: ['pages'],
          summary: 'The link hotspots of an artwork page',
          params: z.object({ slug: z.enum(hotspotPageSlugs) }),
          response: { 200: hotspotListResponse },
        },
      },
      async (request) => {
        const rows = await context.db
          .select()
          .from(pageHotspots)
          .where(eq(pageHotspots.pageSlug, request.params.slug))
          .orderBy(asc(pageHotspots.sortOrder), asc(pageHotspots.id));
        return {
          page: request.params.slug,
          hotspots: rows.map((row) => ({
            id: row.id,
            label: row.label,
            href: row.href,
            top: Number(row.topPercent),
            left: Number(row.leftPercent),
            width: Number(row.widthPercent),
            height: Number(row.heightPercent),
          })),
        };
      },
    );
  };
}
