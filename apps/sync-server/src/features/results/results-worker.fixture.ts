// A results computation for results-worker.test.ts, run on the results worker in place of the
// real one (`computeModule`). Its URL's parameters say what it does: `started=<file>` writes that
// file when it begins; `release=<file>` then holds the worker's thread (synchronously, as a heavy
// computation would) until that file exists; `fail` throws instead of computing.
import { existsSync, writeFileSync } from 'node:fs';
import { computeReport as realComputeReport, type ComputeReport } from './results-compute.ts';

const parameters = new URL(import.meta.url).searchParams;
const pause = new Int32Array(new SharedArrayBuffer(4));

export const computeReport: ComputeReport = async (db, event, now) => {
  if (parameters.has('fail')) throw new Error('This computation always fails.');
  const started = parameters.get('started');
  if (started !== null) writeFileSync(started, 'started');
  const release = parameters.get('release');
  if (release !== null) {
    while (!existsSync(release)) Atomics.wait(pause, 0, 0, 5);
  }
  return realComputeReport(db, event, now);
};
