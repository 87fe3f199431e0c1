// A judge's device reduced to what the sync protocol needs (offline-sync.md): an outbox with
// seq numbers, optimistic local cells, a push that removes rows only on `applied` or
// `duplicate`, and a pull that never overwrites a cell with a pending edit. Scenario tests
// drive it through `inject` or a real port and end with `assertConverged`.
import * as assert from 'uvu/assert';
import type { MutationResult, PushResponse, SyncPullResponse, SyncReferenceData } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import type { AppInstance } from '../http/app-instance.ts';

export type { PushResponse };

export interface Transport {
  send(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ statusCode: number; body: unknown }>;
}

export function injectTransport(app: AppInstance, token: string): Transport {
  return {
    async send(method, url, body) {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      return { statusCode: response.statusCode, body: response.body ? response.json() : undefined };
    },
  };
}

export function fetchTransport(baseUrl: string, token: string): Transport {
  return {
    async send(method, url, body) {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { statusCode: response.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}

/** Where a cell lives, without the judge (always the device's judge). */
export interface Place {
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
}

export interface OutboxEntry {
  id: string;
  seq: number;
  kind: string;
  data: Record<string, unknown>;
  createdAt: string;
  status: 'pending' | 'rejected';
  result?: MutationResult;
}

/** A cell's content as both sides hold it, keyed by cellKey. */
export type CellValues = Map<string, Record<string, unknown>>;

export function cellKey(entity: 'sub' | 'pen' | 'dq', place: Omit<Place, 'eventId'>, itemId: number): string {
  return `${entity}:${place.categoryId}:${place.sectionId}:${place.schoolId}:${itemId}`;
}

let uuidCounter = 0;
/** A UUID v7-shaped id: time-ordered, as the device makes them. */
export function uuidv7(): string {
  uuidCounter = (uuidCounter + 1) % 0x1000;
  const time = Date.now().toString(16).padStart(12, '0');
  const random = crypto.randomUUID().replace(/-/g, '');
  const counter = uuidCounter.toString(16).padStart(3, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter}-${(8 + (parseInt(random[0] ?? '0', 16) % 4)).toString(16)}${random.slice(1, 4)}-${random.slice(4, 16)}`;
}

export class SimulatedDevice {
  readonly deviceId: string;
  readonly judgeId: number;
  readonly eventId: number;
  outbox: OutboxEntry[] = [];
  /** Every mutation ever enqueued, in seq order (the outbox forgets acknowledged ones). */
  history: OutboxEntry[] = [];
  /** The server's data as this device last learned it (reference download + pulls). */
  serverCells: CellValues = new Map();
  cursor = 0;
  /** Every result the device received, by mutation id (the last one wins). */
  results = new Map<string, MutationResult>();
  private nextSeq = 1;
  private readonly scoreIds = new Map<string, string>();

  constructor(options: { deviceId?: string; judgeId: number; eventId: number }) {
    this.deviceId = options.deviceId ?? `device-${crypto.randomUUID()}`;
    this.judgeId = options.judgeId;
    this.eventId = options.eventId;
  }

  private scoreIdFor(key: string): string {
    let scoreId = this.scoreIds.get(key);
    if (!scoreId) {
      scoreId = crypto.randomUUID();
      this.scoreIds.set(key, scoreId);
    }
    return scoreId;
  }

  enqueue(kind: string, data: Record<string, unknown>): OutboxEntry {
    const entry: OutboxEntry = {
      id: uuidv7(),
      seq: this.nextSeq++,
      kind,
      data,
      createdAt: new Date().toISOString(),
      status: 'pending',
    };
    this.outbox.push(entry);
    this.history.push(entry);
    return entry;
  }

  putSubsection(
    place: Place,
    subsectionId: number,
    score: number,
    extra: { comments?: string | null; photoSha256?: string | null } = {},
  ) {
    const scoreId = this.scoreIdFor(cellKey('sub', place, subsectionId));
    return this.enqueue('subsectionScore.put', { scoreId, ...place, subsectionId, score, ...extra });
  }

  putPenalty(place: Place, penaltyId: number, amount: number, comments: string, photoSha256?: string) {
    const scoreId = this.scoreIdFor(cellKey('pen', place, penaltyId));
    return this.enqueue('penaltyScore.put', {
      scoreId,
      ...place,
      penaltyId,
      amount,
      comments,
      ...(photoSha256 ? { photoSha256 } : {}),
    });
  }

  deletePenalty(place: Place, penaltyId: number) {
    const scoreId = this.scoreIdFor(cellKey('pen', place, penaltyId));
    return this.enqueue('penaltyScore.delete', { scoreId, ...place, penaltyId });
  }

  putDisqualification(place: Place, disqualificationId: number, comments: string) {
    const scoreId = this.scoreIdFor(cellKey('dq', place, disqualificationId));
    return this.enqueue('disqualificationScore.put', { scoreId, ...place, disqualificationId, comments });
  }

  deleteDisqualification(place: Place, disqualificationId: number) {
    const scoreId = this.scoreIdFor(cellKey('dq', place, disqualificationId));
    return this.enqueue('disqualificationScore.delete', { scoreId, ...place, disqualificationId });
  }

  submit(categoryId: number) {
    return this.enqueue('category.submit', { eventId: this.eventId, categoryId });
  }

  pending(): OutboxEntry[] {
    return this.outbox.filter((entry) => entry.status === 'pending').sort((a, b) => a.seq - b.seq);
  }

  /**
   * The push body for the next `limit` pending entries, in seq order; `skip` leaves out the
   * first ones (already out in an earlier push).
   */
  nextPush(limit = 50, skip = 0): { entries: OutboxEntry[]; body: Record<string, unknown> } {
    const entries = this.pending().slice(skip, skip + limit);
    return {
      entries,
      body: {
        deviceId: this.deviceId,
        protocolVersion: 1,
        mutations: entries.map(({ id, seq, kind, data, createdAt }) => ({ id, seq, kind, data, createdAt })),
      },
    };
  }

  /**
   * Applies a push answer: rows acked `applied`/`duplicate` leave the outbox, `rejected` ones
   * stay as rejected (shown), transient ones and unanswered ones stay pending.
   */
  acceptPushResponse(response: PushResponse): void {
    for (const result of response.results) {
      this.results.set(result.id, result);
      const entry = this.outbox.find((candidate) => candidate.id === result.id);
      if (!entry) continue;
      entry.result = result;
      if (result.status === 'applied' || result.status === 'duplicate') {
        this.outbox = this.outbox.filter((candidate) => candidate !== entry);
      } else if (result.code !== 'photo_missing') {
        entry.status = 'rejected';
      }
    }
  }

  /** Pushes until nothing is pending (or a push fails); answers the number of pushes. */
  async drain(transport: Transport, batchSize = 50): Promise<number> {
    let pushes = 0;
    while (this.pending().length > 0) {
      const { body } = this.nextPush(batchSize);
      const response = await transport.send('POST', '/api/sync/push', body);
      if (response.statusCode !== 200)
        throw new Error(`push failed: ${response.statusCode} ${JSON.stringify(response.body)}`);
      this.acceptPushResponse(response.body as PushResponse);
      pushes += 1;
      if (pushes > 1000) throw new Error('the outbox does not drain');
    }
    return pushes;
  }

  /** Downloads the reference data: the device's view of the server starts over from it. */
  async download(transport: Transport): Promise<SyncReferenceData> {
    const response = await transport.send(
      'GET',
      `/api/sync/judge/${this.judgeId}/event/${this.eventId}?deviceId=${this.deviceId}`,
    );
    if (response.statusCode !== 200)
      throw new Error(`download failed: ${response.statusCode} ${JSON.stringify(response.body)}`);
    const data = response.body as SyncReferenceData;
    this.serverCells = cellsOfScores(data.scores);
    this.cursor = data.cursor;
    return data;
  }

  /** Pulls every page of changes after the cursor into the device's view of the server. */
  async pull(transport: Transport): Promise<void> {
    for (let page = 0; page < 100; page++) {
      const response = await transport.send(
        'GET',
        `/api/sync/pull?eventId=${this.eventId}&cursor=${this.cursor}&deviceId=${this.deviceId}`,
      );
      if (response.statusCode !== 200)
        throw new Error(`pull failed: ${response.statusCode} ${JSON.stringify(response.body)}`);
      const body = response.body as SyncPullResponse;
      for (const change of body.changes) applyChange(this.serverCells, change);
      this.cursor = body.cursor;
      if (!body.hasMore) return;
    }
    throw new Error('pull did not end');
  }
}

const cellFields = {
  sub: ['score', 'comments', 'photoSha256'],
  pen: ['amount', 'comments', 'photoSha256'],
  dq: ['comments', 'photoSha256'],
} as const;

function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, source[field] ?? null]));
}

function cellsOfScores(scores: SyncReferenceData['scores']): CellValues {
  const cells: CellValues = new Map();
  for (const cell of scores.subsections)
    cells.set(cellKey('sub', cell, cell.subsectionId), { ...pick(cell, cellFields.sub), rev: cell.rev });
  for (const cell of scores.penalties)
    cells.set(cellKey('pen', cell, cell.penaltyId), { ...pick(cell, cellFields.pen), rev: cell.rev });
  for (const cell of scores.disqualifications) {
    cells.set(cellKey('dq', cell, cell.disqualificationId), { ...pick(cell, cellFields.dq), rev: cell.rev });
  }
  return cells;
}

function applyChange(cells: CellValues, change: SyncPullResponse['changes'][number]): void {
  const data = change.data as Record<string, unknown> & Omit<Place, 'eventId'>;
  const entity =
    change.entity === 'subsectionScore'
      ? 'sub'
      : change.entity === 'penaltyScore'
        ? 'pen'
        : change.entity === 'disqualificationScore'
          ? 'dq'
          : undefined;
  if (entity === undefined) return;
  const itemId = Number(data.subsectionId ?? data.penaltyId ?? data.disqualificationId);
  const key = cellKey(entity, data, itemId);
  if (change.op === 'delete') cells.delete(key);
  else cells.set(key, { ...pick(data, cellFields[entity]), rev: data.rev });
}

/** The judge's cells in the event, read straight from the database. */
export async function readServerCells(db: Db, judgeId: number, eventId: number): Promise<CellValues> {
  const of = { judge: judgeId, event: eventId };
  const subsections = await db
    .selectFrom('subsection_score')
    .selectAll()
    .where('judge_id', '=', of.judge)
    .where('event_id', '=', of.event)
    .execute();
  const penalties = await db
    .selectFrom('penalty_score')
    .selectAll()
    .where('judge_id', '=', of.judge)
    .where('event_id', '=', of.event)
    .execute();
  const disqualifications = await db
    .selectFrom('disqualification_score')
    .selectAll()
    .where('judge_id', '=', of.judge)
    .where('event_id', '=', of.event)
    .execute();
  const place = (row: { category_id: number; section_id: number; school_id: number }) => ({
    categoryId: row.category_id,
    sectionId: row.section_id,
    schoolId: row.school_id,
  });
  const cells: CellValues = new Map();
  for (const row of subsections) {
    cells.set(cellKey('sub', place(row), row.subsection_id), {
      score: row.score,
      comments: row.comments,
      photoSha256: row.photo_sha256,
      rev: row.rev,
    });
  }
  for (const row of penalties) {
    cells.set(cellKey('pen', place(row), row.penalty_id), {
      amount: row.amount,
      comments: row.comments,
      photoSha256: row.photo_sha256,
      rev: row.rev,
    });
  }
  for (const row of disqualifications) {
    cells.set(cellKey('dq', place(row), row.disqualification_id), {
      comments: row.comments,
      photoSha256: row.photo_sha256,
      rev: row.rev,
    });
  }
  return cells;
}

/**
 * What the server must hold after the device's mutations, applied once each in seq order
 * (rejected ones skipped): the value of each cell, and its rev = the puts since it was created.
 */
export function intendedCells(
  mutations: readonly OutboxEntry[],
  rejectedIds: ReadonlySet<string>,
  start: CellValues = new Map(),
): CellValues {
  const cells: CellValues = new Map([...start].map(([key, value]) => [key, { ...value }]));
  for (const mutation of [...mutations].sort((a, b) => a.seq - b.seq)) {
    if (rejectedIds.has(mutation.id)) continue;
    const data = mutation.data as Record<string, unknown> & Omit<Place, 'eventId'>;
    const [entity, op] = mutation.kind.split('.') as [string, string];
    const short =
      entity === 'subsectionScore'
        ? 'sub'
        : entity === 'penaltyScore'
          ? 'pen'
          : entity === 'disqualificationScore'
            ? 'dq'
            : undefined;
    if (short === undefined) continue;
    const key = cellKey(short, data, Number(data.subsectionId ?? data.penaltyId ?? data.disqualificationId));
    if (op === 'delete') {
      cells.delete(key);
      continue;
    }
    const previous = cells.get(key);
    const value = pick(data, cellFields[short]);
    if (typeof value.comments === 'string') value.comments = value.comments.trim() || null;
    cells.set(key, { ...value, rev: previous ? Number(previous.rev) + 1 : 1 });
  }
  return cells;
}

/**
 * offline-sync.md "Proof that nothing is lost": the outbox holds only rejected rows, every
 * mutation id is recorded once (applied or rejected), the server holds the intended cells,
 * and the device's view equals the server's.
 */
export async function assertConverged(
  db: Db,
  device: SimulatedDevice,
  expected: { allMutations: readonly OutboxEntry[]; start?: CellValues; transport: Transport },
): Promise<void> {
  assert.equal(
    device.pending().map((entry) => entry.id),
    [],
    'nothing pending in the outbox',
  );
  const recorded = await db
    .selectFrom('applied_mutation')
    .select(['mutation_id', 'status'])
    .where('user_id', '=', device.judgeId)
    .execute();
  const recordedById = new Map(recorded.map((row) => [row.mutation_id, row.status]));
  for (const mutation of expected.allMutations) {
    assert.ok(recordedById.has(mutation.id), `mutation ${mutation.seq} (${mutation.kind}) recorded`);
  }
  const rejectedIds = new Set(recorded.filter((row) => row.status === 'rejected').map((row) => row.mutation_id));
  assert.equal(
    device.outbox.map((entry) => entry.id).sort(),
    [...rejectedIds].filter((id) => expected.allMutations.some((m) => m.id === id)).sort(),
    'the outbox keeps exactly the rejected rows',
  );
  const server = await readServerCells(db, device.judgeId, device.eventId);
  assert.equal(
    sortedEntries(server),
    sortedEntries(intendedCells(expected.allMutations, rejectedIds, expected.start)),
    'server = intended',
  );
  await device.pull(expected.transport);
  assert.equal(sortedEntries(device.serverCells), sortedEntries(server), "the device's view = the server's");
}

export function sortedEntries(cells: CellValues): [string, Record<string, unknown>][] {
  return [...cells].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** SQLite's own check of the database file: 'ok' when sound. */

/**
 * Every subsection cell of the reference's category named `categoryName` (each section, school
 * and subsection once): what a judge's tablet can score there.
 */
export function subsectionCellsOf(
  reference: SyncReferenceData,
  eventId: number,
  categoryName: string,
): { place: Place; subsectionId: number }[] {
  const category = reference.categories.find((candidate) => candidate.categoryName === categoryName);
  if (!category) throw new Error(`no ${categoryName} category`);
  return category.sections.flatMap((section) =>
    category.schools.flatMap((school) =>
      section.subsections.map((subsection) => ({
        place: { eventId, categoryId: category.categoryId, sectionId: section.sectionId, schoolId: school.schoolId },
        subsectionId: subsection.subsectionId,
      })),
    ),
  );
}
