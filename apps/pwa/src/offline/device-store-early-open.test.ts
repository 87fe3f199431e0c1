import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDeviceDb } from './device-db.ts';
import { DEVICE_DB_NAME, startOpeningDeviceStore } from './device-store-early-open.ts';

const deviceDbOn = (factory: IDBFactory) => createDeviceDb(DEVICE_DB_NAME, { indexedDB: factory, IDBKeyRange });

async function storeNames(factory: IDBFactory): Promise<string[]> {
  return (await factory.databases()).map((database) => database.name ?? '');
}

/**
 * Opens the store at `version`, answering whether the open had to wait on another connection,
 * and the `meta` row keyed `key` it then holds.
 */
function upgradeTo(factory: IDBFactory, version: number, key: string): Promise<{ wasBlocked: boolean; row: unknown }> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DEVICE_DB_NAME, version);
    // Held up by a connection left open: answered at once, for the assertion to tell.
    request.onblocked = () => resolve({ wasBlocked: true, row: undefined });
    request.onsuccess = () => {
      const read = request.result.transaction('meta').objectStore('meta').get(key);
      read.onsuccess = () => {
        request.result.close();
        resolve({ wasBlocked: false, row: read.result });
      };
    };
    request.onerror = () => reject(request.error ?? new Error('The upgrade failed'));
  });
}

test('on a device without the store, the early open leaves none behind; Dexie then creates it', async () => {
  const factory = new IDBFactory();
  await startOpeningDeviceStore(factory);
  assert.not.ok((await storeNames(factory)).includes(DEVICE_DB_NAME), 'no empty store was created');

  const db = deviceDbOn(factory);
  await db.meta.put({ key: 'probe', value: 'one' });
  assert.equal(await db.meta.get('probe'), { key: 'probe', value: 'one' });
  assert.ok(
    db.tables.some((table) => table.name === 'outbox'),
    'the store has its layout',
  );
  db.close();
});

test('on a device with the store, the early open lets go of it: an upgrade does not wait, nothing changes', async () => {
  const factory = new IDBFactory();
  const db = deviceDbOn(factory);
  await db.meta.put({ key: 'probe', value: 'seven' });
  const version = db.verno * 10;
  db.close();

  const early = startOpeningDeviceStore(factory);
  const upgrade = await upgradeTo(factory, version + 1, 'probe');
  await early;
  assert.is(upgrade.wasBlocked, false);
  assert.equal(upgrade.row, { key: 'probe', value: 'seven' });
});

test('when the browser refuses the open, it settles without throwing', async () => {
  let asked = 0;
  const refusing = {
    open() {
      asked += 1;
      throw new DOMException('refused', 'SecurityError');
    },
  } as unknown as IDBFactory;
  await startOpeningDeviceStore(refusing);
  assert.is(asked, 1);
});

test.run();
