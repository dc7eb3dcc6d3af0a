import { offsetSpans, type DayActivity } from '../domain/calendar/day-numbers.js';
import { heatMapDays, heatMapRange, type HeatMapRange, type HeatMapView } from '../domain/calendar/heat-map.js';
import { effectiveZone } from '../domain/calendar/zones.js';
import { activityByLocalDay } from '../db/repositories/stats.js';
import { findUserById } from '../db/repositories/users.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';

export interface HeatMap {
  range: HeatMapRange;
  days: DayActivity[];
}

/** GET /heat_map: reviews and lessons per local day of a whole month or year, empty days included. */
export async function getHeatMap(deps: Deps, userId: number, view: HeatMapView, offset: number): Promise<Result<HeatMap>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  if (!user) return notFound();
  const zone = effectiveZone(user.timezone);
  const range = heatMapRange(view, offset, deps.clock.now(), zone);
  // Local midnights fall on slot boundaries, so the range is a union of whole slots.
  const activity = await activityByLocalDay(db, userId, offsetSpans(range.start, range.end, zone));
  return ok({ range, days: heatMapDays(range, activity) });
}
