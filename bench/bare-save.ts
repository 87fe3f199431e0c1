// The save's floor on this browser (issue 20's device-save row): a page with nothing of the app,
// no React and no Dexie, that does what a save must do and nothing else. On a tap of Save it
// opens one readwrite transaction over stores shaped as the device's (the cells with their three
// indexes and 5,000 rows, the outbox with its four, the judge's counts), reads the count and the
// cell, writes the cell, the outbox row and the count, and once the transaction has committed
// writes the new value into the row. Timed as the app's save is: from the click to the row's
// text showing the value.
//
// Why it exists: Chromium defers the transaction's answers after a tap until the next frame is
// drawn (the renderer gives the frame after an input priority), so no save that waits for its
// commit can show within a frame of the tap. The app's save is printed against this floor.
import type { Browser, BrowserContext, Page } from 'playwright-core';

// Secure (as the app's origin is): crypto.randomUUID needs it. Served by the route, never fetched.
const ORIGIN = 'https://bare-save.test';
const PAGE = `<!doctype html><meta charset="utf-8"><title>Bare save</title>
<table><tbody><tr aria-label="Row"><td>Row</td><td id="value">2.00</td></tr></tbody></table>
<button type="button">Save</button>`;

export interface SaveTimings {
  median: number;
  p95: number;
  samples: number;
}

/** `samples` saves on the bare page, after one untimed save; answers the click → row shown times. */
export async function benchBareSave(
  browser: Browser,
  storedScores: number,
  samples: number,
  percentile: (values: readonly number[], p: number) => number,
): Promise<SaveTimings> {
  const context = await browser.newContext();
  try {
    const page = await bareSavePage(context, storedScores);
    const timings: number[] = [];
    for (let sample = -1; sample < samples; sample += 1) {
      const value = sample % 2 === 0 ? '3.00' : '4.00';
      await page.evaluate(armSave, value);
      await page.getByRole('button', { name: 'Save' }).click();
      const ms = await page.evaluate(() => (window as unknown as { bareSave: Promise<number> }).bareSave);
      if (sample >= 0) timings.push(ms);
    }
    return { median: percentile(timings, 50), p95: percentile(timings, 95), samples: timings.length };
  } finally {
    await context.close();
  }
}

/** The bare page in `context`, its store holding `storedScores` cells, its Save ready. */
export async function bareSavePage(context: BrowserContext, storedScores: number): Promise<Page> {
  await context.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await page.evaluate(setUpStore, storedScores);
  return page;
}

/** In the page: the stores, `storedScores` cells, and the Save button's handler. */
async function setUpStore(storedScores: number): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('bare-save', 1);
    request.onupgradeneeded = () => {
      const created = request.result;
      const cells = created.createObjectStore('cells', { keyPath: 'key' });
      cells.createIndex('judgeEvent', ['judgeId', 'eventId']);
      cells.createIndex('judgeCategory', ['judgeId', 'categoryId']);
      cells.createIndex('sheet', ['judgeId', 'categoryId', 'sectionId', 'schoolId']);
      const outbox = created.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('id', 'id', { unique: true });
      outbox.createIndex('judgeStatusSeq', ['judgeId', 'status', 'seq']);
      outbox.createIndex('cellSeq', ['cellKey', 'seq']);
      outbox.createIndex('judgeKind', ['judgeId', 'kind']);
      created.createObjectStore('outboxCounts', { keyPath: 'judgeId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const cellOf = (index: number, score: number) => ({
    key: `subsection:1:1:1:${index % 60}:${index}`,
    kind: 'subsection',
    judgeId: 1,
    eventId: 1,
    categoryId: 1 + (index % 6),
    sectionId: 1 + (index % 8),
    schoolId: 1 + (index % 60),
    itemId: index,
    scoreId: crypto.randomUUID(),
    score,
    comments: null,
    photoSha256: null,
    pending: 0,
    rev: 1,
    updatedAt: new Date().toISOString(),
  });
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction('cells', 'readwrite');
    for (let index = 1; index <= storedScores; index += 1) transaction.objectStore('cells').put(cellOf(index, 1));
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  const state = window as unknown as { bareValue: string };
  document.querySelector('button')!.addEventListener('click', () => {
    const value = state.bareValue;
    const cell = { ...cellOf(0, Number(value)), pending: 1 };
    const transaction = db.transaction(['cells', 'outbox', 'outboxCounts'], 'readwrite');
    const counts = transaction.objectStore('outboxCounts');
    const reading = counts.get(1);
    reading.onsuccess = () => {
      const count = (reading.result as { pending: number } | undefined)?.pending ?? 0;
      counts.put({ judgeId: 1, pending: count + 1, rejected: 0 });
    };
    transaction.objectStore('cells').get(cell.key);
    transaction.objectStore('cells').put(cell);
    transaction.objectStore('outbox').add({
      id: crypto.randomUUID(),
      judgeId: 1,
      eventId: 1,
      status: 'pending',
      cellKey: cell.key,
      kind: 'subsection_score.put',
      data: { ...cell },
      createdAt: cell.updatedAt,
    });
    transaction.oncomplete = () => {
      document.getElementById('value')!.textContent = value;
    };
  });
}

/** In the page: the value the next save writes, and a promise of its click → row shown time. */
function armSave(value: string): void {
  const state = window as unknown as { bareValue: string; bareSave: Promise<number> };
  state.bareValue = value;
  state.bareSave = new Promise<number>((resolve) => {
    let started = 0;
    document.addEventListener('click', () => (started = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (started > 0 && document.getElementById('value')?.textContent === value) {
        observer.disconnect();
        resolve(performance.now() - started);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
