/** The note page's API (issue 17): a note's math and instruction, changing it, undoing a rollover. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  interestReinvestmentRequest,
  maturityInstructionRequest,
  noteDetailResponse,
  noteIdParams,
} from '../../../shared/investments/note-detail-contracts';
import type { AppContext } from '../../context';
import { investorSessionOf, requireInvestor } from '../auth/session-guard';
import {
  changeInterestReinvestment,
  changeMaturityInstruction,
  getNoteDetail,
  undoNoteRollover,
} from './service';

export function noteRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requireInvestor(context);
    const tags = ['notes'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/portal/notes/:investmentId',
      {
        preHandler: guard,
        schema: {
          tags,
          summary:
            'One of the investor’s notes: every interest posting worked out, projection, maturity instruction',
          params: noteIdParams,
          response: { 200: noteDetailResponse },
        },
      },
      async (request) =>
        getNoteDetail(context, investorSessionOf(request).investorId, request.params.investmentId),
    );

    app.put(
      '/api/portal/notes/:investmentId/maturity-instruction',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Changes a High-Yield note’s maturity instruction (until its maturity date)',
          params: noteIdParams,
          body: maturityInstructionRequest,
          response: { 200: noteDetailResponse },
        },
      },
      async (request) =>
        changeMaturityInstruction(
          context,
          investorSessionOf(request).investorId,
          request.params.investmentId,
          request.body.maturity_instruction,
        ),
    );

    app.put(
      '/api/portal/notes/:investmentId/interest-reinvestment',
      {
        preHandler: guard,
        schema: {
          tags,
          summary:
            'Switches a Standard note’s interest reinvestment on or off, from next month’s interest (decision 1740)',
          params: noteIdParams,
          body: interestReinvestmentRequest,
          response: { 200: noteDetailResponse },
        },
      },
      async (request) =>
        changeInterestReinvestment(
          context,
          investorSessionOf(request).investorId,
          request.params.investmentId,
          request.body.reinvest,
        ),
    );

    app.post(
      '/api/portal/notes/:investmentId/undo-rollover',
      {
        preHandler: guard,
        schema: {
          tags,
          summary: 'Undoes a rollover within 10 days: the note is paid out with the interest it earned',
          params: noteIdParams,
          response: { 200: noteDetailResponse },
        },
      },
      async (request) =>
        undoNoteRollover(context, investorSessionOf(request).investorId, request.params.investmentId),
    );
  };
}
