// The running server's side of backups: it marks its data folder live (a restore refuses to run
// under it), takes scheduled backups on its clock with retention, and tells coordinators how old
// the newest backup is.
import { ApiErrorSchema, BackupAgeSchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { backupAge, nextBackupDelay } from './backup-rules.ts';
import { applyRetention, takeBackup } from './backup.service.ts';
import { clearServerLive, markServerLive } from './live-mark.ts';
import { backupEngineFor } from './engine-choice.ts';
import { holdServerConnection } from './postgres-backup.ts';
import { isPostgresUrl } from '../../db/postgres.ts';
import { latestBackupTime } from '../../shared/backup-folders.ts';

export function registerBackupRoutes(app: AppInstance, deps: RouteDeps): void {
  app.get(
    '/api/backup/latest',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'getLatestBackupAge',
        tags: ['backups'],
        summary: "How old the server's newest backup is (the admin area)",
        response: { 200: BackupAgeSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => {
      const { backup } = deps.config;
      return backupAge(await latestBackupTime(backup.dir), deps.now(), backup.intervalMinutes);
    },
  );
}

/**
 * Marks the data folder live while the server runs; on PostgreSQL also keeps a connection of
 * its own open, by which a restore on any machine sees the server (postgres-backup.ts).
 */
export function registerLiveMark(app: AppInstance, deps: RouteDeps): void {
  let held: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    markServerLive(deps.config.dataDir);
    if (isPostgresUrl(deps.config.database)) held = holdServerConnection(deps.config.database);
  });
  app.addHook('onClose', async () => {
    clearServerLive(deps.config.dataDir);
    await held?.close();
  });
}

/**
 * Every BACKUP_INTERVAL minutes (counted from the newest backup, at least a minute after start), a
 * backup into BACKUP_DIR, then retention down to BACKUP_KEEP. A failed backup is logged and tried
 * again an interval later; it never stops the server.
 */
export function registerBackupSchedule(
  app: AppInstance,
  deps: Pick<RouteDeps, 'config' | 'now'>,
  options: { minimumDelayMs?: number } = {},
): void {
  const { backup, filesDir, jwtSecretFile } = deps.config;
  if (backup.intervalMinutes === 0) return;
  const engine = backupEngineFor(deps.config, 'server');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isClosing = false;
  /** Answers whether the backup was taken. */
  const run = async (): Promise<boolean> => {
    try {
      const taken = await takeBackup(
        engine,
        { backupDir: backup.dir, filesDir, secretFile: jwtSecretFile },
        deps.now(),
      );
      const deleted = await applyRetention(backup.dir, backup.keep, deps.now());
      app.log.info({ folder: taken.folder, files: taken.manifest.files.length, deleted }, 'backup taken');
      return true;
    } catch (error) {
      if (!isClosing) app.log.error({ err: error }, 'the scheduled backup failed; it is tried again next interval');
      return false;
    }
  };
  const schedule = async (delay?: number) => {
    if (isClosing) return;
    const wait =
      delay ??
      nextBackupDelay(await latestBackupTime(backup.dir), deps.now(), backup.intervalMinutes, options.minimumDelayMs);
    // The close may have come while the last backup's time was read: then no timer at all.
    if (isClosing) return;
    timer = setTimeout(() => {
      running = run().then((isTaken) => schedule(isTaken ? undefined : backup.intervalMinutes * 60_000));
    }, wait);
    timer.unref();
  };
  app.addHook('onReady', () => schedule());
  app.addHook('onClose', async () => {
    isClosing = true;
    clearTimeout(timer);
    // A backup under way finishes (or fails) before the database closes under it.
    await running;
  });
}
