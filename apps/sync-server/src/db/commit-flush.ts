// Group commit for SQLite (docs/decisions/0196-push-group-commit.md). A push commits at
// synchronous=NORMAL: SQLite writes its frames to the WAL file and returns without an fsync.
// The fsync runs on libuv's thread pool instead of the event loop, one for every commit made
// while the one before it ran, and no answer leaves the server before the commits made ahead of
// it are on disk (http/answers-after-flush.ts): what was durable once its answer was sent still is.
import { flushToDisk } from './data-dir.ts';

/** Flushes one file's written data to the disk. */
export type SyncFile = (file: string) => Promise<void>;

const syncFileAt: SyncFile = (file) => flushToDisk(file, 'data');

export class CommitFlusher {
  #committed = 0;
  #durable = 0;
  #flushing: Promise<void> | undefined;
  #failure: Error | undefined;

  readonly walFile: string;
  /** How the file is flushed: replaceable, so a test can hold a flush back or fail it. */
  syncFile: SyncFile;

  constructor(walFile: string, syncFile: SyncFile = syncFileAt) {
    this.walFile = walFile;
    this.syncFile = syncFile;
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
}
