import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { advance, getUnlockable, type Candidate } from '../../../services/advance.js';
import type { Deps } from '../../../services/deps.js';
import { toIsoOrNull } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { advanceSchema, unlockableSchema, type AdvanceBody } from './schema.js';

const candidate = (c: Candidate) => ({
  subject_id: c.subjectId,
  object: c.object,
  level: c.level,
  characters: c.characters,
  slug: c.slug,
  meanings: c.meanings,
  unlocks_at: toIsoOrNull(c.unlocksAt),
});

/** GET /unlockable and POST /advance. /advance has no GET handler: prefetchers must not be able to advance. */
export function progressionRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/unlockable', { schema: unlockableSchema }, async (request) => {
      const view = valueOrThrow(await getUnlockable(deps, request.userId));
      return report(urls, '/unlockable', 'report', deps.clock.now(), {
        total: view.candidates.length,
        pending: view.pending,
        blocked: view.blocked,
        candidates: view.candidates.map(candidate),
      });
    });

    app.post('/advance', { schema: advanceSchema, config: { idempotent: true } }, async (request) => {
      const body = request.body as Static<typeof AdvanceBody>;
      const r = valueOrThrow(await advance(deps, request.userId, body.subject_ids, request.idempotency));
      return report(urls, '/advance', 'report', r.at, {
        outcome: r.outcome,
        unlocked: r.unlocked,
        level: r.level,
        pending: r.pending,
        reason: r.reason,
      });
    });
  };
}
