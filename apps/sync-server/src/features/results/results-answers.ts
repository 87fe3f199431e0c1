// Results answers as bytes (issue 20): a state final's report is megabytes of JSON, and
// serialising, measuring and compressing it on every refresh took the event loop from the
// judges' pushes. Each answer is made once per results version and encoding, and every read of
// that version sends the same bytes. An open event's answers are serialised and compressed on
// the results worker's thread, at its low priority (results-worker.ts): the event loop receives
// only the bytes it sends, compressed when the client accepts it, and its heap does not collect
// megabytes per reload. Other answers (snapshots, public results) are compressed in libuv's
// thread pool, off the event loop. One layer of compression (decisions §8): only these answers
// are compressed here.
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseJsonEncoding } from '../../http/json-compression.ts';

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** Below this, compressing costs more than the bytes it saves. */
export const COMPRESS_FROM_BYTES = 1024;

/** The encoding to answer in: the JSON layer's choice from Accept-Encoding (http/json-compression.ts), else none. */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  return chooseJsonEncoding(acceptEncoding) ?? 'identity';
}

/** An answer's bytes and the encoding they are in (identity when asked for, or too small to compress). */
export interface EncodedAnswer {
  body: Buffer;
  encoding: AnswerEncoding;
}

// Brotli's middle quality: its top levels take seconds on a state final for a few % less.
const brotliOptions = (size: number) => ({
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size },
});
const GZIP_OPTIONS = { level: 6 };
const brotli = promisify(brotliCompress);
const gzipBytes = promisify(gzip);

/** The JSON bytes in the encoding asked for, on the calling thread (the results worker's). */
export function encodeHere(json: Buffer, encoding: AnswerEncoding): EncodedAnswer {
  if (encoding === 'identity' || json.length < COMPRESS_FROM_BYTES) return { body: json, encoding: 'identity' };
  const body = encoding === 'br' ? brotliCompressSync(json, brotliOptions(json.length)) : gzipSync(json, GZIP_OPTIONS);
  return { body, encoding };
}

/** The same in libuv's thread pool, off the event loop. */
async function encodeOnPool(json: Buffer, encoding: AnswerEncoding): Promise<EncodedAnswer> {
  if (encoding === 'identity' || json.length < COMPRESS_FROM_BYTES) return { body: json, encoding: 'identity' };
  const body = encoding === 'br' ? await brotli(json, brotliOptions(json.length)) : await gzipBytes(json, GZIP_OPTIONS);
  return { body, encoding };
}

/** An answer whose bytes in each encoding are made at most once (concurrent readers share them). */
export interface SerialisedAnswer {
  encoded(encoding: AnswerEncoding): Promise<EncodedAnswer>;
}

/** An answer made from JSON on this thread: its JSON at hand, each compression in the thread pool. */
export interface JsonAnswer extends SerialisedAnswer {
  readonly json: Buffer;
}

/** Each encoding made by `make` once; a failed one is made again at the next read. */
export function answerMadeBy(make: (encoding: AnswerEncoding) => Promise<EncodedAnswer>): SerialisedAnswer {
  const encodings = new Map<AnswerEncoding, Promise<EncodedAnswer>>();
  return {
    encoded(encoding) {
      let made = encodings.get(encoding);
      if (made === undefined) {
        made = make(encoding);
        encodings.set(encoding, made);
        made.catch(() => encodings.delete(encoding));
      }
      return made;
    },
  };
}

export function serialisedAnswer(json: string | Buffer): JsonAnswer {
  const bytes = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  return { json: bytes, ...answerMadeBy((encoding) => encodeOnPool(bytes, encoding)) };
}

/** The answer's JSON as text (for splicing category answers into the event's). */
export async function jsonTextOf(answer: SerialisedAnswer): Promise<string> {
  return (await answer.encoded('identity')).body.toString('utf8');
}

/** Sends the answer's bytes in the encoding the request accepts; the JSON serialiser is not run again. */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: SerialisedAnswer) {
  const { body, encoding } = await answer.encoded(chooseEncoding(request.headers['accept-encoding']));
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
