// The rows a sync push writes for each mutation (the cell updated, a change, a history row, an
// applied record) and the device touched once a push, as prepared statements on a raw
// better-sqlite3 connection: written by the two references of the CPU-per-mutation row, raw
// better-sqlite3 (server.bench.ts) and the stack's floor (bare-push.ts).
import type BetterSqlite3 from 'better-sqlite3';

export type Row = Record<string, unknown>;

export function preparePushWrites(sqlite: BetterSqlite3.Database) {
  const columnsOf = (table: string, skip: readonly string[]) =>
    (sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[])
      .map((row) => row.name)
      .filter((name) => !skip.includes(name));
  /** Inserts a row of `table`: its columns but the generated ids, in table order. */
  const inserter = (table: string, skip: readonly string[]) => {
    const columns = columnsOf(table, skip);
    const statement = sqlite.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    return (row: Row) => statement.run(...columns.map((column) => row[column]));
  };
  const updateCell = sqlite.prepare(
    'update subsection_score set score = ?, comments = ?, updated_at = ?, rev = rev + 1 where score_id = ? returning rev',
  );
  const touchDevice = sqlite.prepare(
    'update device_sync set last_push_at = ?, last_seq = max(coalesce(last_seq, 0), ?) where device_id = ? and user_id = ?',
  );
  return {
    insertChange: inserter('change_log', ['change_id']),
    insertHistory: inserter('score_history', ['history_id', 'id']),
    insertApplied: inserter('applied_mutation', []),
    /** The cell's new revision. */
    updateCell: (cell: { score: number; comments: string | null; updatedAt: unknown; scoreId: string }) =>
      (updateCell.get(cell.score, cell.comments, cell.updatedAt, cell.scoreId) as { rev: number }).rev,
    touchDevice: (device: { at: unknown; seq: number; deviceId: unknown; userId: unknown }) =>
      touchDevice.run(device.at, device.seq, device.deviceId, device.userId),
  };
}
