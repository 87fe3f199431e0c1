// How a running server marks its data folder as live: `server.pid` holds its process id while it
// runs. A restore refuses to switch the database under a live server. A mark left by a server
// that crashed names a process that no longer runs, and blocks nothing.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LIVE_MARK_NAME = 'server.pid';

export function liveMarkFile(dataDir: string): string {
  return path.join(dataDir, LIVE_MARK_NAME);
}

export function markServerLive(dataDir: string, pid = process.pid): void {
  writeFileSync(liveMarkFile(dataDir), `${pid}\n`, { mode: 0o600 });
}

/** Removes the mark if it is this process's (another server may have taken the folder since). */
export function clearServerLive(dataDir: string, pid = process.pid): void {
  if (readMarkedPid(dataDir) === pid) rmSync(liveMarkFile(dataDir), { force: true });
}

/** The process id of the server running on `dataDir`; undefined when none runs (or its mark is stale). */
export function findLiveServer(dataDir: string): number | undefined {
  const pid = readMarkedPid(dataDir);
  return pid !== undefined && isProcessRunning(pid) ? pid : undefined;
}

function readMarkedPid(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(liveMarkFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
