import AjvCompiler, { type ValidatorCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Validator = ReturnType<ValidatorCompiler>;

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

/**
 * Fastify's own request validators (Ajv, same options), each compiled the first time its route
 * receives a request with that part, for the same reason: compiling every route's body, query and
 * params schemas at start was the largest share of a start on an existing database (bench/README.md,
 * start). Fastify reads a failed validation's `errors` from the function it was given, so they are
 * copied onto it after each call.
 */
export function lazyValidators(): ValidatorFactory {
  const eager = AjvCompiler();
  return (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route) => {
      let validator: Validator | undefined;
      const validate = ((data: unknown) => {
        validator ??= compile(route);
        const valid = validator(data);
        validate.errors = validator.errors ?? null;
        return valid;
      }) as Validator;
      return validate;
    };
  };
}
