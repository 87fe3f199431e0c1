import type { Static, TSchema } from 'typebox';
import { fitsSchema } from '../validation/schema-checks.ts';
import { ApiError, ClientErrorCode, isApiErrorBody, knownErrorCode, parseRetryAfter } from './api-error.ts';

export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** JSON, or a multipart form (sent as it is, the browser writing its boundary). */
  body?: unknown;
  /** A token to send instead of the stored one; null sends none. */
  token?: string | null;
  signal?: AbortSignal;
}

export interface ApiClientDependencies {
  fetch: typeof fetch;
  /** The stored session's token, read when each request is sent. */
  getToken(): string | null;
}

/**
 * The one place the app talks to the API: JSON in and out (or a multipart form in), bearer
 * token, typed errors (with the server's Retry-After), and every success body checked against
 * its shared schema before a screen sees it.
 */
export function createApiClient(dependencies: ApiClientDependencies) {
  const requestJson = <S extends TSchema>(method: Method, path: string, responseSchema: S, options?: RequestOptions) =>
    sendRequest(dependencies, method, path, responseSchema, options);
  return {
    get: <S extends TSchema>(path: string, schema: S, options?: RequestOptions) =>
      requestJson('GET', path, schema, options),
    post: <S extends TSchema>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
      requestJson('POST', path, schema, { ...options, body }),
    put: <S extends TSchema>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
      requestJson('PUT', path, schema, { ...options, body }),
    delete: <S extends TSchema>(path: string, schema: S, options?: RequestOptions) =>
      requestJson('DELETE', path, schema, options),
    /** A file upload: `form` as multipart/form-data, a JSON answer checked like any other. */
    multipart: <S extends TSchema>(
      method: 'POST' | 'PUT',
      path: string,
      form: FormData,
      schema: S,
      options?: RequestOptions,
    ) => requestJson(method, path, schema, { ...options, body: form }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

async function sendRequest<S extends TSchema>(
  dependencies: ApiClientDependencies,
  method: Method,
  path: string,
  responseSchema: S,
  options: RequestOptions = {},
): Promise<Static<S>> {
  const token = options.token === undefined ? dependencies.getToken() : options.token;
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await dependencies.fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
  }

  const body = await readJsonBody(response);
  if (response.ok) {
    // A captive portal or a proxy answers 200 with HTML: that is not our API's answer.
    if (body === undefined) {
      throw new ApiError(
        response.status,
        ClientErrorCode.InvalidResponse,
        'The server answered with something other than JSON.',
      );
    }
    if (!(await fitsSchema(responseSchema, body))) {
      throw new ApiError(
        response.status,
        ClientErrorCode.InvalidResponse,
        'The server answered in an unexpected shape.',
      );
    }
    return body as Static<S>;
  }
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  if (isApiErrorBody(body)) {
    throw new ApiError(
      response.status,
      knownErrorCode(body.code),
      body.message,
      Array.isArray(body.errors) ? body.errors : [],
      {
        retryAfterSeconds,
      },
    );
  }
  throw new ApiError(
    response.status,
    ClientErrorCode.Http,
    `Server returned code: ${response.status}, error message: ${response.statusText || 'none'}`,
    [],
    { retryAfterSeconds },
  );
}

/** The parsed JSON body, or undefined when the body is not JSON. */
async function readJsonBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
