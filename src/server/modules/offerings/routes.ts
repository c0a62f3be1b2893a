/**
 * Offerings' API (issue 26): the back office's /admin/offerings and investor profiles, and the
 * investor's profile, circular and acknowledgement. Uploads (circular PDFs, evidence) are the
 * file itself as the request body, with its name in the query.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvestorProfileResponse,
  EVIDENCE_MAX_BYTES,
  evidenceReviewRequest,
  evidenceUploadQuery,
  investorProfileInput,
  investorProfileResponse,
  profileOverrideRequest,
} from '../../../shared/offerings/investor-profile-contracts';
import {
  acknowledgeCircularRequest,
  acknowledgeCircularResponse,
  adminOfferingListResponse,
  adminOfferingResponse,
  CIRCULAR_MAX_BYTES,
  circularParams,
  circularUploadQuery,
  offeringDetailResponse,
  offeringIdParams,
  offeringInputSchema,
  offeringProductsRequest,
  offeringUpdateRequest,
  purchaseOfferingQuery,
  purchaseOfferingResponse,
} from '../../../shared/offerings/offering-contracts';
import type { AppContext } from '../../context';
import { clientDetails } from '../../http/client-details';
import { adminPrincipal, requireAdmin } from '../admin-auth/admin-guard';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  assignProducts,
  circularFile,
  createOffering,
  editOffering,
  getOfferingDetail,
  listOfferings,
  uploadCircular,
} from './offering-service';
import {
  acknowledgeCircular,
  decideProfileOverride,
  evidenceFile,
  getAdminInvestorProfile,
  getInvestorProfile,
  proposeProfileOverride,
  purchaseOffering,
  reviewInvestorEvidence,
  saveInvestorProfile,
  uploadEvidence,
} from './profile-service';

const uploadTypes = ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'];
const investorParams = z.object({ id: z.uuid() });
const overrideParams = z.object({ id: z.uuid(), overrideId: z.uuid() });
const evidenceParams = z.object({ id: z.uuid(), evidenceId: z.uuid() });

function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

export function offeringRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const investor = requireInvestor(context);
    // Files arrive as the body itself (this plugin only).
    app.addContentTypeParser(
      uploadTypes,
      { parseAs: 'buffer', bodyLimit: CIRCULAR_MAX_BYTES + 1024 },
      (_request, body, done) => done(null, body),
    );
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const fileBody = z.instanceof(Buffer, { message: 'Send the file as the request body' });

    // ------------------------------------------------------------ staff
    app.get(
      '/api/admin/offerings',
      {
        preHandler: requireAdmin(context, 'offerings:view'),
        schema: {
          tags: ['admin'],
          summary: 'Offerings with their 12-month sales, capacity left and near-the-cap alert',
          response: { 200: adminOfferingListResponse },
        },
      },
      async () => listOfferings(context),
    );

    app.post(
      '/api/admin/offerings',
      {
        preHandler: requireAdmin(context, 'offerings:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Create an offering',
          body: offeringInputSchema,
          response: { 201: adminOfferingResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ offering: await createOffering(context, adminPrincipal(request), request.body) }),
    );

    app.get(
      '/api/admin/offerings/:id',
      {
        preHandler: requireAdmin(context, 'offerings:view'),
        schema: {
          tags: ['admin'],
          summary: 'An offering: circular versions, products and capacity by day (30 days)',
          params: offeringIdParams,
          response: { 200: offeringDetailResponse },
        },
      },
      async (request) => getOfferingDetail(context, request.params.id),
    );

    app.put(
      '/api/admin/offerings/:id',
      {
        preHandler: requireAdmin(context, 'offerings:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Edit an offering; refused as stale when it changed since updated_at',
          params: offeringIdParams,
          body: offeringUpdateRequest,
          response: { 200: adminOfferingResponse },
        },
      },
      async (request) => ({
        offering: await editOffering(context, adminPrincipal(request), request.params.id, {
          values: request.body.offering,
          updatedAt: request.body.updated_at,
        }),
      }),
    );

    app.put(
      '/api/admin/offerings/:id/products',
      {
        preHandler: requireAdmin(context, 'offerings:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Move products into this offering (a product belongs to one offering)',
          params: offeringIdParams,
          body: offeringProductsRequest,
          response: { 200: offeringDetailResponse },
        },
      },
      async (request) =>
        assignProducts(context, adminPrincipal(request), request.params.id, request.body.product_ids),
    );

    app.post(
      '/api/admin/offerings/:id/circulars',
      {
        preHandler: requireAdmin(context, 'offerings:manage'),
        bodyLimit: CIRCULAR_MAX_BYTES + 1024,
        schema: {
          tags: ['admin'],
          summary: 'Upload a new version of the offering circular (the PDF as the body, application/pdf)',
          params: offeringIdParams,
          querystring: circularUploadQuery,
          body: fileBody,
          response: { 201: offeringDetailResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await uploadCircular(context, adminPrincipal(request), request.params.id, {
            fileName: request.query.file_name,
            content: request.body,
          }),
        ),
    );

    app.get(
      '/api/admin/offerings/:id/circulars/:version',
      {
        preHandler: requireAdmin(context, 'offerings:view'),
        schema: {
          tags: ['admin'],
          summary: 'One version of the offering circular (PDF)',
          params: circularParams,
        },
      },
      async (request, reply) => {
        const file = await circularFile(context.db, request.params.id, request.params.version);
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${safeFileName(file.file_name)}"`);
        return reply.send(file.content);
      },
    );

    app.get(
      '/api/admin/investors/:id/investor-profile',
      {
        preHandler: requireAdmin(context, 'offerings:view'),
        schema: {
          tags: ['admin'],
          summary: "An investor's profile, limit figures, history, refusals, pending changes and evidence",
          params: investorParams,
          response: { 200: adminInvestorProfileResponse },
        },
      },
      async (request) => getAdminInvestorProfile(context, request.params.id),
    );

    app.post(
      '/api/admin/investors/:id/investor-profile/overrides',
      {
        preHandler: requireAdmin(context, 'offerings:manage'),
        schema: {
          tags: ['admin'],
          summary: "Propose a change to an investor's profile; applied when another admin approves it",
          params: investorParams,
          body: profileOverrideRequest,
          response: { 201: adminInvestorProfileResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await proposeProfileOverride(context, adminPrincipal(request), request.params.id, request.body),
          ),
    );

    for (const decision of ['approve', 'reject'] as const) {
      app.post(
        `/api/admin/investors/:id/investor-profile/overrides/:overrideId/${decision}`,
        {
          preHandler: requireAdmin(context, 'offerings:manage'),
          schema: {
            tags: ['admin'],
            summary: `${decision === 'approve' ? 'Approve' : 'Reject'} another admin's proposed profile change`,
            params: overrideParams,
            response: { 200: adminInvestorProfileResponse },
          },
        },
        async (request) =>
          decideProfileOverride(context, adminPrincipal(request), {
            investorId: request.params.id,
            overrideId: request.params.overrideId,
            decision: decision === 'approve' ? 'approved' : 'rejected',
          }),
      );
    }

    app.get(
      '/api/admin/investors/:id/evidence/:evidenceId',
      {
        preHandler: requireAdmin(context, 'offerings:view'),
        schema: {
          tags: ['admin'],
          summary: 'An uploaded accreditation letter or statement',
          params: evidenceParams,
        },
      },
      async (request, reply) => {
        const file = await evidenceFile(context, request.params.id, request.params.evidenceId);
        reply
          .type(file.content_type)
          .header('content-disposition', `inline; filename="${safeFileName(file.file_name)}"`);
        return reply.send(file.content);
      },
    );

    app.post(
      '/api/admin/investors/:id/evidence/:evidenceId/review',
      {
        preHandler: requireAdmin(context, 'offerings:manage'),
        schema: {
          tags: ['admin'],
          summary: 'Approve or reject accreditation evidence',
          params: evidenceParams,
          body: evidenceReviewRequest,
          response: { 200: adminInvestorProfileResponse },
        },
      },
      async (request) =>
        reviewInvestorEvidence(context, adminPrincipal(request), {
          investorId: request.params.id,
          evidenceId: request.params.evidenceId,
          status: request.body.status,
        }),
    );

    // ------------------------------------------------------------ investor
    app.get(
      '/api/settings/investor-profile',
      {
        preHandler: investor,
        schema: {
          tags: ['settings'],
          summary: "The investor's own profile, Regulation A limit figures and evidence uploads",
          response: { 200: investorProfileResponse },
        },
      },
      async (request) => getInvestorProfile(context, investorSessionOf(request).investorId),
    );

    app.put(
      '/api/settings/investor-profile',
      {
        preHandler: investor,
        schema: {
          tags: ['settings'],
          summary: 'Certify (or confirm again) the investor profile; kept in its history',
          body: investorProfileInput,
          response: { 200: investorProfileResponse },
        },
      },
      async (request) => saveInvestorProfile(context, investorSessionOf(request).investorId, request.body),
    );

    app.post(
      '/api/settings/investor-profile/evidence',
      {
        preHandler: investor,
        bodyLimit: EVIDENCE_MAX_BYTES + 1024,
        schema: {
          tags: ['settings'],
          summary: 'Upload a letter or statement proving accredited status (PDF, PNG or JPEG as the body)',
          querystring: evidenceUploadQuery,
          body: fileBody,
          response: { 201: investorProfileResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await uploadEvidence(context, {
            investorId: investorSessionOf(request).investorId,
            fileName: request.query.file_name,
            content: request.body,
          }),
        ),
    );

    app.get(
      '/api/purchases/offering',
      {
        preHandler: investor,
        schema: {
          tags: ['purchases'],
          summary:
            "The product's offering before BUY: the circular to acknowledge, the profile step and the amount left",
          querystring: purchaseOfferingQuery.extend({
            kind: z.enum(['purchase', 'conversion']).default('purchase'),
          }),
          response: { 200: purchaseOfferingResponse },
        },
      },
      async (request) =>
        purchaseOffering(
          context,
          investorSessionOf(request).investorId,
          request.query.product_id,
          request.query.kind,
        ),
    );

    app.post(
      '/api/offerings/circular-acknowledgements',
      {
        preHandler: investor,
        schema: {
          tags: ['purchases'],
          summary: 'Acknowledge the current offering circular (an older version is refused)',
          body: acknowledgeCircularRequest,
          response: { 201: acknowledgeCircularResponse },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await acknowledgeCircular(context, {
            investorId: investorSessionOf(request).investorId,
            offeringId: request.body.offering_id,
            version: request.body.version,
            ...clientDetails(request),
          }),
        ),
    );

    app.get(
      '/api/offerings/:id/circulars/:version',
      {
        preHandler: investor,
        schema: {
          tags: ['purchases'],
          summary: 'The offering circular to read before buying (PDF)',
          params: circularParams,
        },
      },
      async (request, reply) => {
        const file = await circularFile(context.db, request.params.id, request.params.version);
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${safeFileName(file.file_name)}"`);
        return reply.send(file.content);
      },
    );
  };
}
