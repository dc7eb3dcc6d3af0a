import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { getDaysStudied } from '../../../services/days-studied.js';
import type { Deps } from '../../../services/deps.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { ReportSchema, errors } from '../../schemas.js';
import { DaysStudiedData, presentDaysStudied } from './present.js';

const schema = {
  tags: ['screens'],
  summary: 'Distinct local days with a lesson or review (data_updated_at: when the last of them began)',
  response: { 200: ReportSchema(DaysStudiedData, Type.Literal('report')), ...errors(401) },
};

export function daysStudiedRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/days_studied', { schema, config: { cacheable: true } }, async (request, reply) => {
      const studied = valueOrThrow(await getDaysStudied(deps, request.userId));
      reply.dataUpdatedAt = studied.updatedAt;
      return report(urls, '/days_studied', 'report', studied.updatedAt, presentDaysStudied(studied));
    });
  };
}
