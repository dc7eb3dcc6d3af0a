import Type from 'typebox';
import { errors } from '../../schemas.js';

export const metricsSchema = {
  tags: ['operations'],
  operationId: 'getMetrics',
  summary: 'Prometheus metrics: requests by route and status, database transactions and pool, ticks, process',
  security: [{ metricsToken: [] }, {}],
  response: {
    200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }),
    ...errors(401),
  },
};
