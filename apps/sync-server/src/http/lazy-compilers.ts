// Request checks and response serializers are generated code, one per route part: some 300 of
// them. Compiled at start, as Fastify and TypeBox do by default, their source and code stayed in
// the server's memory for every route, though a running server is asked only some of them (most
// admin screens' calls never on a competition day). Each is compiled at its route's first
// request instead, once.
// Their compilers' libraries (fast-json-stringify with ajv) load with the first one compiled.
// Decisions: docs/decisions/0126-lazy-route-compilers.md, 0166-server-memory-at-rest.md.
import { createRequire } from 'node:module';
import type { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/** A value made by `compile` when first asked for, then kept. */
export function compileOnFirstUse<T>(compile: () => T): () => T {
  let compiled: { value: T } | undefined;
  return () => {
    compiled ??= { value: compile() };
    return compiled.value;
  };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

const requireFromHere = createRequire(import.meta.url);

/**
 * Fastify's serializer compiler (fast-json-stringify, with ajv), loaded where the first
 * serializer is compiled: CommonJS, so synchronously. Every serializer of the server is made
 * through this, never from a module imported at start.
 */
export function loadSerializerSelector(): typeof SerializerSelector {
  const loaded = requireFromHere('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: typeof SerializerSelector;
  };
  return loaded.SerializerSelector;
}

/** Fastify's own response serializers (fast-json-stringify), each compiled at its first answer. */
export const buildSerializerOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compileSerializer = compileOnFirstUse(() => loadSerializerSelector()()(externalSchemas, options));
  return (route) => {
    const serializerOf = compileOnFirstUse(() => compileSerializer()(route));
    return (document) => serializerOf()(document);
  };
};
