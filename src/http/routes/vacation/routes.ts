import type { Deps } from '../../../services/deps.js';
import { getVacation, setVacation } from '../../../services/vacation.js';
import type { Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { vacationReport } from './present.js';
import { getVacationSchema, putVacationSchema } from './schema.js';

export function vacationRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/vacation', { schema: getVacationSchema }, async (request) =>
      vacationReport(urls, valueOrThrow(await getVacation(deps, request.userId))),
    );

    app.put('/vacation', { schema: putVacationSchema, config: { bodyWrapper: 'vacation' } }, async (request) =>
      vacationReport(urls, valueOrThrow(await setVacation(deps, request.userId, request.body.active))),
    );
  };
}
