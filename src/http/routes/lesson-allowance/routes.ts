import type { Deps } from '../../../services/deps.js';
import { getLessonAllowance } from '../../../services/lesson-allowance.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentAllowance } from './present.js';
import { lessonAllowanceSchema } from './schema.js';

export function lessonAllowanceRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/lesson_allowance', { schema: lessonAllowanceSchema }, async (request) => {
      const allowance = valueOrThrow(await getLessonAllowance(deps, request.userId));
      return report(urls, '/lesson_allowance', 'report', deps.clock.now(), presentAllowance(allowance));
    });
  };
}
