// The server's timed jobs (sync pruning, students' names retention): first after a delay, then
// one run at a time at the interval, a failure logged and tried again, nothing after close.
import Fastify from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitFor } from '../test-support/wait-for.ts';
import type { AppInstance } from './app-instance.ts';
import { registerPeriodicJob } from './periodic-job.ts';

function appLoggingErrors(errors: string[]): AppInstance {
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } } });
  return app as unknown as AppInstance;
}

test('runs after its first delay, again at the interval, one at a time; a failed run is logged and tried again', async () => {
  const errors: string[] = [];
  const app = appLoggingErrors(errors);
  let runs = 0;
  let running = 0;
  let overlapped = false;
  registerPeriodicJob(app, {
    firstRunDelayMs: 5,
    intervalMs: 5,
    failureMessage: 'the test job failed',
    run: async () => {
      running += 1;
      overlapped ||= running > 1;
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 15));
      running -= 1;
      if (runs === 2) throw new Error('second run fails');
    },
  });
  assert.is(runs, 0, 'nothing runs before the app is ready');
  await app.ready();
  await waitFor('four runs', () => runs >= 4);
  assert.not.ok(overlapped, 'a run never starts while another is under way');
  assert.ok(
    errors.some((line) => line.includes('the test job failed') && line.includes('second run fails')),
    errors.join('\n'),
  );
  await app.close();
});

test('nothing runs after close, and a run cut short by the close is not logged as a failure', async () => {
  const errors: string[] = [];
  const app = appLoggingErrors(errors);
  let runs = 0;
  let release: () => void = () => undefined;
  registerPeriodicJob(app, {
    firstRunDelayMs: 1,
    intervalMs: 1,
    failureMessage: 'the test job failed',
    run: async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error('the database went away with the close');
    },
  });
  await app.ready();
  await waitFor('the first run under way', () => runs === 1);
  await app.close();
  release();
  // Thirty intervals: a run scheduled after the close would have started by now.
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.is(runs, 1, 'no run after close');
  assert.equal(errors, []);
});

test.run();
