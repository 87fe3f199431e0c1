// The stored files of a backup: photos and competition documents, as the data folder's `files`
// holds them (shared/stored-files.ts lists them, unfinished writes left out). They never change once stored (a new upload is a new name), so a backup links them
// (a hard link costs no space) and copies only when the backup folder is on another disk; a file
// the previous backup already holds with the same size is taken from there with its hash.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFiles } from '../../shared/stored-files.ts';
import { syncPath } from './engine-backup.ts';
import { BACKUP_FILES_FOLDER, type FoundFile, type ManifestFile } from './backup-rules.ts';

/** The SHA-256 (hex) and size of a file; undefined when it is not there. */
export async function hashFile(file: string): Promise<FoundFile> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      size += chunk.length;
      hash.update(chunk);
    }
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Links `from` at `to`, or copies it when a link cannot be made (another disk). */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    await copyFile(from, to);
    await syncPath(to);
  }
}

/**
 * Puts every stored file into `backupFolder/files` and answers the manifest's entries. A file
 * removed from the live folder while the backup runs (a deleted document) is left out.
 */
export async function backUpStoredFiles(
  files: StoredFiles,
  backupFolder: string,
  previous: { folder: string; files: readonly ManifestFile[] } | undefined,
): Promise<ManifestFile[]> {
  const previousByPath = new Map(previous?.files.map((file) => [file.path, file]));
  const entries: ManifestFile[] = [];
  for (const name of await files.list()) {
    const entryPath = `${BACKUP_FILES_FOLDER}/${name}`;
    const live = files.pathOf(name);
    const target = path.join(backupFolder, ...entryPath.split('/'));
    const liveSize = await files.size(name);
    if (liveSize === undefined) continue;
    const known = previousByPath.get(entryPath);
    if (previous !== undefined && known !== undefined && known.size === liveSize) {
      const kept = await linkOrCopy(path.join(previous.folder, ...entryPath.split('/')), target).then(
        () => true,
        (error: unknown) => (isMissing(error) ? false : Promise.reject(error)),
      );
      if (kept) {
        entries.push(known);
        continue;
      }
    }
    const copied = await linkOrCopy(live, target).then(
      () => true,
      (error: unknown) => (isMissing(error) ? false : Promise.reject(error)),
    );
    if (!copied) continue;
    const found = await hashFile(target);
    if (found !== undefined) entries.push({ path: entryPath, ...found });
  }
  return entries;
}
