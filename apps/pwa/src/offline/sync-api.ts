// The sync protocol's calls (offline-sync.md "Server protocol"). JSON calls go through the app's
// API client, which reads the token when the request is sent and refuses any answer that is
// not our JSON (a captive portal's 200 HTML is an error, never an acknowledgement).
import {
  PROTOCOL_VERSION,
  PhotoUploadResponseSchema,
  PushResponseSchema,
  RunEventListSchema,
  SyncPullResponseSchema,
  SyncReferenceDataSchema,
  validate,
  type PushMutation,
  type PushResponse,
  type SyncEvent,
  type SyncPullResponse,
  type SyncReferenceData,
} from '@judging/shared-types';
import type { ApiClient } from '../api/api-client.ts';
import { API_BASE } from '../api/api-client.ts';
import { ApiError, ClientErrorCode, isApiErrorBody, parseRetryAfter } from '../api/api-error.ts';

export interface SyncApi {
  fetchJudgeEvents(judgeId: number): Promise<SyncEvent[]>;
  fetchReferenceData(judgeId: number, eventId: number, deviceId?: string): Promise<SyncReferenceData>;
  /** `after`: the last mutation of the push sent just before, when its answer has not arrived yet. */
  push(deviceId: string, mutations: PushMutation[], after?: string): Promise<PushResponse>;
  pull(eventId: number, cursor: number, deviceId: string): Promise<SyncPullResponse>;
  uploadPhoto(photo: { sha256: string; mime: string; bytes: ArrayBuffer; capturedAt?: string | null }): Promise<void>;
  /** True when the server answers `HEAD /api/health` (our JSON headers) within `PROBE_TIMEOUT_MS`. */
  probe(): Promise<boolean>;
}

/** Time limits per call: a request hanging on a dead venue uplink fails and is retried, rather than holding the queue. */
export const SYNC_TIMEOUTS_MS = { read: 30_000, push: 60_000, photo: 120_000 } as const;
/**
 * A probe not answered in 2 s says "can't reach the server": on a venue's network the server
 * answers a HEAD in milliseconds, and the status must turn within 5 s of the server going away.
 */
export const PROBE_TIMEOUT_MS = 2000;

/** A signal that aborts after `ms` (none where the browser lacks AbortSignal.timeout). */
function timeLimit(ms: number): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function'
    ? AbortSignal.timeout(ms)
    : undefined;
}

export function createSyncApi(
  client: ApiClient,
  dependencies: { fetch: typeof fetch; getToken(): string | null; now?: () => Date },
): SyncApi {
  const now = dependencies.now ?? (() => new Date());
  return {
    fetchJudgeEvents: (judgeId) =>
      client.get(`/run/judge/${judgeId}`, RunEventListSchema, { signal: timeLimit(SYNC_TIMEOUTS_MS.read) }),
    fetchReferenceData: (judgeId, eventId, deviceId) =>
      client.get(
        `/sync/judge/${judgeId}/event/${eventId}${deviceId ? `?deviceId=${encodeURIComponent(deviceId)}` : ''}`,
        SyncReferenceDataSchema,
        { signal: timeLimit(SYNC_TIMEOUTS_MS.read) },
      ),
    push: (deviceId, mutations, after) =>
      client.post(
        '/sync/push',
        {
          deviceId,
          protocolVersion: PROTOCOL_VERSION,
          mutations,
          ...(after === undefined ? {} : { after }),
          // This tablet's clock as the push leaves: the server measures how far off it is (decisions §8).
          sentAt: now().toISOString(),
        },
        PushResponseSchema,
        { signal: timeLimit(SYNC_TIMEOUTS_MS.push) },
      ),
    pull: (eventId, cursor, deviceId) =>
      client.get(
        `/sync/pull?eventId=${eventId}&cursor=${cursor}&deviceId=${encodeURIComponent(deviceId)}`,
        SyncPullResponseSchema,
        { signal: timeLimit(SYNC_TIMEOUTS_MS.read) },
      ),
    uploadPhoto: (photo) => uploadPhoto(dependencies, photo),
    probe: () => probeServer(dependencies),
  };
}

/**
 * HEAD /api/health: headers only, no body, no token. Answered means our server answered (a
 * JSON content type): a portal's or a proxy's page does not count.
 */
async function probeServer(dependencies: { fetch: typeof fetch }): Promise<boolean> {
  try {
    const response = await dependencies.fetch(`${API_BASE}/health`, {
      method: 'HEAD',
      cache: 'no-store',
      credentials: 'omit',
      signal: timeLimit(PROBE_TIMEOUT_MS),
    });
    return response.ok && (response.headers.get('content-type') ?? '').toLowerCase().includes('json');
  } catch {
    return false;
  }
}

/**
 * PUT /api/sync/photos/{sha256}, multipart with one image and, before it, the time it was
 * taken; 200 and 201 both mean the server has it.
 */
async function uploadPhoto(
  dependencies: { fetch: typeof fetch; getToken(): string | null },
  photo: { sha256: string; mime: string; bytes: ArrayBuffer; capturedAt?: string | null },
): Promise<void> {
  const form = new FormData();
  if (photo.capturedAt) form.append('capturedAt', photo.capturedAt);
  form.append('file', new Blob([photo.bytes], { type: photo.mime }), `${photo.sha256}.jpg`);
  const token = dependencies.getToken();
  let response: Response;
  try {
    response = await dependencies.fetch(`${API_BASE}/sync/photos/${photo.sha256}`, {
      method: 'PUT',
      body: form,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      signal: timeLimit(SYNC_TIMEOUTS_MS.photo),
    });
  } catch {
    throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
  }
  const isJson = (response.headers.get('content-type') ?? '').toLowerCase().includes('json');
  const body: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (response.ok) {
    if (body === undefined || !validate(PhotoUploadResponseSchema, body).ok) {
      throw new ApiError(
        response.status,
        ClientErrorCode.InvalidResponse,
        'The server answered with something other than our JSON.',
      );
    }
    return;
  }
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  if (isApiErrorBody(body)) throw new ApiError(response.status, body.code, body.message, [], { retryAfterSeconds });
  throw new ApiError(response.status, ClientErrorCode.Http, `Server returned code: ${response.status}`, [], {
    retryAfterSeconds,
  });
}
