// A photo the server will never take from this judge (403 PHOTO_NOT_ALLOWED: no assignment in an
// event that is not closed; decisions §9, the sync contract): waiting for it would hold its
// edits for ever, so they go without it. The score, penalty or disqualification reaches the
// server (which then judges the edit on its own: accepted, or refused with its real reason),
// and the photo stays on this tablet, listed in "needs attention" with the server's reason
// until the judge dismisses the notice.
import { OutboxStatus, withReopen, type DeviceDb } from './device-db.ts';
import { createUuidV7 } from './uuid-v7.ts';

/** A photo the server refused for good whose edits were sent without it. */
export interface RefusedPhotoNotice {
  sha256: string;
  /** The server's reason. */
  reason: string;
  /** What the edits that named it were (their "needs attention" labels). */
  labels: string[];
  refusedAt: string;
}

const noticeKey = (judgeId: number) => `refusedPhotos:${judgeId}`;

/** The judge's refused-photo notices, oldest first (a small list kept in the meta store). */
export async function listRefusedPhotoNotices(db: DeviceDb, judgeId: number): Promise<RefusedPhotoNotice[]> {
  const row = await db.meta.get(noticeKey(judgeId));
  return row ? (JSON.parse(row.value) as RefusedPhotoNotice[]) : [];
}

/**
 * Marks the photo refused and takes it out of the judge's pending edits that name it, in one
 * transaction: each such edit keeps its place in the queue and gets a new mutation id (the
 * server may have seen the old id with the photo), and its cell drops the photo, as the server
 * will hold it. Returns how many edits now go without it.
 */
export async function sendEditsWithoutPhoto(
  db: DeviceDb,
  judgeId: number,
  sha256: string,
  reason: string,
  now: string,
): Promise<number> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.cells, db.photos, db.meta, async () => {
      await db.photos.update(sha256, {
        awaitingUpload: 0,
        uploadedAt: null,
        refusedAt: now,
        refusal: reason,
        retryAt: null,
        waitReason: null,
      });
      const edits = await db.outbox
        .where('[judgeId+status+seq]')
        .between([judgeId, OutboxStatus.Pending, -Infinity], [judgeId, OutboxStatus.Pending, Infinity])
        .filter((row) => row.data.photoSha256 === sha256)
        .toArray();
      const time = Date.parse(now) || Date.now();
      for (const edit of edits) {
        if (edit.seq === undefined) continue;
        await db.outbox.update(edit.seq, { id: createUuidV7(time), data: { ...edit.data, photoSha256: null } });
        if (edit.cellKey) {
          const cell = await db.cells.get(edit.cellKey);
          if (cell?.photoSha256 === sha256) await db.cells.update(edit.cellKey, { photoSha256: null });
        }
      }
      const notices = (await listRefusedPhotoNotices(db, judgeId)).filter((notice) => notice.sha256 !== sha256);
      notices.push({ sha256, reason, labels: edits.map((edit) => edit.label), refusedAt: now });
      await db.meta.put({ key: noticeKey(judgeId), value: JSON.stringify(notices) });
      return edits.length;
    }),
  );
}

/** The judge has read the notice: it leaves the list (the photo itself stays on the tablet). */
export async function dismissRefusedPhoto(db: DeviceDb, judgeId: number, sha256: string): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', db.meta, async () => {
      const notices = await listRefusedPhotoNotices(db, judgeId);
      const kept = notices.filter((notice) => notice.sha256 !== sha256);
      if (kept.length === 0) await db.meta.delete(noticeKey(judgeId));
      else await db.meta.put({ key: noticeKey(judgeId), value: JSON.stringify(kept) });
    }),
  );
}
