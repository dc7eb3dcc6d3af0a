import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { dayNumberDate } from '../../../domain/calendar/day-numbers.js';
import { HEAT_MAP_VIEWS, MAX_HEAT_MAP_OFFSET, type HeatMapView } from '../../../domain/calendar/heat-map.js';
import type { Deps } from '../../../services/deps.js';
import { getHeatMap, type HeatMap } from '../../../services/heat-map.js';
import { report, type Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import { integer, type RawQuery } from '../../filters.js';
import { Query, ReportSchema, errors } from '../../schemas.js';
import { LocalDate } from '../days-studied/present.js';

const HeatMapData = Type.Object({
  view: Type.Union(HEAT_MAP_VIEWS.map((v) => Type.Literal(v))),
  offset: Type.Integer(),
  from: LocalDate,
  to: LocalDate,
  label: Type.String({ description: '"November 2026" or "2026"' }),
  days: Type.Array(Type.Object({ day: LocalDate, reviews: Type.Integer(), lessons: Type.Integer() })),
});

const schema = {
  tags: ['screens'],
  summary: 'Reviews and lessons per local day of a month or year, empty days included',
  querystring: Query({ view: 'month (default) or year', offset: `Whole periods back, 0 (default, now) to ${MAX_HEAT_MAP_OFFSET}` }),
  response: { 200: ReportSchema(HeatMapData, Type.Literal('report')), ...errors(401, 422) },
};

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

function present({ range, days }: HeatMap) {
  return {
    view: range.view,
    offset: range.offset,
    from: dayNumberDate(range.firstDay),
    to: dayNumberDate(range.lastDay),
    label: range.label,
    days: days.map((d) => ({ day: dayNumberDate(d.day), reviews: d.reviews, lessons: d.lessons })),
  };
}

export function heatMapRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/heat_map', { schema }, async (request) => {
      const query = request.query as RawQuery;
      const heatMap = valueOrThrow(await getHeatMap(deps, request.userId, viewOf(query), offsetOf(query)));
      return report(urls, '/heat_map', 'report', deps.clock.now(), present(heatMap));
    });
  };
}
