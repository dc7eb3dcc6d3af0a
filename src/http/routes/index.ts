import type { Deps } from '../../services/deps.js';
import type { Urls } from '../envelopes.js';
import type { RoutePlugin } from '../plugin.js';
import { CarriedPages } from '../carried-pages.js';
import { KeptRowBytes } from '../kept-rows.js';
import { PageMemo } from '../prepared-pages.js';
import { StoredPages } from '../stored-pages.js';
import { aboutRoutes } from './about/routes.js';
import { assignmentRoutes } from './assignments/routes.js';
import { burnManagerRoutes } from './burn-manager/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { daysStudiedRoutes } from './days-studied/routes.js';
import { heatMapRoutes } from './heat-map/routes.js';
import { itemSpreadRoutes } from './item-spread/routes.js';
import { lessonAllowanceRoutes } from './lesson-allowance/routes.js';
import { reviewStatsRoutes } from './review-stats/routes.js';
import { vacationRoutes } from './vacation/routes.js';
import { internalNudgeRoutes } from './internal-nudges/routes.js';
import { internalPushRoutes } from './internal-push/routes.js';
import { internalSessionRoutes } from './internal-sessions/routes.js';
import { levelProgressionRoutes } from './level-progressions/routes.js';
import { resetRoutes } from './resets/routes.js';
import { srsSystemRoutes } from './spaced-repetition-systems/routes.js';
import { voiceActorRoutes } from './voice-actors/routes.js';
import { pushTokenRoutes } from './push-tokens/routes.js';
import { progressionRoutes } from './progression/routes.js';
import { reviewStatisticRoutes } from './review-statistics/routes.js';
import { reviewRoutes } from './reviews/routes.js';
import { searchRoutes } from './search/routes.js';
import { sessionRoutes } from './session/routes.js';
import { studyMaterialRoutes } from './study-materials/routes.js';
import { studyRoutes } from './study/routes.js';
import { summaryRoutes } from './summary/routes.js';
import { subjectRoutes } from './subjects/routes.js';
import { unsubscribeRoutes } from './unsubscribe/routes.js';
import { userRoutes } from './user/routes.js';

/** Every route of /api/v1, one plugin per resource. */
export function apiRoutes(deps: Deps, urls: Urls): RoutePlugin {
  // One memo of learners' pages per mount, shared by their three collections and GET /item_spread (docs/decisions.md, "Learner page memo").
  const learnerPages = new PageMemo(deps.config.learnerPageCacheMb);
  // Their rows' bytes by version, for pages built after a write (docs/decisions.md, "Kept row bytes").
  const learnerRows = new KeptRowBytes(deps.config.learnerRowCacheMb);
  // And their pages stored whole in the database, for a server keeping none of them (docs/decisions.md, "Stored pages").
  const storedPages = new StoredPages(deps, deps.config.storedPagesMb, urls.base);
  // A learner's own writes carried into those pages (docs/decisions.md, "A learner's own write carried into its kept pages").
  const carried = new CarriedPages(learnerPages, deps.db.learnerWrites);
  const keepers = { memo: learnerPages, rows: learnerRows, stored: storedPages, carried };
  return async (app) => {
    app.addHook('onClose', () => storedPages.settle());
    await app.register(aboutRoutes(urls));
    await app.register(subjectRoutes(deps, urls));
    await app.register(srsSystemRoutes(deps, urls));
    await app.register(voiceActorRoutes(deps, urls));
    await app.register(resetRoutes(deps, urls));
    await app.register(levelProgressionRoutes(deps, urls));
    await app.register(userRoutes(deps, urls));
    await app.register(searchRoutes(deps, urls));
    await app.register(assignmentRoutes(deps, urls, keepers));
    await app.register(reviewRoutes(deps, urls, carried));
    await app.register(reviewStatisticRoutes(deps, urls, keepers));
    await app.register(studyMaterialRoutes(deps, urls, keepers));
    await app.register(summaryRoutes(deps, urls));
    await app.register(progressionRoutes(deps, urls));
    await app.register(studyRoutes(deps, urls));
    await app.register(burnManagerRoutes(deps, urls));
    await app.register(dashboardRoutes(deps, urls));
    await app.register(reviewStatsRoutes(deps, urls));
    await app.register(daysStudiedRoutes(deps, urls));
    await app.register(heatMapRoutes(deps, urls));
    await app.register(itemSpreadRoutes(deps, urls, learnerPages));
    await app.register(lessonAllowanceRoutes(deps, urls));
    await app.register(vacationRoutes(deps, urls));
    await app.register(internalSessionRoutes(deps));
    await app.register(sessionRoutes(deps, urls));
    await app.register(pushTokenRoutes(deps, urls));
    await app.register(internalPushRoutes(deps, urls));
    await app.register(internalNudgeRoutes(deps, urls));
    await app.register(unsubscribeRoutes(deps, urls));
  };
}
