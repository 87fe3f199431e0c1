// The sync protocol's calls (offline-sync.md "Server protocol"). Every call but the probe goes
// through the app's API client (photos as multipart), which reads the token when the request is
// sent and refuses any answer that is not our JSON (a captive portal's 200 HTML is an error,
// never an acknowledgement).
import {
  PROTOCOL_VERSION,
  PhotoUploadResponseSchema,
  PushResponseSchema,
  RunEventListSchema,
  SyncPullResponseSchema,
  SyncReferenceDataSchema,
  type PushMutation,
  type PushResponse,
  type SyncEvent,
  type SyncPullResponse,
  type SyncReferenceData,
} from '@judging/shared-types';
import type { ApiClient } from '../api/api-client.ts';
import { API_BASE } from '../api/api-client.ts';

/**
 * The calls a sync run makes take an optional `signal`: the runner aborts a request stuck on a
 * connection that never answers once the server answers a probe again, and sends it again.
 */
export interface SyncApi {
  fetchJudgeEvents(judgeId: number): Promise<SyncEvent[]>;
  fetchReferenceData(
    judgeId: number,
    eventId: number,
    deviceId?: string,
    signal?: AbortSignal,
  ): Promise<SyncReferenceData>;
  push(deviceId: string, mutations: PushMutation[], signal?: AbortSignal): Promise<PushResponse>;
  pull(eventId: number, cursor: number, deviceId: string, signal?: AbortSignal): Promise<SyncPullResponse>;
  uploadPhoto(
    photo: { sha256: string; mime: string; bytes: ArrayBuffer; capturedAt?: string | null },
    signal?: AbortSignal,
  ): Promise<void>;
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

/** The time limit, or the caller's abort, whichever comes first (by hand where AbortSignal.any is missing). */
export function timeLimitOr(ms: number, signal: AbortSignal | undefined): AbortSignal | undefined {
  const limit = timeLimit(ms);
  if (!signal) return limit;
  if (!limit) return signal;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([limit, signal]);
  const either = new AbortController();
  for (const source of [limit, signal]) {
    if (source.aborted) either.abort(source.reason);
    else source.addEventListener('abort', () => either.abort(source.reason), { once: true });
  }
  return either.signal;
}

export function createSyncApi(client: ApiClient, dependencies: { fetch: typeof fetch; now?: () => Date }): SyncApi {
  const now = dependencies.now ?? (() => new Date());
  return {
    fetchJudgeEvents: (judgeId) =>
      client.get(`/run/judge/${judgeId}`, RunEventListSchema, { signal: timeLimit(SYNC_TIMEOUTS_MS.read) }),
    fetchReferenceData: (judgeId, eventId, deviceId, signal) =>
      client.get(
        `/sync/judge/${judgeId}/event/${eventId}${deviceId ? `?deviceId=${encodeURIComponent(deviceId)}` : ''}`,
        SyncReferenceDataSchema,
        { signal: timeLimitOr(SYNC_TIMEOUTS_MS.read, signal) },
      ),
    push: (deviceId, mutations, signal) =>
      client.post(
        '/sync/push',
        {
          deviceId,
          protocolVersion: PROTOCOL_VERSION,
          mutations,
          // This tablet's clock as the push leaves: the server measures how far off it is (decisions §8).
          sentAt: now().toISOString(),
        },
        PushResponseSchema,
        { signal: timeLimitOr(SYNC_TIMEOUTS_MS.push, signal) },
      ),
    pull: (eventId, cursor, deviceId, signal) =>
      client.get(
        `/sync/pull?eventId=${eventId}&cursor=${cursor}&deviceId=${encodeURIComponent(deviceId)}`,
        SyncPullResponseSchema,
        { signal: timeLimitOr(SYNC_TIMEOUTS_MS.read, signal) },
      ),
    uploadPhoto: async (photo, signal) => {
      await uploadPhoto(client, photo, signal);
    },
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
function uploadPhoto(
  client: ApiClient,
  photo: { sha256: string; mime: string; bytes: ArrayBuffer; capturedAt?: string | null },
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const form = new FormData();
  if (photo.capturedAt) form.append('capturedAt', photo.capturedAt);
  form.append('file', new Blob([photo.bytes], { type: photo.mime }), `${photo.sha256}.jpg`);
  return client.multipart('PUT', `/sync/photos/${photo.sha256}`, form, PhotoUploadResponseSchema, {
    signal: timeLimitOr(SYNC_TIMEOUTS_MS.photo, signal),
  });
}
