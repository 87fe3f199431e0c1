// Where the judge screens get their data. The logged-in judge's own screens read the device
// store first (they work offline once the event was downloaded) and refresh it in the
// background when online; a coordinator viewing a judge (read only) reads the server.
import { Messages, MutationKind, Role, hasRole, type SessionUser, type SyncEvent } from '@judging/shared-types';
import Dexie from 'dexie';
import { startTransition, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isApiError } from '../api/api-error.ts';
import {
  CellKind,
  OutboxStatus,
  cellKeyPrefix,
  withReopen,
  type CellRow,
  type EventDataRow,
  type OutboxRow,
} from '../offline/device-db.ts';
import { deviceDb, syncApi, syncRunner } from '../offline/device.ts';
import { afterFirstScreen } from '../support/when-idle.ts';
import { referenceCells, storeJudgeEvents, toEventDataRow } from '../offline/device-store.ts';
import { useLiveQuery } from '../offline/use-live-query.ts';
import {
  createCommittedSaves,
  isSameLiveRows,
  withCommittedSaves,
  type CommittedSave,
  type LiveRows,
} from './committed-saves.ts';
import { createPrimedRows } from './primed-rows.ts';

/** One judge's event as the screens read it. */
export interface JudgeEventSnapshot {
  eventData: EventDataRow;
  cells: CellRow[];
  /**
   * The judge's queued edits this screen needs (pending and rejected), in seq order: a sheet's
   * cell edits and the event's submits; the event's screens, its submits and removals.
   */
  outbox: OutboxRow[];
  /** The logged-in judge's own sheet: editable. A coordinator's view is read only. */
  isOwn: boolean;
}

export type JudgeEventLoad =
  | { status: 'device' }
  | { status: 'remote'; snapshot: JudgeEventSnapshot }
  /** The server could not be reached: the event may well be the judge's, so only the connection is blamed. */
  | { status: 'unavailable'; message: string }
  /** The server answered that the event is not the judge's, or does not exist: the screen says so and returns to the dashboard. */
  | { status: 'refused'; message: string };

const refused: JudgeEventLoad = { status: 'refused', message: Messages.notJudgesEvent };

/** The server answered no (not this judge's, another state's, no such event): no connection would change that. */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 403 || error.status === 404);
}

/** True when the user scores as this judge on this device (not a coordinator's view). */
export function isOwnJudge(user: SessionUser | null | undefined, judgeId: number): boolean {
  return user !== null && user !== undefined && user.userId === judgeId && hasRole(user.role, [Role.Judge]);
}

/** The judge's events: the device's list at once (refreshed in the background), else the server's. */
export async function loadJudgeEvents(
  user: SessionUser,
  judgeId: number,
): Promise<{ events: SyncEvent[] | null; message?: string }> {
  if (!isOwnJudge(user, judgeId)) {
    try {
      return { events: await syncApi.fetchJudgeEvents(judgeId) };
    } catch {
      return { events: null, message: 'The events could not be loaded. Check the connection and try again.' };
    }
  }
  const stored = await withReopen(deviceDb, () => deviceDb.judgeEvents.get(judgeId));
  const refresh = syncApi
    .fetchJudgeEvents(judgeId)
    .then((events) => storeJudgeEvents(deviceDb, judgeId, events, new Date().toISOString()).then(() => events));
  if (stored) {
    refresh.catch(() => undefined);
    return { events: stored.events };
  }
  try {
    return { events: await refresh };
  } catch {
    return { events: null, message: 'Connect once to download your events; after that this screen works offline.' };
  }
}

/** The sheet rows the scoring route's loader read, for the page's first render (primed-rows.ts). */
const primedRows = createPrimedRows();

/**
 * Loads an event for the screens: from the device (downloading it first if it is not there yet)
 * or, for a coordinator, from the server. With a sheet, the device's rows of that sheet are read
 * too, for the screen's first render (`primedRows`).
 */
export async function loadJudgeEvent(
  user: SessionUser,
  judgeId: number,
  eventId: number,
  sheet?: SheetScope,
): Promise<JudgeEventLoad> {
  if (!isOwnJudge(user, judgeId)) {
    try {
      const data = await syncApi.fetchReferenceData(judgeId, eventId);
      const now = new Date().toISOString();
      return {
        status: 'remote',
        snapshot: { eventData: toEventDataRow(data, now), cells: referenceCells(data), outbox: [], isOwn: false },
      };
    } catch (error) {
      if (isRefusal(error)) return refused;
      return { status: 'unavailable', message: 'This judge’s scores could not be loaded. Check the connection.' };
    }
  }
  const [stored, rows] = await Promise.all([
    withReopen(deviceDb, () => deviceDb.eventData.get([judgeId, eventId])),
    sheet ? readDeviceRows(judgeId, eventId, sheet).catch(() => undefined) : undefined,
  ]);
  if (stored && rows) primedRows.put({ judgeId, eventId, sheet }, { eventData: stored, rows });
  if (stored) {
    // After the screen is drawn: a sync's transactions would hold up its first reads.
    afterFirstScreen(() => void syncRunner.syncWhenDue('open'));
    return { status: 'device' };
  }
  try {
    // The seed's rule: an event that is not in the judge's events is refused, and never
    // downloaded (the server would hand a same-state event over with no categories in it).
    const events = await syncApi.fetchJudgeEvents(judgeId);
    if (!events.some((event) => event.eventId === eventId)) return refused;
    await syncRunner.downloadEvent(judgeId, eventId);
    return { status: 'device' };
  } catch (error) {
    if (isRefusal(error)) return refused;
    return {
      status: 'unavailable',
      message: 'This event is not on this tablet yet. Connect to the internet and open it once to download it.',
    };
  }
}

/** Narrows the cells read to one sheet (school × section): the scoring screen's saves stay cheap however many scores the device holds. */
export interface SheetScope {
  categoryId: number;
  sectionId: number;
  schoolId: number;
}

/** Saves committed on this device, shown before the live queries read them back. */
export const committedSaves = createCommittedSaves();

/** The event's reference data on the device: re-read only when it changes (a download or pull), not on every save. */
function useDeviceEventData(
  judgeId: number,
  eventId: number,
  enabled: boolean,
  initial: { value: EventDataRow } | undefined,
) {
  return useLiveQuery(
    async () => {
      if (!enabled) return null;
      return (await deviceDb.eventData.get([judgeId, eventId])) ?? null;
    },
    [judgeId, eventId, enabled],
    undefined,
    initial,
  );
}

/**
 * The cells and queued edits a screen shows, in one read transaction. A sheet reads its own
 * cells (by index), every queued edit of its places (by cell key range: a removal's cell is
 * gone, its row still shows) and the judge's queued submits of the event; the event's screens
 * (dashboard, school sections) read the event's cells (each marked while an edit of it waits),
 * the queued removals and the submits only. A save or a synced batch re-reads only these,
 * however many scores or queued edits the device holds: reading the whole queue on every
 * synced batch made a 5,000-edit drain three times slower.
 */
async function readDeviceRows(judgeId: number, eventId: number, sheet: SheetScope | undefined): Promise<LiveRows> {
  const readAt = performance.now();
  const rows = await deviceDb.transaction('r', deviceDb.cells, deviceDb.outbox, async () => {
    const ofKinds = (kinds: readonly MutationKind[]) =>
      deviceDb.outbox
        .where('[judgeId+kind]')
        .anyOf(kinds.map((kind) => [judgeId, kind]))
        .filter((row) => row.eventId === eventId)
        .toArray();
    if (!sheet) {
      const [cells, outbox] = await Promise.all([
        deviceDb.cells.where('[judgeId+eventId]').equals([judgeId, eventId]).toArray(),
        ofKinds(EVENT_SCREEN_KINDS),
      ]);
      return { cells, outbox: outbox.sort(bySeq) };
    }
    const [cells, edits, submits] = await Promise.all([
      deviceDb.cells
        .where('[judgeId+categoryId+sectionId+schoolId]')
        .equals([judgeId, sheet.categoryId, sheet.sectionId, sheet.schoolId])
        .toArray(),
      Promise.all(
        SHEET_CELL_KINDS.map((kind) => {
          const prefix = cellKeyPrefix({ kind, judgeId, ...sheet });
          return deviceDb.outbox
            .where('[cellKey+seq]')
            .between([prefix, Dexie.minKey], [`${prefix}\uffff`, Dexie.maxKey])
            .toArray();
        }),
      ),
      ofKinds([MutationKind.CategorySubmit]),
    ]);
    return { cells, outbox: [...edits.flat(), ...submits].sort(bySeq) };
  });
  return { ...rows, readAt };
}

/** The cell kinds of a sheet. */
const SHEET_CELL_KINDS = [CellKind.Subsection, CellKind.Penalty, CellKind.Disqualification] as const;
/** The queued edits the event's screens need besides the cells: submits, and removals (their cells are gone). */
const EVENT_SCREEN_KINDS = [
  MutationKind.CategorySubmit,
  MutationKind.PenaltyScoreDelete,
  MutationKind.DisqualificationScoreDelete,
] as const;

const bySeq = (a: OutboxRow, b: OutboxRow) => (a.seq ?? 0) - (b.seq ?? 0);

/**
 * The committed saves, taken in a transition: a save's row shows it at once (`useShownCell`),
 * and the rest of the screen (totals, marks, the other tables) follows right after, instead of
 * the whole screen rendering between the commit and the row. Once a render with them has
 * committed, the rows are told their saves are in the snapshot.
 */
function useCommittedSavesInTransition(): readonly CommittedSave[] {
  const [saves, setSaves] = useState(committedSaves.getSnapshot);
  useEffect(() => {
    const take = () => startTransition(() => setSaves(committedSaves.getSnapshot()));
    // A save may have committed between the first render and this subscription.
    take();
    const unsubscribe = committedSaves.subscribe(take);
    return () => void unsubscribe();
  }, []);
  useLayoutEffect(() => committedSaves.markShown(saves), [saves]);
  return saves;
}

/**
 * The cell a sheet's row shows: its own committed save until the sheet's snapshot has it (see
 * `useCommittedSavesInTransition`), else the snapshot's cell. Only the row whose cell a save
 * changed renders at its commit.
 */
export function useShownCell(cell: CellRow | undefined, key: string): CellRow | undefined {
  return useSyncExternalStore(committedSaves.subscribe, () => committedSaves.unshownOf(key)?.cell ?? cell);
}

/** The event's live rows on the device (updates as edits are saved and synced). */
export function useDeviceJudgeEvent(
  judgeId: number,
  eventId: number,
  enabled: boolean,
  sheet?: SheetScope,
): JudgeEventSnapshot | null | undefined {
  // Read by the route's loader just before: taken on the first render only.
  const [primed] = useState(() => (enabled ? primedRows.take({ judgeId, eventId, sheet }) : undefined));
  const eventData = useDeviceEventData(judgeId, eventId, enabled, primed && { value: primed.eventData });
  const rows = useLiveQuery(
    async () => (enabled ? readDeviceRows(judgeId, eventId, sheet) : null),
    [judgeId, eventId, enabled, sheet?.categoryId, sheet?.sectionId, sheet?.schoolId],
    isSameLiveRows,
    primed && { value: primed.rows },
  );
  const saves = useCommittedSavesInTransition();
  const sheetCategoryId = sheet?.categoryId;
  const sheetSectionId = sheet?.sectionId;
  const sheetSchoolId = sheet?.schoolId;
  return useMemo(() => {
    if (eventData === undefined || rows === undefined) return undefined;
    if (eventData === null || rows === null) return null;
    const scope = {
      judgeId,
      eventId,
      sheet:
        sheetCategoryId === undefined || sheetSectionId === undefined || sheetSchoolId === undefined
          ? undefined
          : { categoryId: sheetCategoryId, sectionId: sheetSectionId, schoolId: sheetSchoolId },
    };
    const shown = withCommittedSaves(rows, saves, scope);
    return { eventData, cells: shown.cells, outbox: shown.outbox, isOwn: true };
  }, [eventData, rows, saves, judgeId, eventId, sheetCategoryId, sheetSectionId, sheetSchoolId]);
}

/** The snapshot a screen renders: the device's live rows, or the coordinator's remote copy. */
export function useJudgeEventSnapshot(judgeId: number, eventId: number, load: JudgeEventLoad, sheet?: SheetScope) {
  const device = useDeviceJudgeEvent(judgeId, eventId, load.status === 'device', sheet);
  if (load.status === 'remote') return load.snapshot;
  if (load.status === 'unavailable' || load.status === 'refused') return null;
  return device;
}

/** The judge's rejected edits, any event (for "needs attention"). */
export function useRejectedRows(judgeId: number | null): OutboxRow[] | undefined {
  return useLiveQuery(async () => {
    if (judgeId === null) return [];
    return deviceDb.outbox.where('[judgeId+status]').equals([judgeId, OutboxStatus.Rejected]).toArray();
  }, [judgeId]);
}
