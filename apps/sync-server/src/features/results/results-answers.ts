// Results answers as bytes (issue 20): a state final's report is megabytes of JSON, and
// serialising, measuring and compressing it on every refresh took the event loop from the
// judges' pushes. Each answer is serialised once per results version and compressed once per
// encoding (in libuv's thread pool, off the event loop); every read of that version sends the
// same bytes. One layer of compression (decisions §8): only these answers are compressed here.
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
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

const brotli = promisify(brotliCompress);
const gzipBytes = promisify(gzip);

/** JSON bytes, and each encoding of them made at most once (concurrent readers share it). */
export interface SerialisedAnswer {
  readonly json: Buffer;
  encoded(encoding: AnswerEncoding): Promise<Buffer>;
}

export function serialisedAnswer(json: string | Buffer): SerialisedAnswer {
  const bytes = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
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
