// The push's floor on the fixed stack (issue 20's CPU-per-mutation row): Fastify answering
// POST /api/sync/push with what any server on this stack must do for a push and nothing of the
// app's rules. It verifies the bearer token (@fastify/jwt, HS256), checks the body against the
// shared envelope schema and each mutation's id and data against theirs (TypeBox, compiled as the
// server compiles them), writes the rows a push writes in one transaction (the cell updated, a
// change, a history row and an applied record per mutation, the device touched), and answers the
// results with the shared response schema. No reads besides the cell's revision, no idempotency,
// no savepoints, no place or assignment checks.
//
// Started by bench/server.bench.ts on PORT with DATABASE (a copy of the bench server's database,
// which holds the judge's cells) and JUDGE_ID; GET /token answers a token for that judge. Rows are
// made from one row of each table the server wrote (so every column is filled, with rows of the
// same size) with the mutation's own values put in.
//
// FLOOR=kysely or FLOOR=kysely-reads: the same server, the writes made as bench/kysely-push.ts says
// (through the server's own database layer; with the sync contract's reads), two more floors.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { preparePushWrites, type Row } from './push-rows.ts';
import { kyselyPushWriter, type FloorMutation } from './kysely-push.ts';
import { openDatabase } from '../apps/sync-server/src/db/database.ts';
import {
  MutationDataSchemas,
  MutationIdSchema,
  MutationKind,
  PushRequestEnvelopeSchema,
  PushResponseSchema,
  type PushRequestEnvelope,
} from '@judging/shared-types';

// Fastify, its JWT plugin, better-sqlite3 and TypeBox are the server's dependencies: loaded from
// there, typed here as far as this file uses them.
const requireFromServer = createRequire(new URL('../apps/sync-server/package.json', import.meta.url));
interface Checker {
  Check(value: unknown): boolean;
}
interface BareRequest {
  body: unknown;
  jwtVerify(): Promise<unknown>;
}
interface BareApp {
  register(plugin: unknown, options: { secret: string }): Promise<void>;
  setValidatorCompiler(
    compiler: (route: { schema: unknown }) => (data: unknown) => { value: unknown } | { error: Error },
  ): void;
  get(path: string, handler: () => Promise<unknown>): void;
  post(
    path: string,
    options: { preHandler: (request: BareRequest) => Promise<void>; schema: Record<string, unknown> },
    handler: (request: BareRequest) => Promise<unknown>,
  ): void;
  listen(options: { port: number; host: string }): Promise<string>;
  jwt: { sign(payload: Record<string, unknown>): string };
}
const Fastify = requireFromServer('fastify') as (options: { logger: boolean }) => BareApp;
const fastifyJwt = requireFromServer('@fastify/jwt') as unknown;
const SQLite = requireFromServer('better-sqlite3') as typeof BetterSqlite3;
const { Compile } = requireFromServer('typebox/compile') as { Compile(schema: unknown): Checker };

const databaseFile = process.env.DATABASE;
const judgeId = Number(process.env.JUDGE_ID);
if (!databaseFile || !Number.isSafeInteger(judgeId)) throw new Error('bare-push.ts needs DATABASE and JUDGE_ID');

const sqlite = new SQLite(databaseFile);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = FULL');
sqlite.pragma('foreign_keys = ON');

/** One row of `table` the server wrote for this judge: the template every new row is made from. */
function templateOf(table: string, where: string): Row {
  const row = sqlite.prepare(`select * from ${table} where ${where} limit 1`).get(judgeId) as Row | undefined;
  if (!row) throw new Error(`No ${table} row of judge ${judgeId} to copy`);
  return row;
}
const changeTemplate = templateOf('change_log', "judge_id = ? and entity like '%subsection%'");
const historyTemplate = templateOf('score_history', 'judge_id = ?');
const appliedTemplate = templateOf('applied_mutation', 'user_id = ?');
const writes = preparePushWrites(sqlite);
const latestChange = sqlite.prepare('select max(change_id) as cursor from change_log');

const checkId = Compile(MutationIdSchema);
const checkData = new Map<string, Checker>(
  Object.entries(MutationDataSchemas).map(([kind, schema]) => [kind, Compile(schema)]),
);

interface SubsectionPut {
  scoreId: string;
  score: number;
  comments?: string | null;
}

/** The schema checks of one mutation: its id, and its data as a subsection put (the only kind written here). */
function isValidPut(mutation: FloorMutation): boolean {
  return (
    checkId.Check(mutation.id) &&
    mutation.kind === MutationKind.SubsectionScorePut &&
    checkData.get(mutation.kind)?.Check(mutation.data) === true
  );
}

function writePush(push: PushRequestEnvelope, now: string) {
  return sqlite.transaction(() => {
    const results = push.mutations.map((mutation) => {
      const isValid = isValidPut(mutation);
      if (!isValid) return { id: mutation.id, status: 'rejected' as const, code: 'invalid_value', message: 'invalid' };
      const data = mutation.data as SubsectionPut;
      const rev = writes.updateCell({ ...data, comments: data.comments ?? null, updatedAt: now });
      const change: Row = { ...changeTemplate, entity_id: data.scoreId, created_at: now };
      change.payload_json = JSON.stringify({ ...data, rev, updatedAt: now });
      writes.insertChange(change);
      writes.insertHistory({ ...historyTemplate, score_id: data.scoreId, value_after: data.score, received_at: now });
      const result = { id: mutation.id, status: 'applied' as const, rev };
      writes.insertApplied({
        ...appliedTemplate,
        mutation_id: mutation.id,
        applied_at: now,
        result_json: JSON.stringify(result),
      });
      return result;
    });
    writes.touchDevice({ at: now, seq: push.mutations.at(-1)?.seq ?? 0, deviceId: push.deviceId, userId: judgeId });
    const { cursor } = latestChange.get() as { cursor: number };
    return { results, cursor };
  })();
}

const floor = process.env.FLOOR ?? 'raw';
if (!['raw', 'kysely', 'kysely-reads'].includes(floor)) throw new Error(`Unknown FLOOR ${floor}`);
const writeThroughKysely =
  floor === 'raw'
    ? undefined
    : kyselyPushWriter(
        openDatabase(databaseFile),
        {
          judgeId,
          stateId: Number(changeTemplate.state_id),
          templates: { change: changeTemplate, history: historyTemplate, applied: appliedTemplate },
          withContractReads: floor === 'kysely-reads',
        },
        isValidPut,
      );

const app = Fastify({ logger: false });
await app.register(fastifyJwt, { secret: 'bare-push-floor-secret-of-at-least-32-chars' });
app.setValidatorCompiler(({ schema }) => {
  const validator = Compile(schema);
  return (data: unknown) => (validator.Check(data) ? { value: data } : { error: new Error('invalid body') });
});
app.get('/token', async () => ({ token: app.jwt.sign({ sub: String(judgeId) }) }));
app.post(
  '/api/sync/push',
  {
    preHandler: async (request) => {
      await request.jwtVerify();
    },
    schema: { body: PushRequestEnvelopeSchema, response: { 200: PushResponseSchema } },
  },
  async (request) => {
    const push = request.body as PushRequestEnvelope;
    const now = new Date().toISOString();
    return writeThroughKysely ? writeThroughKysely(push, now) : writePush(push, now);
  },
);
await app.listen({ port: Number(process.env.PORT ?? 3298), host: '127.0.0.1' });
