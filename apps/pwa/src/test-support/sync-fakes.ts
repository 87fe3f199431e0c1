// The sync runner's tests' fakes: a server answering pushes as told, a judge's queue, the
// browser's window and document, and a wait on what the runner does (never a fixed sleep).
import { type PushMutation, type PushResponse, type SyncPullResponse } from '@judging/shared-types';
import { CellKind, createDeviceDb, type DeviceDb } from '../offline/device-db.ts';
import { saveCell } from '../offline/outbox.ts';
import { savePhoto } from '../offline/photo-store.ts';
import type { SyncApi } from '../offline/sync-api.ts';
import { createSyncRunner, type SyncRunnerDependencies, type SyncSession } from '../offline/sync-runner.ts';
import type { createFakeTimers } from '../support/fake-timers.ts';
import { testCell } from './cells.ts';

export const NOW = '2026-03-01T12:00:00.000Z';
let dbCounter = 0;

/** A fresh device database of its own. */
export const newDeviceDb = () => createDeviceDb(`runner-${++dbCounter}`);

export /** A server that answers pushes as told and records what it was sent. */
function fakeApi(
  answer: (mutations: PushMutation[], signal?: AbortSignal) => Promise<PushResponse>,
  upload: (sha256: string, signal?: AbortSignal) => Promise<void> = async () => undefined,
  probe: () => Promise<boolean> = async () => true,
) {
  const calls: string[] = [];
  const pushed: PushMutation[][] = [];
  const api: SyncApi = {
    fetchJudgeEvents: async () => [],
    fetchReferenceData: async () => {
      throw new Error('not used');
    },
    push: async (_deviceId, mutations, signal) => {
      calls.push('push');
      pushed.push(mutations);
      return answer(mutations, signal);
    },
    pull: async (): Promise<SyncPullResponse> => {
      calls.push('pull');
      return { changes: [], cursor: 0, hasMore: false, serverTime: NOW };
    },
    uploadPhoto: async (photo, signal) => {
      calls.push(`photo:${photo.sha256.slice(0, 4)}`);
      await upload(photo.sha256, signal);
    },
    probe: () => probe(),
  };
  return { api, calls, pushed };
}

export const applyAll = async (mutations: PushMutation[]): Promise<PushResponse> => ({
  results: mutations.map((mutation) => ({ id: mutation.id, status: 'applied' as const, rev: 1 })),
  cursor: 1,
});

export async function seed(db: DeviceDb, judgeId: number, count: number) {
  for (let index = 0; index < count; index += 1) {
    await saveCell(
      db,
      {
        kind: CellKind.Subsection,
        judgeId,
        eventId: 1,
        categoryId: 2,
        sectionId: 3,
        schoolId: 4,
        itemId: 100 + index,
        value: 5,
        comments: null,
        photoSha256: null,
      },
      `#${index}`,
      NOW,
    );
  }
}

export function runnerFor(
  db: DeviceDb,
  api: SyncApi,
  session: () => SyncSession | null,
  overrides: Partial<SyncRunnerDependencies> = {},
) {
  return createSyncRunner({ db, api, getSession: session, isBrowserOnline: () => true, random: () => 0, ...overrides });
}

export const judge = (userId: number, token = `token-${userId}`): SyncSession => ({ userId, role: 'JUDGE', token });

/** The browser's window and document, as far as the runner's triggers use them. */
export function fakeBrowser() {
  const globals = globalThis as unknown as { window?: EventTarget; document?: EventTarget };
  const saved = { window: globals.window, document: globals.document };
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  globals.window = window;
  globals.document = document;
  return {
    window,
    document,
    restore() {
      globals.window = saved.window;
      globals.document = saved.document;
    },
  };
}

/**
 * Resolves once `condition` holds (checked after each turn of the event loop, the fake database's
 * and the runner's work included); fails after `timeoutMs` saying what it waited for.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 2000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * A request on a connection that never answers: it settles only when its signal aborts (as
 * fetch does, with an AbortError), else never.
 */
export function hangUntilAborted<T>(signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), {
      once: true,
    });
  });
}

export const BIG = 'cd'.repeat(32);
export const SMALL = 'ab'.repeat(32);

export async function saveWithPhoto(db: DeviceDb, judgeId: number, itemId: number, sha256: string) {
  await savePhoto(db, judgeId, { sha256, mime: 'image/jpeg', bytes: new ArrayBuffer(4), size: 4 }, NOW);
  return saveCell(
    db,
    testCell({ kind: CellKind.Penalty, judgeId, itemId, value: 1, photoSha256: sha256 }),
    `penalty #${itemId}`,
    NOW,
  );
}

/** Lets the fake database and the runner's promises run (they wait on real macrotasks). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 4));

/** Lets the runner's async work run, the fake clock standing still, until `isDone` (or 5 s of real time). */
export async function settle(isDone: () => boolean): Promise<void> {
  const giveUpAt = Date.now() + 5000;
  while (!isDone() && Date.now() < giveUpAt) await tick();
}

/** Advances the fake clock `ms` in small steps, letting the runner's async work run between them. */
export async function runFor(timers: ReturnType<typeof createFakeTimers>, ms: number, step = 100) {
  for (let spent = 0; spent < ms; spent += step) {
    timers.advance(step);
    await tick();
    await tick();
  }
}
