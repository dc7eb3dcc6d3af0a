import { HEAT_MAP_VIEWS, MAX_HEAT_MAP_OFFSET, type HeatMapView } from '../../../domain/calendar/heat-map.js';
import type { Deps } from '../../../services/deps.js';
import { getHeatMap } from '../../../services/heat-map.js';
import { report, type Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import { integer, type RawQuery } from '../../filters.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentHeatMap } from './present.js';
import { heatMapSchema } from './schema.js';

function viewOf(query: RawQuery): HeatMapView {
  const value = query.view;
  if (value === undefined || value === '') return 'month';
  const view = HEAT_MAP_VIEWS.find((v) => v === value);
  if (view === undefined) throw unprocessableError('view must be month or year.');
  return view;
}

function offsetOf(query: RawQuery): number {
  const offset = integer(query, 'offset') ?? 0;
  if (offset < 0 || offset > MAX_HEAT_MAP_OFFSET) throw unprocessableError(`offset must be from 0 to ${MAX_HEAT_MAP_OFFSET}.`);
  return offset;
}

export function heatMapRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/heat_map', { schema: heatMapSchema }, async (request) => {
      const heatMap = valueOrThrow(await getHeatMap(deps, request.userId, viewOf(request.query), offsetOf(request.query)));
      return report(urls, '/heat_map', 'report', deps.clock.now(), presentHeatMap(heatMap));
    });
  };
}
