import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { getLessonAllowance } from '../../../services/lesson-allowance.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { ReportSchema, errors } from '../../schemas.js';
import { AllowanceData, presentAllowance } from './present.js';

const schema = {
  tags: ['screens'],
  summary: "How many lessons today's ceiling still permits (never shrinks /assignments or /summary)",
  response: { 200: ReportSchema(AllowanceData, Type.Literal('report')), ...errors(401) },
};

export function lessonAllowanceRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/lesson_allowance', { schema }, async (request) => {
      const allowance = valueOrThrow(await getLessonAllowance(deps, request.userId));
      return report(urls, '/lesson_allowance', 'report', deps.clock.now(), presentAllowance(allowance));
    });
  };
}
