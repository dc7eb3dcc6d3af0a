import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * A route plugin: the TypeBox type provider derives each handler's request types from its schemas
 * and checks what it returns against its response schemas.
 */
export type RoutePlugin = FastifyPluginAsyncTypebox;

/** The Fastify instance a route plugin registers its routes on. */
export type RouteApp = Parameters<RoutePlugin>[0];
