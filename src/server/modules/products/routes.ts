import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListResponse } from '../../../shared/products/contracts';
import { sendSerialisedJson } from '../../http/serialised-json';
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
        const { json } = await catalogue.page();
        reply.header('cache-control', 'public, max-age=5');
        return sendSerialisedJson(reply, json);
      },
    );
  };
}
