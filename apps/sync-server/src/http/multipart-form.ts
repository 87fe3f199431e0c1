import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { convertTextFields, describeErrors } from '@judging/shared-types';
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { validationError } from '../common/api-error.ts';

export interface FormFile {
  /** busboy marks the stream `truncated` when it hit the size limit. */
  stream: Readable & { truncated?: boolean };
  filename: string | null;
  fieldname: string;
}

/**
 * Reads a form sent as multipart (text fields and at most one file) or as JSON, and checks
 * its fields with a shared schema, plain decimal text converted to numbers first (`0x8`, `1e1`
 * stay text and fail; JSON numbers are never rounded), so the seed's multipart
 * modals and JSON clients get the same messages. `onFile` consumes the file stream as it
 * arrives (nothing is buffered); an empty file input is ignored. Blank text fields count as absent.
 * The file is read only under `fileField`, the name the API document gives it: a file under
 * any other name is refused before a byte is stored (requireFileField).
 */
export async function readForm<S extends TSchema, F>(
  request: FastifyRequest,
  schema: S,
  fileField: string,
  onFile: (file: FormFile) => Promise<F>,
): Promise<{ fields: Static<S>; file: F | undefined }> {
  const raw: Record<string, unknown> = {};
  let file: F | undefined;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (!part.filename) {
            part.file.resume();
            continue;
          }
          requireFileField(part, fileField);
          file = await onFile({ stream: part.file, filename: part.filename, fieldname: part.fieldname });
        } else if (typeof part.value === 'string' && part.value.trim() !== '') {
          raw[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      throw asMultipartError(error);
    }
  } else if (isRecord(request.body)) {
    Object.assign(raw, request.body);
  }
  const value = convertTextFields(schema, raw);
  if (!Value.Check(schema, value)) throw validationError(describeErrors(schema, value, Value.Errors(schema, value)));
  return { fields: value as Static<S>, file };
}

/**
 * A multipart file sent under another name than the route documents: refused with 400 naming
 * the documented field, its bytes drained unread, so a client with a misspelt field learns it
 * instead of the file being taken (or silently dropped).
 */
export function requireFileField(part: { fieldname: string; file: Readable }, expected: string): void {
  if (part.fieldname === expected) return;
  part.file.resume();
  const sent = part.fieldname.length > 60 ? `${part.fieldname.slice(0, 60)}…` : part.fieldname;
  throw validationError([
    { field: expected, message: `Send the file in the form field '${expected}' (it came as '${sent}').` },
  ]);
}

/**
 * A broken multipart body (a wrong boundary, a cut-off part) is the client's error: 400, not
 * the 500 a parser error without a status would become. Errors with a status pass through.
 */
export function asMultipartError(error: unknown): unknown {
  const hasStatus = error !== null && typeof error === 'object' && 'statusCode' in error;
  return hasStatus ? error : validationError([{ field: 'body', message: 'The upload is not a valid multipart form.' }]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
