// Taking a backup, finding the backups there are, and retention. A backup is made in a hidden
// temp folder and renamed to its `backup-YYYYMMDDTHHMMSSZ` name only when whole: the database
// copied and checked by the engine first, then the stored files (each one a row of the copy
// names was on disk before its row was committed), then the manifest.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { backUpStoredFiles, hashFile, isMissing } from './backup-files.ts';
import {
  MANIFEST_NAME,
  SECRET_NAME,
  backupDatabaseName,
  backupsToDelete,
  isStalePartial,
  partialFolderName,
  parseManifest,
  type BackupManifest,
  type ManifestFile,
} from './backup-rules.ts';
import { syncPath, type EngineBackup } from './engine-backup.ts';
import { backupFolderName } from '../../shared/backup-folders.ts';
import { listBackups } from '../../shared/backup-folders.ts';
import { storedFilesAt } from '../../shared/stored-files.ts';

export interface BackupPlace {
  /** Where backups go (BACKUP_DIR). */
  backupDir: string;
  /** The live stored files (the data folder's `files`). */
  filesDir: string;
  /** The data folder's token-signing secret file, if the backup should hold it. */
  secretFile?: string;
}

export interface TakenBackup {
  folder: string;
  manifest: BackupManifest;
}

/** Takes one backup started at `now`; throws, leaving no backup, when any part fails. */
export async function takeBackup(engine: EngineBackup, place: BackupPlace, now: Date): Promise<TakenBackup> {
  await mkdir(place.backupDir, { recursive: true });
  const name = backupFolderName(now);
  const folder = path.join(place.backupDir, name);
  const temp = path.join(place.backupDir, partialFolderName(name, randomUUID()));
  await mkdir(temp);
  try {
    const previous = await readNewestManifest(place.backupDir);
    const databaseName = backupDatabaseName(engine.engine);
    const databaseFile = path.join(temp, databaseName);
    const check = await engine.copyTo(databaseFile);
    if (check.integrity !== 'ok') throw new Error(`the database copy failed its check: ${check.integrity}`);
    const database = await hashFile(databaseFile);
    if (database === undefined) throw new Error('the database copy vanished');
    const secret = place.secretFile === undefined ? undefined : await backUpSecret(place.secretFile, temp);
    const files = await backUpStoredFiles(storedFilesAt(place.filesDir), temp, previous);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      engine: engine.engine,
      migrations: check.migrations,
      database: { path: databaseName, ...database },
      ...(check.rows === undefined ? {} : { rows: check.rows }),
      ...(secret === undefined ? {} : { secret }),
      files,
    };
    const manifestFile = path.join(temp, MANIFEST_NAME);
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    await syncPath(manifestFile);
    await syncPath(temp);
    await rename(temp, folder).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST')
        throw new Error(`a backup named ${name} exists already; take the next one a second later`);
      throw error;
    });
    await syncPath(place.backupDir);
    return { folder, manifest };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** Copies the secret file into the backup; undefined when there is none (JWT_SECRET is set). */
async function backUpSecret(secretFile: string, folder: string): Promise<ManifestFile | undefined> {
  const target = path.join(folder, SECRET_NAME);
  const isCopied = await copyFile(secretFile, target).then(
    () => true,
    (error: unknown) => (isMissing(error) ? false : Promise.reject(error)),
  );
  if (!isCopied) return undefined;
  await syncPath(target);
  const found = await hashFile(target);
  return found === undefined ? undefined : { path: SECRET_NAME, ...found };
}

/**
 * Deletes every backup but the `keep` newest, and the temp folders of backups that died more
 * than a day before `now`; answers the names deleted.
 */
export async function applyRetention(backupDir: string, keep: number, now: Date): Promise<string[]> {
  const names = await readdir(backupDir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
  const doomed = backupsToDelete(names, keep);
  for (const name of names) {
    const modified = await stat(path.join(backupDir, name)).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    if (modified !== undefined && isStalePartial(name, modified, now.getTime())) doomed.push(name);
  }
  for (const name of doomed) await rm(path.join(backupDir, name), { recursive: true, force: true });
  return doomed;
}

/** The newest backup's folder and files, to take unchanged files from; undefined when unreadable. */
async function readNewestManifest(backupDir: string) {
  const [newest] = await listBackups(backupDir);
  if (newest === undefined) return undefined;
  const folder = path.join(backupDir, newest);
  const text = await readFile(path.join(folder, MANIFEST_NAME), 'utf8').catch(() => undefined);
  const manifest = text === undefined ? undefined : parseManifest(text);
  return typeof manifest === 'object' ? { folder, files: manifest.files } : undefined;
}
