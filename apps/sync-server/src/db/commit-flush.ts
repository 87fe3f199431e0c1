// Group commit for SQLite (docs/decisions/0196-push-group-commit.md). A push commits at
// synchronous=NORMAL: SQLite writes its frames to the WAL file and returns without an fsync.
// The fsync runs on libuv's thread pool instead of the event loop, one for every commit made
// while the one before it ran, and no answer leaves the server before the commits made ahead of
// it are on disk (http/answers-after-flush.ts): what was durable once its answer was sent still is.
import { closeSync, fdatasync, fstatSync, openSync, statSync } from 'node:fs';
import { promisify } from 'node:util';

/** Flushes one file's written data to the disk. */
export type SyncFile = (file: string) => Promise<void>;

const fdatasyncOnPool = promisify(fdatasync);

/**
 * Flushes a file through a descriptor kept open from one flush to the next: one call on libuv's
 * thread pool per flush, where opening and closing the file each time made three, each a
 * hand-over between threads and a turn of the event loop. The path is looked up at every flush
 * and opened again when it names another file than the one held: SQLite deletes the WAL only
 * when its last connection closes, so only a file replaced from outside would.
 */
class KeptOpenFile {
  #held: { fd: number; dev: number; ino: number } | undefined;

  readonly sync: SyncFile = async (file) => {
    const named = statSync(file);
    let held = this.#held;
    if (held === undefined || held.ino !== named.ino || held.dev !== named.dev) {
      this.close();
      const fd = openSync(file, 'r');
      const opened = fstatSync(fd);
      held = this.#held = { fd, dev: opened.dev, ino: opened.ino };
    }
    await fdatasyncOnPool(held.fd);
  };

  close(): void {
    if (this.#held === undefined) return;
    closeSync(this.#held.fd);
    this.#held = undefined;
  }
}

export class CommitFlusher {
  #committed = 0;
  #durable = 0;
  #flushing: Promise<void> | undefined;
  #failure: Error | undefined;

  readonly #file = new KeptOpenFile();
  readonly walFile: string;
  /** How the file is flushed: replaceable, so a test can hold a flush back or fail it. */
  syncFile: SyncFile;

  constructor(walFile: string, syncFile?: SyncFile) {
    this.walFile = walFile;
    this.syncFile = syncFile ?? this.#file.sync;
  }

  /** A commit made at synchronous=NORMAL has written its frames: it waits for the next flush. */
  noteCommit(): void {
    this.#committed += 1;
  }

  /**
   * Undefined when every noted commit is on disk (nothing to wait for); else a promise of that,
   * through one fsync shared with every commit noted before it starts. A failed fsync fails it
   * and every later one: after an fsync error the kernel may drop the unwritten pages and report
   * the next fsync clean, so nothing answers as saved until the server is restarted.
   */
  whenDurable(): Promise<void> | undefined {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (this.#durable >= this.#committed) return undefined;
    return this.#flushUpTo(this.#committed);
  }

  async #flushUpTo(target: number): Promise<void> {
    while (this.#durable < target) {
      // One that started before these commits were written may not hold them: wait, then flush again.
      this.#flushing ??= this.#flushOnce().finally(() => (this.#flushing = undefined));
      await this.#flushing;
    }
  }

  async #flushOnce(): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    const covering = this.#committed;
    try {
      await this.syncFile(this.walFile);
    } catch (error) {
      this.#failure = new Error(`Could not flush ${this.walFile} to the disk; restart the server.`, { cause: error });
      throw this.#failure;
    }
    this.#durable = Math.max(this.#durable, covering);
  }

  /** With the database: after the flush under way, if any, lets go of the file it flushes. */
  async close(): Promise<void> {
    await this.#flushing?.catch(() => undefined);
    this.#file.close();
  }
}
