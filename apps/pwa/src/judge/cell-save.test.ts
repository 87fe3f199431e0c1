import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, createDeviceDb, type CellRow, type DeviceDb } from '../offline/device-db.ts';
import type { PreparedPhoto } from '../offline/photo-store.ts';
import { photoFailureMessage, saveCellWithPhoto, type CellSaveDependencies } from './cell-save.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const OLD_PHOTO = 'ab'.repeat(32);
const NEW_PHOTO = 'cd'.repeat(32);
let dbCounter = 0;

const cell = {
  kind: CellKind.Penalty,
  judgeId: 5,
  eventId: 1,
  categoryId: 2,
  sectionId: 3,
  schoolId: 4,
  itemId: 7,
  value: 1.5,
  comments: 'Ran over by a minute',
};

const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const prepared: PreparedPhoto = { sha256: NEW_PHOTO, mime: 'image/jpeg', bytes: new ArrayBuffer(3), size: 3 };

/** A busy CI machine can take longer than a short limit to store a real photo: only the hang test waits briefly. */
function depsFor(
  db: DeviceDb,
  preparePhoto: (file: Blob) => Promise<PreparedPhoto>,
  photoLimitMs = 10_000,
): CellSaveDependencies {
  return { db, preparePhoto, now: () => NOW, photoLimitMs };
}

/** A cell already on the device, with a photo. */
async function existingCell(db: DeviceDb): Promise<CellRow> {
  await saveCellWithPhoto(
    depsFor(db, async () => ({ ...prepared, sha256: OLD_PHOTO })),
    cell,
    {
      file,
      existing: undefined,
    },
    'first',
  );
  const [stored] = await db.cells.toArray();
  if (!stored) throw new Error('expected a cell');
  return stored;
}

async function stateOf(db: DeviceDb) {
  const [stored] = await db.cells.toArray();
  const outbox = await db.outbox.toArray();
  return {
    value: stored?.value,
    comments: stored?.comments,
    photo: stored?.photoSha256,
    queued: outbox.map((row) => (row.data as { photoSha256: unknown }).photoSha256),
  };
}

test('a new photo is stored, and the saved cell and its queued edit refer to it', async () => {
  const db = createDeviceDb(`cell-save-${++dbCounter}`);
  const existing = await existingCell(db);
  const result = await saveCellWithPhoto(
    depsFor(db, async () => prepared),
    { ...cell, value: 2 },
    { file, existing },
    'second',
  );
  assert.is(result.photoFailure, null);
  assert.equal(await stateOf(db), {
    value: 2,
    comments: cell.comments,
    photo: NEW_PHOTO,
    queued: [OLD_PHOTO, NEW_PHOTO],
  });
  assert.ok(await db.photos.get(NEW_PHOTO));
});

test('a photo that cannot be read: the score and comments are saved with the current photo; the reason comes back', async () => {
  const db = createDeviceDb(`cell-save-${++dbCounter}`);
  const existing = await existingCell(db);
  const result = await saveCellWithPhoto(
    depsFor(db, async () => {
      throw new Error('The photo could not be read. Take it again, or choose another picture.');
    }),
    { ...cell, value: 2, comments: 'Two minutes over' },
    { file, existing },
    'second',
  );
  assert.is(result.photoFailure, 'The photo could not be read. Take it again, or choose another picture.');
  assert.equal(await stateOf(db), {
    value: 2,
    comments: 'Two minutes over',
    photo: OLD_PHOTO,
    queued: [OLD_PHOTO, OLD_PHOTO],
  });
  assert.is(await db.photos.get(NEW_PHOTO), undefined);
  assert.match(
    photoFailureMessage(result.photoFailure ?? ''),
    /^The photo was not saved: .+ The score and comments are saved; add the photo again\.$/,
  );
});

test('a photo the device store refuses (as WebKit refuses a Blob) still saves the score, with a reason', async () => {
  const db = createDeviceDb(`cell-save-${++dbCounter}`);
  const unstorable = { ...prepared, bytes: (() => 0) as unknown as ArrayBuffer };
  const result = await saveCellWithPhoto(
    depsFor(db, async () => unstorable),
    cell,
    { file, existing: undefined },
    'first',
  );
  assert.ok(result.photoFailure && result.photoFailure.length > 0);
  assert.equal(await stateOf(db), { value: cell.value, comments: cell.comments, photo: null, queued: [null] });
  assert.is(await db.photos.count(), 0);
});

test('a photo that never finishes (a hung decode or write) is given up on; the score is saved', async () => {
  const db = createDeviceDb(`cell-save-${++dbCounter}`);
  const result = await saveCellWithPhoto(
    depsFor(db, () => new Promise<PreparedPhoto>(() => undefined), 50),
    cell,
    { file, existing: undefined },
    'first',
  );
  assert.is(result.photoFailure, 'Preparing the photo took too long.');
  assert.equal(await stateOf(db), { value: cell.value, comments: cell.comments, photo: null, queued: [null] });
});

test('an error without words still gives the judge a reason', async () => {
  const db = createDeviceDb(`cell-save-${++dbCounter}`);
  const result = await saveCellWithPhoto(
    depsFor(db, async () => {
      throw new DOMException('', 'UnknownError');
    }),
    cell,
    { file, existing: undefined },
    'first',
  );
  assert.is(result.photoFailure, 'The photo could not be saved on this tablet.');
  assert.is(await db.outbox.count(), 1);
});

test.run();
