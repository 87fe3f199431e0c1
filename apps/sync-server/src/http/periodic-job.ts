// A background job the server runs on a timer while it is up (sync pruning, the students' names
// retention): first a while after start, then at a steady interval, one run at a time (the next
// is scheduled when a run ends), never after close. A failed run is logged and tried again at
// the next interval; a failure while closing is the close's, not the job's.
import type { AppInstance } from './app-instance.ts';

export interface PeriodicJob {
  firstRunDelayMs: number;
  intervalMs: number;
  /** Logged with the error when a run fails ("… failed; it runs again within the hour"). */
  failureMessage: string;
  run(): Promise<void>;
}

export function registerPeriodicJob(app: AppInstance, job: PeriodicJob): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isClosing = false;
  const schedule = (delay: number) => {
    timer = setTimeout(() => void runOnce(), delay);
    timer.unref();
  };
  const runOnce = async () => {
    try {
      await job.run();
    } catch (error) {
      if (!isClosing) app.log.error({ err: error }, job.failureMessage);
    }
    if (!isClosing) schedule(job.intervalMs);
  };
  app.addHook('onReady', async () => schedule(job.firstRunDelayMs));
  app.addHook('onClose', async () => {
    isClosing = true;
    clearTimeout(timer);
  });
}
