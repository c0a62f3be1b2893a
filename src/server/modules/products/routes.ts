import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListResponse } from '../../../shared/products/contracts';
import type { ProductCatalogue } from './catalogue';

export function productRoutes(catalogue: ProductCatalogue): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/products',
      {
        schema: {
          tags: ['products'],
          summary: 'Buyable investment products, by type then term',
          response: { 200: productListResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=5');
        return { products: await catalogue.listBuyable() };
      },
    );
  };
}
