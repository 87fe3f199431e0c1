// The one place the server's stored files live: judges' photos and competition documents under
// DATA_DIR/files (docs/decisions/0144-one-stored-files-folder.md). Every server process sharing a
// database must see the same folder (a mounted volume or NFS). A file is written under a
// temporary name in the folder's `tmp/`, fsynced, then renamed into place: a reader, in this
// process or another, sees the whole file or none; two writers of one name both succeed and the
// last rename wins. Stored names never change their content (a content hash or a random name).
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { flushFolderToDisk } from '../db/data-dir.ts';

/** Where unfinished writes wait, inside the folder so the rename into place stays on one disk. */
export const TEMPORARY_FOLDER = 'tmp';
const TEMPORARY_SUFFIX = '.part';
/** How long an unfinished write is left alone: one still receiving bytes is touched far more often. */
export const UNFINISHED_WRITE_KEPT_MS = 60 * 60 * 1000;

/** A write under way: bytes go into `sink`, then `storeAs` makes them a stored file. */
export interface StagedFile {
  /** The temporary file's write stream; finish it (end or pipeline) before `storeAs`. */
  readonly sink: Writable;
  /** Makes the written bytes the stored file `name`: fsynced, renamed into place, its folder fsynced. */
  storeAs(name: string): Promise<void>;
  /** Drops the temporary file; nothing happens once stored. Safe to call more than once. */
  discard(): Promise<void>;
}

export interface StoredFiles {
  /** The folder itself (DATA_DIR/files); for backups, which link files rather than copy them. */
  readonly folder: string;
  /** The file a stored name is kept in; throws StoredNameRefused for a name that is not a stored one. */
  pathOf(name: string): string;
  /** Starts a write whose name is chosen once its bytes are known (a photo is checked first). */
  stage(): Promise<StagedFile>;
  /** Stores `content` under `name`, whole or not at all. */
  put(name: string, content: Buffer | Readable): Promise<void>;
  /** The stored file's bytes; the stream fails with ENOENT when it is not there. */
  open(name: string): Readable;
  /** The stored file's size in bytes; undefined when it is not there. */
  size(name: string): Promise<number | undefined>;
  /** Removes a stored file; nothing happens when it is not there. */
  remove(name: string): Promise<void>;
  /** Every stored name, sorted, with `/` between folders; unfinished writes are never listed. */
  list(): Promise<string[]>;
  /**
   * Removes unfinished writes untouched for `olderThanMs` (a crash's leftovers); answers how
   * many. Only old ones: another process sharing the folder may be writing the recent ones.
   */
  sweepTemporaries(olderThanMs?: number): Promise<number>;
}

/** A stored name that would leave the folder, reach the temporary files or is malformed. */
export class StoredNameRefused extends Error {}

/**
 * A stored name is relative, `/`-separated, with no empty, dot-led (`.`, `..`, hidden) or
 * backslash-holding part, and is not under the temporary folder. Answers the reason it is
 * refused, or undefined when it is a stored name.
 */
export function storedNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name.includes('\0')) return 'holds a NUL character';
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part.startsWith('.') || part.includes('\\')))
    return 'has an empty, dot-led or backslash part (absolute or leaving the folder)';
  if (parts.length > 1 && parts[0] === TEMPORARY_FOLDER) return 'is inside the temporary folder';
  return undefined;
}

/** The stored files of the folder `folder` (config.filesDir). Creates nothing until written. */
export function storedFilesAt(folder: string): StoredFiles {
  const root = path.resolve(folder);
  const temporaryFolder = path.join(root, TEMPORARY_FOLDER);

  function pathOf(name: string): string {
    const problem = storedNameProblem(name);
    if (problem !== undefined) throw new StoredNameRefused(`the stored name ${JSON.stringify(name)} ${problem}`);
    return path.join(root, ...name.split('/'));
  }

  async function stage(): Promise<StagedFile> {
    await mkdir(temporaryFolder, { recursive: true });
    const temporary = path.join(temporaryFolder, `${randomUUID()}${TEMPORARY_SUFFIX}`);
    // flush: the bytes reach the disk before the file closes, so before the rename shows it.
    const sink = createWriteStream(temporary, { flags: 'wx', flush: true });
    // Opened before anyone can discard it, so a late open never recreates a removed file.
    await once(sink, 'open');
    return {
      sink,
      async storeAs(name) {
        const target = pathOf(name);
        if (!sink.writableFinished) throw new Error('a staged file was stored before its bytes were all written');
        if (!sink.closed) await once(sink, 'close');
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temporary, target);
        // The rename is durable once the folder's entry reaches the disk too.
        await flushFolderToDisk(path.dirname(target));
      },
      async discard() {
        if (!sink.closed) {
          // A write still pending fails once destroyed: nobody waits for it any more.
          sink.on('error', () => undefined);
          const closed = new Promise<void>((resolve) => sink.once('close', () => resolve()));
          sink.destroy();
          await closed;
        }
        await rm(temporary, { force: true });
      },
    };
  }

  async function put(name: string, content: Buffer | Readable): Promise<void> {
    pathOf(name);
    const staged = await stage();
    try {
      if (Buffer.isBuffer(content)) {
        staged.sink.end(content);
        await finished(staged.sink);
      } else {
        await pipeline(content, staged.sink);
      }
      await staged.storeAs(name);
    } finally {
      await staged.discard();
    }
  }

  async function size(name: string): Promise<number | undefined> {
    return stat(pathOf(name)).then(
      (info) => (info.isFile() ? info.size : undefined),
      (error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)),
    );
  }

  async function list(): Promise<string[]> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) =>
      isMissing(error) ? [] : Promise.reject(error),
    );
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((name) => storedNameProblem(name) === undefined)
      .sort();
  }

  async function sweepTemporaries(olderThanMs = UNFINISHED_WRITE_KEPT_MS): Promise<number> {
    // Against the system clock, not the server's (tests move that one): it is what set the mtimes.
    const before = Date.now() - olderThanMs;
    await mkdir(temporaryFolder, { recursive: true });
    let removed = 0;
    for (const name of await readdir(temporaryFolder)) {
      if (!name.endsWith(TEMPORARY_SUFFIX)) continue;
      const file = path.join(temporaryFolder, name);
      const touched = await stat(file).then(
        (info) => info.mtimeMs,
        (error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)),
      );
      if (touched === undefined || touched >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  return {
    folder: root,
    pathOf,
    stage,
    put,
    open: (name) => createReadStream(pathOf(name)),
    size,
    remove: async (name) => rm(pathOf(name), { force: true }),
    list,
    sweepTemporaries,
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
