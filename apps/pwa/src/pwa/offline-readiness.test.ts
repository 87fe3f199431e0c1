import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  LOW_FREE_BYTES,
  ReadinessAdvice,
  WorkerState,
  isReadyForOffline,
  readinessAdvice,
  missingFromPrecache,
  photoStatus,
  precacheCacheKey,
  type OfflineReadinessInputs,
} from './offline-readiness.ts';

const scope = 'https://scores.example/';

test('workbox keys: hashed files by URL, others with their revision', () => {
  assert.is(precacheCacheKey({ url: 'assets/app-1a2b.js', revision: null }, scope), `${scope}assets/app-1a2b.js`);
  assert.is(precacheCacheKey({ url: 'index.html', revision: 'abc' }, scope), `${scope}index.html?__WB_REVISION__=abc`);
});

test('a precache entry is missing when Cache Storage lacks its exact key (an older revision does not count)', () => {
  const manifest = [
    { url: 'assets/app-1a2b.js', revision: null },
    { url: 'index.html', revision: 'new' },
    { url: 'favicon.svg', revision: 'f1' },
  ];
  const cached = new Set([
    `${scope}assets/app-1a2b.js`,
    `${scope}index.html?__WB_REVISION__=old`,
    `${scope}favicon.svg?__WB_REVISION__=f1`,
  ]);
  assert.equal(missingFromPrecache(manifest, cached, scope), [{ url: 'index.html', revision: 'new' }]);
});

test('photos: unsent ones missing from the tablet are lost, sent ones open online', () => {
  const onTablet = new Set(['a', 'b']);
  const status = photoStatus(
    [
      { photoSha256: 'a', pending: 1 },
      { photoSha256: 'x', pending: 1 },
      { photoSha256: 'b', pending: 0 },
      { photoSha256: 'y', pending: 0 },
      { photoSha256: 'y', pending: 0 },
      { photoSha256: null, pending: 1 },
    ],
    (sha256) => onTablet.has(sha256),
  );
  assert.equal(status, { referenced: 4, missingUnsent: 1, onlineOnly: 1 });
});

const ready: OfflineReadinessInputs = {
  worker: WorkerState.Active,
  precache: { expected: 120, missing: 0 },
  hasEventData: true,
  photos: { referenced: 2, missingUnsent: 0, onlineOnly: 1 },
};

test('ready only when the worker is active, the precache complete, the event and unsent photos on the tablet', () => {
  assert.is(isReadyForOffline(ready), true);
  assert.is(isReadyForOffline({ ...ready, worker: WorkerState.Installing }), false);
  assert.is(isReadyForOffline({ ...ready, worker: WorkerState.Unsupported }), false);
  assert.is(isReadyForOffline({ ...ready, precache: null }), false);
  assert.is(isReadyForOffline({ ...ready, precache: { expected: 120, missing: 3 } }), false);
  assert.is(isReadyForOffline({ ...ready, precache: { expected: 0, missing: 0 } }), false);
  assert.is(isReadyForOffline({ ...ready, hasEventData: false }), false);
  assert.is(isReadyForOffline({ ...ready, photos: null }), false);
  assert.is(isReadyForOffline({ ...ready, photos: { referenced: 2, missingUnsent: 1, onlineOnly: 0 } }), false);
});

test('advice applies only for what is known to need it', () => {
  const safe = { isPersisted: true, freeBytes: LOW_FREE_BYTES + 1, isLoginValidThroughEvent: true };
  assert.equal(readinessAdvice(safe), []);
  assert.equal(readinessAdvice({ isPersisted: null, freeBytes: null, isLoginValidThroughEvent: null }), []);
  assert.equal(readinessAdvice({ ...safe, isPersisted: false }), [ReadinessAdvice.Storage]);
  assert.equal(readinessAdvice({ ...safe, freeBytes: LOW_FREE_BYTES }), [ReadinessAdvice.FreeSpace]);
  assert.equal(readinessAdvice({ ...safe, isLoginValidThroughEvent: false }), [ReadinessAdvice.Login]);
});

test.run();
