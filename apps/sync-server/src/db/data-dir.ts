// The data folder (DATA_DIR) holds the database, the JWT secret and every uploaded file: the
// server's own user reads it, nobody else. New files are made 0600 and folders 0700 (the
// process's umask, set before anything is created); what an older install left behind is
// tightened when the server starts.
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** From now on, this process creates files 0600 and folders 0700 (call before loadConfig). */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/**
 * Makes the data folder private: the folder and its sub-folders 0700, the files at its top
 * (database, -wal, -shm, jwt-secret) 0600. Files deeper down (photos, documents) sit in
 * folders nobody else may enter.
 */
export function restrictDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  chmodSync(dataDir, PRIVATE_DIR_MODE);
  for (const name of readdirSync(dataDir)) {
    const entry = path.join(dataDir, name);
    const stat = statSync(entry);
    if (stat.isDirectory()) chmodSync(entry, PRIVATE_DIR_MODE);
    else if (stat.isFile()) chmodSync(entry, PRIVATE_FILE_MODE);
  }
}

/** Flushes a folder's entries to the disk (fsync, after a rename), off the event loop. */
export async function flushFolderToDisk(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
