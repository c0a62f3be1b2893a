/** The investor's consents to electronic delivery (decisions 1920-1922). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consentKindParams,
  consentStatusResponse,
  giveConsentRequest,
} from '../../../shared/consents/consent-contracts';
import { currentDisclosureVersion } from '../../../shared/consents/consent-disclosures';
import type { AppContext } from '../../context';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import { consentAccessCode } from './access-code';
import { getConsentStatus, giveConsent, withdrawConsent } from './service';

export function consentRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requireInvestor(context);
    const tags = ['consents'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/consents',
      {
        preHandler: guard,
        schema: {
          tags,
          summary:
            'The investor’s consents to electronic records and to electronic tax forms, and the mailing address',
          response: { 200: consentStatusResponse },
        },
      },
      async (request) => getConsentStatus(context, investorSessionOf(request).investorId),
    );

    app.get(
      '/api/consents/:kind/disclosure.pdf',
      {
        preHandler: guard,
        schema: {
          tags,
          summary:
            'The current disclosure as a PDF, with the access code to type back (opens in the browser)',
          params: consentKindParams,
        },
      },
      async (request, reply) => {
        const { investorId } = investorSessionOf(request);
        const { kind } = request.params;
        const code = consentAccessCode(
          context.config.fieldEncryptionKey,
          kind,
          investorId,
          currentDisclosureVersion[kind],
        );
        const { disclosurePdf } = await import('./disclosure-pdf');
        const pdf = disclosurePdf(
          kind,
          {
            brandName: context.config.BRAND_NAME,
            supportEmail: context.config.SUPPORT_EMAIL,
            postalAddress: context.config.COMPANY_POSTAL_ADDRESS,
          },
          code,
        );
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${kind}-disclosure.pdf"`);
        return reply.send(pdf);
      },
    );

    app.post(
      '/api/consents/:kind',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Gives the consent: the disclosure version read and the code from its PDF',
          params: consentKindParams,
          body: giveConsentRequest,
          response: { 200: consentStatusResponse },
        },
      },
      async (request) =>
        giveConsent(context, request, {
          investorId: investorSessionOf(request).investorId,
          kind: request.params.kind,
          body: request.body,
        }),
    );

    app.post(
      '/api/consents/:kind/withdraw',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Withdraws the consent: paper from now on; the account stays open',
          params: consentKindParams,
          response: { 200: consentStatusResponse },
        },
      },
      async (request) =>
        withdrawConsent(context, request, {
          investorId: investorSessionOf(request).investorId,
          kind: request.params.kind,
        }),
    );
  };
}
