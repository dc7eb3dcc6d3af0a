import Type from 'typebox';
import { HEAT_MAP_VIEWS, MAX_HEAT_MAP_OFFSET } from '../../../domain/calendar/heat-map.js';
import { errors, OneOf, Query, ReportSchema } from '../../schemas.js';
import { LocalDate } from '../days-studied/schema.js';

export const HeatMapData = Type.Object({
  view: OneOf(HEAT_MAP_VIEWS),
  offset: Type.Integer(),
  from: LocalDate,
  to: LocalDate,
  label: Type.String({ description: '"November 2026" or "2026"' }),
  days: Type.Array(Type.Object({ day: LocalDate, reviews: Type.Integer(), lessons: Type.Integer() })),
});

export const heatMapSchema = {
  tags: ['screens'],
  summary: 'Reviews and lessons per local day of a month or year, empty days included',
  querystring: Query({ view: 'month (default) or year', offset: `Whole periods back, 0 (default, now) to ${MAX_HEAT_MAP_OFFSET}` }),
  response: { 200: ReportSchema(HeatMapData, Type.Literal('report')), ...errors(401, 422) },
};
