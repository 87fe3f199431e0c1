// WebKit's IndexedDB, as offline-sync.md "Device store" warns: photos and any binary data are
// stored as ArrayBuffer, never Blob (Safari fails on Blobs in IndexedDB); and on a lost database
// connection the app reopens and retries. (Killing WebKitNetworkProcess, where WebKitGTK keeps
// IndexedDB, ends the page and the WebDriver session here, so the connection is closed through
// the IDB API under the running app instead.)
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JUDGE_PASSWORD, mutationsOnServer } from '../e2e/pages/judge-server.ts';
import { makeJpeg } from './judge-webkit.ts';
import { waitUntil } from './harness.ts';
import { laneTest, pageScript, type LaneContext } from './lane.ts';

interface BinaryFinding {
  store: string;
  path: string;
  type: string;
}

/**
 * Runs in the page: every record of every store of the device database, walked for binary
 * values. Blobs (and Files) are listed apart; ArrayBuffers and typed arrays as `binary`.
 */
async function scanDeviceStoreInPage(): Promise<{
  blobs: BinaryFinding[];
  binary: BinaryFinding[];
  photos: { sha256: string; size: number; byteLength: number; head: number[]; digest: string }[];
  records: number;
}> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('judging-device');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const blobs: BinaryFinding[] = [];
  const binary: BinaryFinding[] = [];
  let records = 0;
  const walk = (store: string, value: unknown, path: string, depth: number) => {
    if (value === null || typeof value !== 'object' || depth > 8) return;
    const type = Object.prototype.toString.call(value).slice(8, -1);
    if (value instanceof Blob) {
      blobs.push({ store, path, type });
      return;
    }
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
      binary.push({ store, path, type });
      return;
    }
    for (const [key, child] of Object.entries(value)) walk(store, child, `${path}.${key}`, depth + 1);
  };
  const all: Record<string, unknown[]> = {};
  for (const store of Array.from(db.objectStoreNames)) {
    all[store] = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction(store, 'readonly').objectStore(store).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const [index, row] of (all[store] ?? []).entries()) {
      records += 1;
      walk(store, row, `${store}[${index}]`, 0);
    }
  }
  db.close();
  const photos = [];
  for (const row of (all.photos ?? []) as { sha256: string; size: number; bytes: ArrayBuffer }[]) {
    const isBuffer = row.bytes instanceof ArrayBuffer;
    const digest = isBuffer
      ? Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', row.bytes)), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join('')
      : '';
    photos.push({
      sha256: row.sha256,
      size: row.size,
      byteLength: isBuffer ? row.bytes.byteLength : -1,
      head: isBuffer ? Array.from(new Uint8Array(row.bytes, 0, 3)) : [],
      digest,
    });
  }
  return { blobs, binary, photos, records };
}

/** Runs in the page: does this engine store a Blob in IndexedDB? (A fact for the report, not a requirement.) */
async function probeBlobPutInPage(): Promise<string> {
  const name = `blob-probe-${Date.now()}`;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('s');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const outcome = await new Promise<string>((resolve) => {
    try {
      const transaction = db.transaction('s', 'readwrite');
      const request = transaction
        .objectStore('s')
        .put(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'k');
      transaction.oncomplete = () => resolve('stored');
      request.onerror = () => resolve(`the put failed: ${String(request.error)}`);
      transaction.onabort = () => resolve(`the transaction aborted: ${String(transaction.error)}`);
    } catch (error) {
      resolve(`threw: ${error instanceof Error ? `${error.name} ${error.message}` : String(error)}`);
    }
  });
  db.close();
  indexedDB.deleteDatabase(name);
  return outcome;
}

/** Logs in as a fresh judge and opens the first school's section sheet, online. */
async function openScoringSheet({ judge, api }: LaneContext, label: string) {
  const scenario = await api.createScenario(label);
  const [school] = scenario.schools;
  assert.ok(school, 'the scenario has a school');
  await judge.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await judge.chooseEvent(scenario.eventName);
  await judge.chooseCategory(scenario.categoryName);
  await judge.openSchool(school.schoolName);
  await judge.openSection(scenario.sectionName);
  return scenario;
}

laneTest('device store: photos and every binary value are ArrayBuffer, never Blob', async (context) => {
  const { browser, judge, note } = context;
  await openScoringSheet(context, 'wk-blob');
  note(`this engine's own IndexedDB put of a Blob: ${await browser.execute(probeBlobPutInPage)}`);
  const photoPath = await makeJpeg(browser, 'uniform', 40);
  await judge.scoreSubsection('Costing Accuracy', '8.25');
  await judge.addPenalty('Incomplete Uniform', { comments: 'No hat', photoPath });
  await judge.waitForPending(0, 30_000);

  const scan = await browser.execute(scanDeviceStoreInPage);
  assert.deepEqual(scan.blobs, [], `Blob values in IndexedDB: ${JSON.stringify(scan.blobs)}`);
  assert.equal(scan.photos.length, 1, 'the photo is on the device');
  const [photo] = scan.photos;
  assert.ok(photo && photo.byteLength > 0, `photo bytes are an ArrayBuffer (${JSON.stringify(scan.binary)})`);
  assert.equal(photo.byteLength, photo.size);
  assert.deepEqual(photo.head, [0xff, 0xd8, 0xff], 'a JPEG (the app re-encodes)');
  assert.equal(photo.digest, photo.sha256, 'the stored bytes are the ones hashed');
  assert.deepEqual(
    scan.binary.map((finding) => `${finding.path.replace(/\[\d+\]/, '[]')}:${finding.type}`),
    ['photos[].bytes:ArrayBuffer'],
  );
  note(
    `${scan.records} records scanned, binary values: ${scan.binary.map((item) => `${item.path} ${item.type}`).join(', ')}`,
  );
});

laneTest(
  'a photo WebKit cannot read shows the error alert; the score and comments are saved and sent',
  async (context) => {
    const { judge, note } = context;
    await openScoringSheet(context, 'wk-badphoto');
    // A camera file that is not a readable picture (a truncated JPEG).
    const brokenPath = path.join(tmpdir(), `broken-${process.pid}-${Date.now()}.jpg`);
    writeFileSync(brokenPath, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    await judge.addPenalty('Incomplete Uniform', { comments: 'No apron', photoPath: brokenPath });
    await judge.waitForText('The photo was not saved:', { within: "//*[@aria-label='Alerts']" });
    await judge.waitForRowText('Incomplete Uniform', 'No apron');
    await judge.waitForPending(0, 30_000);
    const device = await judge.readDevice();
    assert.deepEqual(
      device.cells.map((cell) => [cell.kind, cell.comments, cell.photoSha256]),
      [['penalty', 'No apron', null]],
    );
    assert.equal(device.photos.length, 0);
    note('the unreadable photo was reported; the penalty was saved and sent without it');
  },
);

/**
 * Runs in the page's own world: from now on the app's photo writes carry a Blob, which WebKit's
 * IndexedDB refuses ("Error preparing Blob/File data"): the failure the lane once saw pass
 * without an alert.
 */
function blobPhotoLab(): void {
  for (const method of ['add', 'put'] as const) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const row = value as { bytes?: unknown; mime?: string } | null;
      const changed =
        this.name === 'photos' && row && row.bytes instanceof ArrayBuffer
          ? { ...row, bytes: new Blob([row.bytes], { type: row.mime ?? 'image/jpeg' }) }
          : value;
      return key === undefined ? original.call(this, changed) : original.call(this, changed, key);
    };
  }
  // Every alert the app shows, kept (alerts close by themselves after 5 s).
  const seen: string[] = [];
  new MutationObserver(() => {
    for (const alert of document.querySelectorAll(
      '[aria-label="Alerts"] [role="alert"], [aria-label="Alerts"] [role="status"]',
    )) {
      const text = alert.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (text && !seen.includes(text)) seen.push(text);
    }
    document.documentElement.dataset.alertsSeen = JSON.stringify(seen);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  document.documentElement.dataset.blobLab = 'on';
}
const BLOB_PHOTO_LAB = pageScript('blob-photo-lab', `(${blobPhotoLab.toString()})();\n`);

laneTest(
  'a photo WebKit refuses to store (a Blob) shows the error alert; the score is saved and sent',
  async (context) => {
    const { browser, judge, note } = context;
    await openScoringSheet(context, 'wk-blobphoto');
    await browser.execute(
      (src: string) =>
        new Promise<void>((resolve, reject) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve();
          script.onerror = () => reject(new Error(`could not load ${src}`));
          document.head.append(script);
        }),
      BLOB_PHOTO_LAB,
    );
    const photoPath = await makeJpeg(browser, 'blobbed', 90);
    await judge.addPenalty('Incomplete Uniform', { comments: 'No hat', photoPath }).catch(async (error: unknown) => {
      const seen = await browser.execute(() => document.documentElement.dataset.alertsSeen ?? '[]');
      throw new Error(`${error instanceof Error ? error.message : String(error)}; alerts shown meanwhile: ${seen}`);
    });
    await judge.waitForText('The photo was not saved:', { within: "//*[@aria-label='Alerts']" });
    const alerts = await browser.execute(
      () => document.querySelector('[aria-label="Alerts"]')?.textContent?.replace(/\s+/g, ' ') ?? '',
    );
    note(`alerts: ${alerts}`);
    await judge.waitForPending(0, 30_000);
    const device = await judge.readDevice();
    assert.deepEqual(
      device.cells.map((cell) => [cell.kind, cell.comments, cell.photoSha256]),
      [['penalty', 'No hat', null]],
    );
    assert.equal(device.photos.length, 0);
  },
);

interface ConnectionLab {
  closesLeft: number;
  opens: number;
  warnings: string[];
}

/**
 * Runs in the page's own script world (served by `pageScript`): the app's device-database
 * connection is closed underneath it (IDBDatabase.close(), the real IDB API, so WebKit itself
 * refuses the next transaction) `data-closes` times in a row. Counts the app's reopens and its
 * warnings into `<html data-idb-lab>` for the test to read.
 */
function connectionLab(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const lab: ConnectionLab = { closesLeft: Number(script?.dataset.closes ?? 1), opens: 0, warnings: [] };
  const publish = () => {
    document.documentElement.dataset.idbLab = JSON.stringify(lab);
  };
  publish();
  // Dexie binds IDBDatabase.transaction at open, but asks each transaction for its stores:
  // close the app's connection (this.db) from there. The running transaction still completes
  // (IndexedDB lets it); the next one WebKit refuses with InvalidStateError.
  const objectStore = IDBTransaction.prototype.objectStore;
  const closed = new WeakSet<IDBDatabase>();
  IDBTransaction.prototype.objectStore = function (this: IDBTransaction, name: string) {
    if (this.db.name === 'judging-device' && lab.closesLeft > 0 && !closed.has(this.db)) {
      // Once per connection: each close after the first hits the connection the app reopened.
      closed.add(this.db);
      lab.closesLeft -= 1;
      this.db.close();
      publish();
    }
    return objectStore.call(this, name);
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    if (name === 'judging-device') {
      lab.opens += 1;
      publish();
    }
    return version === undefined ? open.call(this, name) : open.call(this, name, version);
  };
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => {
    lab.warnings.push(parts.map(String).join(' '));
    publish();
    warn.apply(console, parts);
  };
}
const CONNECTION_LAB = pageScript('connection-lab', `(${connectionLab.toString()})();\n`);

/** Loads the lab into the page's world (not WebDriver's isolated one) and waits for it. */
async function closeConnectionUnderApp(browser: LaneContext['browser'], closes: number): Promise<void> {
  await browser.execute(
    (src: string, count: number) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.dataset.closes = String(count);
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`could not load ${src}`));
        document.head.append(script);
      }),
    CONNECTION_LAB,
    closes,
  );
}

async function readLab(browser: LaneContext['browser']): Promise<ConnectionLab> {
  return JSON.parse(await browser.execute(() => document.documentElement.dataset.idbLab ?? '{}')) as ConnectionLab;
}

for (const closes of [1, 3]) {
  laneTest(
    `device store: the connection closed under the app ${closes}× in a row; the save reopens, retries and is sent once`,
    async (context) => {
      const { browser, judge, api, note } = context;
      const scenario = await openScoringSheet(context, `wk-lost${closes}`);
      await judge.scoreSubsection('Menu Design and Balance', '12.50');
      await judge.waitForPending(0, 30_000);

      await closeConnectionUnderApp(browser, closes);
      // The save's transaction finds the connection closed: the app must reopen and retry, not fail.
      await judge.scoreSubsection('Costing Accuracy', '8.25');
      await judge.waitForPending(0, 30_000);
      // The last close can land on the last transaction before the queue emptied; the next use
      // of the database must reopen it: a sync run (Sync now) is one.
      if ((await readLab(browser)).opens < closes) await judge.clickButton('Sync now');
      await waitUntil(
        'the app to reopen the database after the last close',
        async () => (await readLab(browser)).opens >= closes,
        10_000,
      ).catch(() => undefined);
      const lab = await readLab(browser);
      note(
        `connection closed ${closes - lab.closesLeft}×; reopened ${lab.opens}×; app warnings: ${[...new Set(lab.warnings)].join(' | ') || 'none'}`,
      );
      assert.equal(lab.closesLeft, 0, 'every planned close happened');
      assert.ok(lab.opens >= closes, `the app reopened the database after each close (${lab.opens})`);

      const { token } = await api.logIn(scenario.judge.email, JUDGE_PASSWORD);
      const cells = await api.readCells(scenario, token);
      const onDevice = await judge.readDevice();
      assert.deepEqual(
        [...cells.subsections.values()].map((cell) => cell.score).sort((a, b) => a - b),
        [8.25, 12.5],
        `on the server; the tablet says "${await judge.statusLine()}" and holds ${JSON.stringify({
          outbox: onDevice.outbox,
          cells: onDevice.cells.map((cell) => [cell.kind, cell.value, cell.pending]),
        })}`,
      );
      const recorded = mutationsOnServer(scenario.judge.judgeId);
      assert.equal(recorded.size, 2, 'each edit applied once');
      assert.ok([...recorded.values()].every((status) => status === 'applied'));
      const device = await judge.readDevice();
      assert.equal(device.outbox.length, 0);
      assert.equal(device.cells.filter((cell) => cell.kind === 'subsection' && cell.pending === 0).length, 2);
    },
  );
}
