import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify, same options), each compiled the first
 * time its route answers with that status instead of every one at start: compiling them all (a
 * few hundred routes and statuses, each with its own validator for `anyOf` branches) was about a
 * sixth of a start's time, for serializers most processes never use (bench/README.md, start).
 */
export function lazySerializers(): SerializerFactory {
  const eager = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route) => {
      let serializer: ((doc: unknown) => string) | undefined;
      return (doc) => (serializer ??= compile(route))(doc);
    };
  };
}
