// Rows put straight into a page's IndexedDB store (the benches' stored scores and queues), in
// one transaction, from the page's own world: the rows travel as JSON.
import type { BarePage } from './bare-chromium.ts';
import type { BenchScenario } from './bench-server.ts';

export async function putRowsInPage(
  page: Pick<BarePage, 'evaluate'>,
  database: string,
  store: string,
  rows: readonly unknown[],
): Promise<void> {
  await page.evaluate(
    async ({ database, store, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction(store, 'readwrite');
        for (const row of rows) transaction.objectStore(store).put(row);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    },
    { database, store, rows },
  );
}

/** `count` earlier scores of the judge's other sheets (sections and schools the scenario lacks), as device cells. */
export function otherSheetsScores(scenario: BenchScenario, count: number): unknown[] {
  const { judgeId, eventId, categoryId } = scenario;
  return Array.from({ length: count }, (_, index) => {
    const place = {
      kind: 'subsection',
      judgeId,
      categoryId,
      sectionId: 900_000 + Math.floor(index / 50),
      schoolId: 800_000 + (index % 50),
      itemId: 1,
    };
    return {
      key: `${place.kind}:${place.judgeId}:${place.categoryId}:${place.sectionId}:${place.schoolId}:${place.itemId}`,
      ...place,
      eventId,
      scoreId: `0190e2c0-0000-7000-8000-${String(index).padStart(12, '0')}`,
      value: 5,
      comments: null,
      photoSha256: null,
      pending: 0,
      rev: 1,
      updatedAt: new Date().toISOString(),
    };
  });
}
