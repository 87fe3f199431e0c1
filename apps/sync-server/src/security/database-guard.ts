// The guard the security suite wraps every call in: did the call commit a write, which tables
// differ from the pristine copy, and putting them back as they were.
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Watches the database through a second connection. Before each call the database equals a
 * pristine copy (attached as `pristine`); `hasCommittedWrites` tells, from SQLite's
 * `data_version`, whether the server committed anything since the last look (a rolled-back
 * write commits nothing); `changedTables` compares every table with the copy, row for row;
 * `restore` puts back the tables that differ, and any file of the copy that went missing.
 */
export class DatabaseGuard {
  readonly #connection: SQLite.Database;
  readonly #tables: string[];
  readonly #differs: Map<string, SQLite.Statement>;
  readonly #filesDir: string;
  readonly #pristineFiles: Map<string, Buffer>;
  #dataVersion: number;

  constructor(databaseFile: string, pristineFile: string, filesDir: string) {
    this.#connection = new SQLite(databaseFile);
    this.#connection.pragma('busy_timeout = 5000');
    // Restores need neither durability nor foreign-key actions: the copy is consistent as a whole.
    this.#connection.pragma('synchronous = OFF');
    this.#connection.pragma('foreign_keys = OFF');
    this.#connection.prepare('attach database ? as pristine').run(pristineFile);
    const names = this.#connection
      .prepare("select name from main.sqlite_master where type = 'table' and name not like 'sqlite_stat%'")
      .pluck()
      .all() as string[];
    this.#tables = names;
    this.#differs = new Map(
      this.#tables.map((table) => [
        table,
        this.#connection.prepare(
          `select (select count(*) from main."${table}") <> (select count(*) from pristine."${table}")
              or exists (select * from main."${table}" except select * from pristine."${table}")`,
        ),
      ]),
    );
    this.#filesDir = filesDir;
    this.#pristineFiles = new Map(listFiles(filesDir).map((file) => [file, readFileSync(path.join(filesDir, file))]));
    this.#dataVersion = this.#readDataVersion();
  }

  #readDataVersion(): number {
    return this.#connection.pragma('data_version', { simple: true }) as number;
  }

  /** True when another connection (the server's) committed a change since the last look. */
  hasCommittedWrites(): boolean {
    const version = this.#readDataVersion();
    const moved = version !== this.#dataVersion;
    this.#dataVersion = version;
    return moved;
  }

  /** The tables whose rows differ from the pristine copy. */
  changedTables(): string[] {
    return this.#tables.filter((table) => this.#differs.get(table)?.pluck().get() === 1);
  }

  /** The files under the data folder (relative paths), to see that a refused upload left nothing. */
  listFiles(): string[] {
    return listFiles(this.#filesDir);
  }

  /** Puts every changed table back as the copy has it; answers the tables it restored. */
  restore(): string[] {
    const restored = new Set<string>();
    const putBack = (tables: readonly string[]) => {
      for (const table of tables) this.#connection.exec(`delete from main."${table}"`);
      for (const table of tables) {
        this.#connection.exec(`insert into main."${table}" select * from pristine."${table}"`);
        restored.add(table);
      }
    };
    this.#connection.transaction(() => {
      putBack(this.changedTables().filter((table) => !PUT_BACK_LAST.includes(table)));
      // Last: triggers and AUTOINCREMENT wrote these while the other tables were put back.
      putBack(this.changedTables().filter((table) => PUT_BACK_LAST.includes(table)));
    })();
    const left = this.changedTables();
    if (left.length > 0) throw new Error(`the guard could not put back ${left.join(', ')}`);
    for (const [file, bytes] of this.#pristineFiles) {
      const target = path.join(this.#filesDir, file);
      if (!existsSync(target)) {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, bytes);
      }
    }
    this.#dataVersion = this.#readDataVersion();
    return [...restored];
  }

  close(): void {
    this.#connection.close();
  }
}

/** Tables written as a side effect of putting others back: the results version triggers, AUTOINCREMENT. */
const PUT_BACK_LAST = ['results_version', 'sqlite_sequence'];

function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
