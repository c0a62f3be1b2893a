import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductListQuery,
  adminProductListResponse,
  adminProductResponse,
  productAuditQuery,
  productAuditResponse,
  productInputSchema,
  productToggleRequest,
  productUpdateRequest,
} from '../../../shared/admin/product-contracts';
import type { AppContext } from '../../context';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import type { ProductCatalogue } from '../products/catalogue';
import { createProduct, listProductAudit, listProducts, setProductActive, updateProduct } from './service';

const productIdParams = z.object({ id: z.uuid() });

export function adminProductRoutes(context: AppContext, catalogue: ProductCatalogue): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/functions/v1/admin-products',
      {
        preHandler: requireAdmin(context, 'products:view'),
        schema: {
          tags: ['admin'],
          summary: 'Investment products for the back office: filters and server paging (20 a page)',
          querystring: adminProductListQuery,
          response: { 200: adminProductListResponse },
        },
      },
      async (request) =>
        listProducts(context, {
          page: request.query.page,
          type: request.query.type,
          active: request.query.active,
          text: request.query.q,
        }),
    );

    app.put(
      '/functions/v1/admin-products',
      {
        preHandler: requireAdmin(context, 'products:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Activate or deactivate a product; refused as stale when it changed since updated_at',
          body: productToggleRequest,
          response: { 200: adminProductResponse },
        },
      },
      async (request) => ({
        product: await setProductActive(context, catalogue, adminPrincipal(request), request.body),
      }),
    );

    app.post(
      '/api/admin/products',
      {
        preHandler: requireAdmin(context, 'products:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Create a product (rate entered as a percent); writes its audit entry',
          body: productInputSchema,
          response: { 201: adminProductResponse },
        },
      },
      async (request, reply) => {
        const product = await createProduct(context, catalogue, adminPrincipal(request), request.body);
        return reply.status(201).send({ product });
      },
    );

    app.put(
      '/api/admin/products/:id',
      {
        preHandler: requireAdmin(context, 'products:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Edit a product; refused as stale when it changed since updated_at',
          params: productIdParams,
          body: productUpdateRequest,
          response: { 200: adminProductResponse },
        },
      },
      async (request) => ({
        product: await updateProduct(
          context,
          catalogue,
          adminPrincipal(request),
          request.params.id,
          request.body.product,
          request.body.updated_at,
        ),
      }),
    );

    app.get(
      '/api/admin/products/:id/audit',
      {
        preHandler: requireAdmin(context, 'products:view'),
        schema: {
          tags: ['admin'],
          summary: "A product's audit log, newest first (20 a page)",
          params: productIdParams,
          querystring: productAuditQuery,
          response: { 200: productAuditResponse },
        },
      },
      async (request) => listProductAudit(context, request.params.id, request.query.page),
    );
  };
}
