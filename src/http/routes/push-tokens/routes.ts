import type { Deps } from '../../../services/deps.js';
import { registerPushToken, removePushToken } from '../../../services/push-tokens.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { PUSH_TOKENS_PATH, presentPushToken } from './present.js';
import { registerSchema, removeSchema } from './schema.js';

export function pushTokenRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.post(PUSH_TOKENS_PATH, { schema: registerSchema, config: { bodyWrapper: 'push_token' } }, async (request) => {
      const { token, platform } = request.body;
      return presentPushToken(
        urls,
        valueOrThrow(await registerPushToken(deps, request.userId, { token, platform: platform ?? undefined })),
      );
    });

    app.delete(PUSH_TOKENS_PATH, { schema: removeSchema, config: { bodyWrapper: 'push_token' } }, async (request) => {
      const removed = valueOrThrow(await removePushToken(deps, request.userId, request.body.token));
      return report(urls, PUSH_TOKENS_PATH, 'push_token', null, { removed });
    });
  };
}
