import type { Deps } from '../../../services/deps.js';
import { getUser, updateUserSettings } from '../../../services/user.js';
import type { Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentUser } from './present.js';
import { getUserSchema, putUserSchema } from './schema.js';

export function userRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/user', { schema: getUserSchema, config: { cacheable: true } }, async (request, reply) => {
      const view = valueOrThrow(await getUser(deps, request.userId));
      reply.dataUpdatedAt = view.updatedAt;
      return presentUser(urls, deps.config.webAppUrl, view);
    });

    app.put('/user', { schema: putUserSchema, config: { bodyWrapper: 'user' } }, async (request) => {
      const { timezone, preferences } = request.body;
      return presentUser(
        urls,
        deps.config.webAppUrl,
        valueOrThrow(await updateUserSettings(deps, request.userId, { timezone, preferences })),
      );
    });
  };
}
