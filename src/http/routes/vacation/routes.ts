import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { getVacation, setVacation, type VacationView } from '../../../services/vacation.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { ReportSchema, errors } from '../../schemas.js';
import { VacationData, presentVacation } from './present.js';

const VacationReport = ReportSchema(VacationData, Type.Literal('report'));
const VacationBody = Type.Object({ active: Type.Boolean({ description: 'true pauses the SRS clock, false resumes it' }) });

const getSchema = { tags: ['account'], summary: 'Whether the SRS clock is paused', response: { 200: VacationReport, ...errors(401) } };
const putSchema = {
  tags: ['account'],
  summary: 'Pause or resume the SRS clock (bare or {vacation: {...}}); idempotent both ways',
  body: VacationBody,
  response: { 200: VacationReport, ...errors(401, 422) },
};

export function vacationRoutes(deps: Deps, urls: Urls) {
  const present = (view: VacationView) => report(urls, '/vacation', 'report', view.updatedAt, presentVacation(view));
  return async (app: FastifyInstance) => {
    app.get('/vacation', { schema: getSchema }, async (request) => present(valueOrThrow(await getVacation(deps, request.userId))));

    app.put('/vacation', { schema: putSchema, config: { bodyWrapper: 'vacation' } }, async (request) => {
      const body = request.body as Static<typeof VacationBody>;
      return present(valueOrThrow(await setVacation(deps, request.userId, body.active)));
    });
  };
}
