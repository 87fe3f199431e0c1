// Results answers as bytes (issue 20): a state final's report is megabytes of JSON, and
// serialising, measuring and compressing it on every refresh took the event loop from the
// judges' pushes. Each answer is serialised once per results version and compressed once per
// encoding (in libuv's thread pool, off the event loop); every read of that version sends the
// same bytes. One layer of compression (decisions §8): only these answers are compressed here.
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** Below this, compressing costs more than the bytes it saves. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding to answer in, from the request's Accept-Encoding: brotli, then gzip, when the
 * client accepts it (a `q=0` refuses it); otherwise none. Pure.
 */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  if (acceptEncoding === undefined) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    if (name !== '') accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

const brotli = promisify(brotliCompress);
const gzipBytes = promisify(gzip);

/** JSON bytes, and each encoding of them made at most once (concurrent readers share it). */
export interface SerialisedAnswer {
  readonly json: Buffer;
  encoded(encoding: AnswerEncoding): Promise<Buffer>;
}

export function serialisedAnswer(json: string): SerialisedAnswer {
  const bytes = Buffer.from(json, 'utf8');
  const encodings = new Map<AnswerEncoding, Promise<Buffer>>();
  return {
    json: bytes,
    encoded(encoding) {
      if (encoding === 'identity' || bytes.length < COMPRESS_FROM_BYTES) return Promise.resolve(bytes);
      let made = encodings.get(encoding);
      if (made === undefined) {
        // Brotli's middle quality: its top levels take seconds on a state final for a few % less.
        made =
          encoding === 'br'
            ? brotli(bytes, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              })
            : gzipBytes(bytes, { level: 6 });
        encodings.set(encoding, made);
        made.catch(() => encodings.delete(encoding));
      }
      return made;
    },
  };
}

/** Sends the answer's bytes in the encoding the request accepts; the JSON serialiser is not run again. */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: SerialisedAnswer) {
  const encoding =
    answer.json.length < COMPRESS_FROM_BYTES ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
  const body = await answer.encoded(encoding);
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
