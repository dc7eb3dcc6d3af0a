import { getVoiceActor, listVoiceActors } from '../../../services/catalog.js';
import type { Deps } from '../../../services/deps.js';
import { registerCollection } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { idFilters } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import type { RoutePlugin } from '../../plugin.js';
import { ID_QUERY } from '../../schemas.js';
import { voiceActorData } from './present.js';
import { VoiceActorData } from './schema.js';

/** Audio metadata, shared by every learner (empty unless audio data was imported). */
export function voiceActorRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    registerCollection(app, urls, {
      path: '/voice_actors',
      object: 'voice_actor',
      perPage: PER_PAGE_DEFAULT,
      tag: 'content',
      query: ID_QUERY,
      data: VoiceActorData,
      readFilters: idFilters,
      list: (_userId, filters, cursor) => listVoiceActors(deps, filters, PER_PAGE_DEFAULT, cursor),
      get: (_userId, id) => getVoiceActor(deps, id),
      present: voiceActorData,
    });
  };
}
