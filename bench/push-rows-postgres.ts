// The reference of the CPU-per-mutation row on PostgreSQL: the rows a round of pushes wrote (the
// cell updated, a change, a history row, an applied record, the device touched once a push),
// written again with a raw `pg` client, named prepared statements, one transaction per batch of
// 50, as bench/push-rows.ts does on raw better-sqlite3. Its CPU is this process's and the
// cluster's, as the server's is the server process's and the cluster's.
import { openPostgresDatabase, postgresPoolOf } from '../apps/sync-server/src/db/postgres.ts';
import { treeSeconds, type BenchPostgres } from './bench-postgres.ts';

type Row = Record<string, unknown>;

/** Where a round starts: the highest change and history ids, and the time (applied records have no id). */
export interface PushMarks {
  change: number;
  history: number;
  appliedSince: string;
}

export async function readPushMarks(url: string): Promise<PushMarks> {
  const db = openPostgresDatabase(url, { poolSize: 1 });
  try {
    const pool = postgresPoolOf(db)!;
    const { rows } = await pool.query<{ change: number | null; history: number | null }>(
      'select (select max(change_id) from change_log) as change, (select max(history_id) from score_history) as history',
    );
    return { change: rows[0]?.change ?? 0, history: rows[0]?.history ?? 0, appliedSince: new Date().toISOString() };
  } finally {
    await db.destroy();
  }
}

/** Writes again what was pushed since `marks`; the CPU seconds it took (undefined: the cluster is not on this machine). */
export async function rawPostgresWrites(
  url: string,
  marks: PushMarks,
  postgres: BenchPostgres,
): Promise<{ cpuSeconds: number | undefined; mutations: number }> {
  const db = openPostgresDatabase(url, { poolSize: 1 });
  const client = await postgresPoolOf(db)!.connect();
  try {
    const columnsOf = async (table: string, skip: readonly string[]) =>
      (
        await client.query<{ name: string }>(
          'select column_name as name from information_schema.columns where table_name = $1 order by ordinal_position',
          [table],
        )
      ).rows
        .map((row) => row.name)
        .filter((name) => !skip.includes(name));
    const inserter = async (table: string, skip: readonly string[]) => {
      const columns = await columnsOf(table, skip);
      const text = `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`;
      return (row: Row) =>
        client.query({ name: `bench_insert_${table}`, text, values: columns.map((column) => row[column]) });
    };
    const insertChange = await inserter('change_log', ['change_id']);
    const insertHistory = await inserter('score_history', ['history_id']);
    const insertApplied = await inserter('applied_mutation', []);
    const changes = (
      await client.query<Row>('select * from change_log where change_id > $1 order by change_id', [marks.change])
    ).rows;
    const history = (
      await client.query<Row>('select * from score_history where history_id > $1 order by history_id', [marks.history])
    ).rows;
    const applied = (
      await client.query<Row>('select * from applied_mutation where applied_at >= $1 order by applied_at', [
        marks.appliedSince,
      ])
    ).rows;
    const batches = Math.ceil(applied.length / 50);
    const cpuBefore = process.cpuUsage();
    const clusterBefore = postgres.clusterCpu();
    for (let batch = 0; batch < batches; batch += 1) {
      await client.query('begin');
      for (let index = batch * 50; index < Math.min(applied.length, (batch + 1) * 50); index += 1) {
        const change = changes[index];
        if (change) {
          const cell = JSON.parse(String(change.payload_json)) as {
            scoreId: string;
            value?: number;
            score?: number;
            comments?: string | null;
          };
          await client.query({
            name: 'bench_update_cell',
            text: 'update subsection_score set score = $1, comments = $2, updated_at = $3, rev = rev + 1 where score_id = $4 returning rev',
            values: [cell.value ?? cell.score ?? 1, cell.comments ?? null, change.created_at, cell.scoreId],
          });
          await insertChange(change);
        }
        const row = history[index];
        if (row) await insertHistory(row);
        await insertApplied({ ...applied[index]!, mutation_id: crypto.randomUUID() });
      }
      const last = applied[Math.min(applied.length, (batch + 1) * 50) - 1]!;
      await client.query({
        name: 'bench_touch_device',
        text: 'update device_sync set last_push_at = $1, last_seq = greatest(coalesce(last_seq, 0), $2) where device_id = $3 and user_id = $4',
        values: [last.applied_at, batch, last.device_id, last.user_id],
      });
      await client.query('commit');
    }
    const spent = process.cpuUsage(cpuBefore);
    const cluster = treeSeconds(clusterBefore, postgres.clusterCpu());
    return {
      cpuSeconds: cluster === undefined ? undefined : (spent.user + spent.system) / 1e6 + cluster,
      mutations: applied.length,
    };
  } finally {
    client.release();
    await db.destroy();
  }
}
