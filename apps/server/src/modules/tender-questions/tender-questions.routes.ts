import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  QUESTION_TEXT_MAX,
  tenderAnswerInput,
  tenderIdParams,
  tenderQuestion,
  tenderQuestionInput,
  tenderQuestionParams,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './tender-questions.service.js';

const secured = { security: SIGNED_IN, tags: ['tenders'] };

/** Questions on a tender before bidding: carriers ask, the owner answers, everyone who sees it reads. */
export const tenderQuestionsRoutes: FastifyPluginAsyncZod<{ ctx: service.TenderQuestionsContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.tenders.questions,
    {
      schema: {
        operationId: 'listTenderQuestions',
        ...secured,
        summary: 'The questions of a tender I can see, oldest first',
        description:
          'Answered questions with their answers for everyone who can see the tender; unanswered ones only for the ' +
          'owner and the one who asked. The asker is named only to the owner and to the asker (asker_name null: ' +
          '"a carrier"). A question hidden by a moderator keeps its place without its texts.',
        params: tenderIdParams,
        response: { 200: z.array(tenderQuestion), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.listQuestions(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    apiPaths.tenders.questions,
    {
      schema: {
        operationId: 'askTenderQuestion',
        ...secured,
        summary: `Ask the owner a question on an open tender (1 to ${QUESTION_TEXT_MAX} characters)`,
        description:
          'Anyone signed in who can see the tender but its owner (403 QUESTION_OWN_TENDER); a tender that is closed ' +
          'or awarded: 409 TENDER_NOT_OPEN. The owner is told; the stream of the tender says `questions`. ' +
          'Counted by QUOTA_QUESTIONS (429 RATE_LIMITED with Retry-After).',
        params: tenderIdParams,
        body: tenderQuestionInput,
        response: { 201: tenderQuestion, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.askQuestion(ctx, currentUser(request).userId, request.params.id, request.body.text)),
  );

  app.post(
    apiPaths.tenders.answer,
    {
      schema: {
        operationId: 'answerTenderQuestion',
        ...secured,
        summary: 'The owner answers a question, once',
        description:
          'Only the owner (403 QUESTION_OWNER_ONLY); a question already answered: 409 QUESTION_ALREADY_ANSWERED; ' +
          'hidden by a moderator: 409 QUESTION_HIDDEN. The asker and every bidder of the tender are told; the stream ' +
          'of the tender says `questions`. Counted by QUOTA_QUESTIONS.',
        params: tenderQuestionParams,
        body: tenderAnswerInput,
        response: { 200: tenderQuestion, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      service.answerQuestion(
        ctx,
        currentUser(request).userId,
        request.params.id,
        request.params.qid,
        request.body.text,
      ),
  );
};
