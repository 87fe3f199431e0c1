// `pnpm restore`: puts a backup back in place of the data folder's database and stored files.
// Everything is checked before anything changes (no live server, the manifest, every file's
// size and hash, the engine's own check, a migration level this build knows); then the current
// database and files are kept aside as `…before-restore-<time>` and the backup's renamed in
// (on PostgreSQL the database is restored beside the live one and renamed: postgres-backup.ts).
import { copyFile, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { hashFile, isMissing, linkOrCopy } from './backup-files.ts';
import {
  MANIFEST_NAME,
  SECRET_NAME,
  fileProblems,
  migrationProblem,
  parseManifest,
  type BackupManifest,
} from './backup-rules.ts';
import { RestoreRefused, syncPath, type EngineRestore } from './engine-backup.ts';
import { findLiveServer, liveMarkFile } from './live-mark.ts';
import { backupFolderName } from '../../shared/backup-folders.ts';

export { RestoreRefused };

export interface RestoreTarget {
  dataDir: string;
  databaseFile: string;
  filesDir: string;
  /** Where the server reads its token-signing secret (DATA_DIR/jwt-secret). */
  secretFile: string;
}

export interface RestoreOptions {
  /** A backup folder, a file in one, or a bare database file (the stored files are then left as they are). */
  source: string;
  target: RestoreTarget;
  /** The engine of the database restored into (the one the server opens). */
  engine: EngineRestore;
  /** The migrations this build knows, in order. */
  knownMigrations: readonly string[];
  now: Date;
}

/** Restores and answers what it did, one line each; throws RestoreRefused when it changed nothing. */
export async function restoreBackup(options: RestoreOptions): Promise<string[]> {
  const { target, engine } = options;
  const livePid = findLiveServer(target.dataDir);
  if (livePid !== undefined) {
    throw new RestoreRefused(
      `a server is running on ${target.dataDir} (process ${livePid}, ${liveMarkFile(target.dataDir)}): stop it first`,
    );
  }
  const liveUse = await engine.findLiveUse();
  if (liveUse !== undefined) throw new RestoreRefused(`${liveUse}: stop it first`);
  const backup = await readBackup(options.source);
  const backupEngine = backup.manifest?.engine ?? engine.engine;
  if (backupEngine !== engine.engine) {
    throw new RestoreRefused(
      `the backup is of another database engine (${backupEngine}) than this server's (${engine.engine})` +
        (backupEngine === 'sqlite' ? '; pnpm migrate-to-postgres moves a SQLite data folder to PostgreSQL' : ''),
    );
  }
  const staged = await engine.stage(backup.databaseFile, backup.manifest?.rows);
  const { check } = staged;
  const refusal =
    check.integrity !== 'ok'
      ? `the backup's database is damaged: ${check.integrity}`
      : migrationProblem(check.migrations, options.knownMigrations);
  if (refusal !== undefined) {
    await staged.discard();
    throw new RestoreRefused(refusal);
  }

  const stamp = backupFolderName(options.now).replace(/^backup-/, '');
  const done: string[] = [`checked ${backup.description}: integrity ok, migration ${check.migrations.at(-1)}`];
  const stagedFiles = `${target.filesDir}.restoring`;
  if (backup.manifest !== undefined) {
    await rm(stagedFiles, { recursive: true, force: true });
    await mkdir(stagedFiles, { recursive: true });
    for (const file of backup.manifest.files) {
      const relative = file.path.split('/').slice(1);
      await linkOrCopy(path.join(backup.folder, ...file.path.split('/')), path.join(stagedFiles, ...relative));
    }
  }

  try {
    done.push(...(await staged.switchIn(stamp)));
  } catch (error) {
    // The engine refused the switch with its live database untouched (or failed): the live
    // stored files are untouched too.
    await rm(stagedFiles, { recursive: true, force: true });
    throw error;
  }
  if (backup.manifest !== undefined) {
    const keptFiles = `${target.filesDir}.before-restore-${stamp}`;
    if (await isEmptyFolder(target.filesDir)) {
      await rm(target.filesDir, { recursive: true });
    } else if (await exists(target.filesDir)) {
      await rename(target.filesDir, keptFiles);
      done.push(`kept the previous stored files as ${keptFiles}`);
    }
    await rename(stagedFiles, target.filesDir);
    done.push(`restored ${backup.manifest.files.length} stored files to ${target.filesDir}`);
  } else {
    done.push(`left the stored files in ${target.filesDir} as they were (a bare database file has none)`);
  }
  if (backup.manifest?.secret !== undefined) {
    await restoreSecret(path.join(backup.folder, SECRET_NAME), target.secretFile, stamp);
    done.push(
      `restored the token-signing secret to ${target.secretFile}: sessions signed before the backup stay valid`,
    );
  }
  await syncPath(target.dataDir);
  return done;
}

/** The backup's secret staged and renamed in; the current one kept aside when it differs. */
async function restoreSecret(from: string, to: string, stamp: string): Promise<void> {
  const staged = `${to}.restoring`;
  await copyFile(from, staged);
  await syncPath(staged);
  const current = await readFile(to, 'utf8').catch((error: unknown) =>
    isMissing(error) ? undefined : Promise.reject(error),
  );
  if (current !== undefined && current !== (await readFile(staged, 'utf8'))) {
    await rename(to, `${to}.before-restore-${stamp}`);
  }
  await rename(staged, to);
}

interface ReadBackup {
  description: string;
  databaseFile: string;
  folder: string;
  manifest: BackupManifest | undefined;
}

/** The backup `source` names, its manifest and every file checked against it. */
async function readBackup(source: string): Promise<ReadBackup> {
  const info = await stat(source).catch((error: unknown) => {
    if (isMissing(error)) throw new RestoreRefused(`${source} does not exist`);
    throw error;
  });
  const folder = info.isDirectory() ? source : path.dirname(source);
  const manifestText = await readFile(path.join(folder, MANIFEST_NAME), 'utf8').catch((error: unknown) =>
    isMissing(error) ? undefined : Promise.reject(error),
  );
  if (manifestText === undefined) {
    if (info.isDirectory()) throw new RestoreRefused(`${source} holds no ${MANIFEST_NAME}: it is not a backup folder`);
    return { description: `the database file ${source}`, databaseFile: source, folder, manifest: undefined };
  }
  const manifest = parseManifest(manifestText);
  if (typeof manifest === 'string') throw new RestoreRefused(`${folder} cannot be restored: ${manifest}`);
  const entries = [manifest.database, ...(manifest.secret === undefined ? [] : [manifest.secret]), ...manifest.files];
  const found = new Map<string, Awaited<ReturnType<typeof hashFile>>>();
  for (const entry of entries) found.set(entry.path, await hashFile(path.join(folder, ...entry.path.split('/'))));
  const problems = fileProblems(entries, (entry) => found.get(entry.path));
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ');
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    throw new RestoreRefused(`${folder} is damaged, nothing was changed: ${shown}${more}`);
  }
  return {
    description: `${folder} (taken ${manifest.createdAt}, ${manifest.files.length} stored files)`,
    databaseFile: path.join(folder, manifest.database.path),
    folder,
    manifest,
  };
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  const names = await readdir(folder).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
  return names !== undefined && names.length === 0;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: unknown) => (isMissing(error) ? false : Promise.reject(error)),
  );
}
