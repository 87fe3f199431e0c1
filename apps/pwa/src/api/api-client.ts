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

/**
 * How long a read started ahead (`readAhead`) waits for the screen's own read of its path; an
 * answer older than this may be stale, and the screen asks again.
 */
export const READ_AHEAD_TAKE_MS = 3_000;

/** A read ahead of a path read less than this before is the same screen opening: it is not sent again. */
const SAME_OPENING_MS = 1_000;

interface ReadAhead {
  token: string | null;
  startedAt: number;
  response: Promise<Response> | undefined;
  controller: AbortController;
}

export interface ApiClientDependencies {
  fetch: typeof fetch;
  /** The stored session's token, read when each request is sent. */
  getToken(): string | null;
  /** How long a read ahead waits to be taken; READ_AHEAD_TAKE_MS unless a test says otherwise. */
  readAheadTakeMs?: number;
}

/**
 * The one place the app talks to the API: JSON in and out (or a multipart form in), bearer
 * token, typed errors (with the server's Retry-After), and every success body checked against
 * its shared schema before a screen sees it.
 */
export function createApiClient(dependencies: ApiClientDependencies) {
  const readsAhead = new Map<string, ReadAhead>();
  /** The read started ahead for this GET, if any and sent with the same token: taken once. */
  const takeReadAhead = (path: string, token: string | null, signal: AbortSignal | undefined) => {
    const ahead = readsAhead.get(path);
    if (!ahead?.response || ahead.token !== token) return undefined;
    const { response, controller } = ahead;
    ahead.response = undefined;
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener('abort', () => controller.abort(), { once: true });
    return response;
  };
  const send: Send = (method, path, init, token) =>
    (method === 'GET' ? takeReadAhead(path, token, init.signal ?? undefined) : undefined) ??
    dependencies.fetch(`${API_BASE}${path}`, init);
  const requestJson = <S extends TSchema>(method: Method, path: string, responseSchema: S, options?: RequestOptions) =>
    sendRequest(send, dependencies, method, path, responseSchema, options);
  return {
    /**
     * Sends a GET of `path` now, for the screen about to open, whose code is still loading: the
     * screen's first `get` of the same path takes this request's answer (and checks it as any
     * other) instead of asking again. Not taken within READ_AHEAD_TAKE_MS, it is let go.
     * `onAnswer` sees a 2xx JSON answer's body first, unchecked: only to read ahead what follows.
     */
    readAhead(path: string, onAnswer?: (body: unknown) => void): void {
      const token = dependencies.getToken();
      const now = performance.now();
      const earlier = readsAhead.get(path);
      if (earlier && earlier.token === token && now - earlier.startedAt < SAME_OPENING_MS) return;
      // A read ahead no screen took (a taken one is its reader's now): the new one replaces it.
      if (earlier?.response) earlier.controller.abort();
      const controller = new AbortController();
      const init = {
        method: 'GET',
        headers: requestHeaders(token, false),
        signal: controller.signal,
        credentials: 'same-origin',
      } as const;
      const fetched = dependencies.fetch(`${API_BASE}${path}`, init);
      // The taker gets the answer once `onAnswer` has seen a copy of it: what `onAnswer` reads
      // ahead is then sent before the taker's code can ask for the same.
      const response = onAnswer ? fetched.then((answer) => withAnswerSeen(answer, onAnswer)) : fetched;
      response.catch(() => undefined);
      const ahead: ReadAhead = { token, startedAt: now, response, controller };
      readsAhead.set(path, ahead);
      setTimeout(() => {
        if (readsAhead.get(path) !== ahead) return;
        readsAhead.delete(path);
        if (ahead.response) controller.abort();
      }, dependencies.readAheadTakeMs ?? READ_AHEAD_TAKE_MS);
    },
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

/** Shows a 2xx JSON answer's body to `onAnswer` (a copy: the answer's own body stays unread), then answers it. */
async function withAnswerSeen(answer: Response, onAnswer: (body: unknown) => void): Promise<Response> {
  if (!answer.ok) return answer;
  const body = await readJsonBody(answer.clone());
  try {
    if (body !== undefined) onAnswer(body);
  } catch {
    // What follows is only read ahead: its reader asks for it anyway.
  }
  return answer;
}

/** Sends a request of the API (`path` under API_BASE), or takes the answer of one read ahead. */
type Send = (method: Method, path: string, init: RequestInit, token: string | null) => Promise<Response>;

function requestHeaders(token: string | null, hasJsonBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasJsonBody) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function sendRequest<S extends TSchema>(
  send: Send,
  dependencies: ApiClientDependencies,
  method: Method,
  path: string,
  responseSchema: S,
  options: RequestOptions = {},
): Promise<Static<S>> {
  const token = options.token === undefined ? dependencies.getToken() : options.token;
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : undefined;
  const headers = requestHeaders(token, options.body !== undefined && !form);

  let response: Response;
  try {
    response = await send(
      method,
      path,
      {
        method,
        headers,
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
        credentials: 'same-origin',
      },
      token,
    );
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
