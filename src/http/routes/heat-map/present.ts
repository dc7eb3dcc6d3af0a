import type { Static } from 'typebox';
import { dayNumberDate } from '../../../domain/calendar/day-numbers.js';
import type { HeatMap } from '../../../services/heat-map.js';
import type { HeatMapData } from './schema.js';

export function presentHeatMap({ range, days }: HeatMap): Static<typeof HeatMapData> {
  return {
    view: range.view,
    offset: range.offset,
    from: dayNumberDate(range.firstDay),
    to: dayNumberDate(range.lastDay),
    label: range.label,
    days: days.map((d) => ({ day: dayNumberDate(d.day), reviews: d.reviews, lessons: d.lessons })),
  };
}
