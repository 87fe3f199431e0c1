// Parts of a route's schema that the API document reads but Fastify does not check: answers
// that are files or streams, and request bodies the handler reads itself (multipart forms).
import { CHECKED_BY_HANDLER } from './validation.ts';

/** A documented answer that is a file or a stream, not JSON: its media types and what it is. */
export function fileAnswer(
  description: string,
  mediaTypes: readonly string[],
  schema: Record<string, unknown> = { type: 'string', format: 'binary' },
) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/**
 * A request body documented for integrators but read and checked by the handler itself (a
 * multipart form streamed to disk): Fastify does not validate it (http/validation.ts).
 */
export function formBody(content: Record<string, Record<string, unknown>>) {
  return {
    content: Object.fromEntries(
      Object.entries(content).map(([type, schema]) => [type, { schema: { ...schema, [CHECKED_BY_HANDLER]: true } }]),
    ),
  };
}
