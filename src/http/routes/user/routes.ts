import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { getUser, updateUserSettings } from '../../../services/user.js';
import type { Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { presentUser } from './present.js';
import type { UserUpdateBody } from './schema.js';
import { getUserSchema, putUserSchema } from './schema.js';

export function userRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/user', { schema: getUserSchema, config: { cacheable: true } }, async (request, reply) => {
      const view = valueOrThrow(await getUser(deps, request.userId));
      reply.dataUpdatedAt = view.updatedAt;
      return presentUser(urls, view);
    });

    app.put('/user', { schema: putUserSchema, config: { bodyWrapper: 'user' } }, async (request) => {
      const body = request.body as Static<typeof UserUpdateBody>;
      return presentUser(
        urls,
        valueOrThrow(
          await updateUserSettings(deps, request.userId, {
            timezone: body.timezone,
            preferences: body.preferences as Record<string, unknown> | undefined,
          }),
        ),
      );
    });
  };
}
