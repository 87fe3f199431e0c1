import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BACKGROUND_NICE,
  HELPER_NICE,
  lowerV8HelperThreadsPriority,
  V8_HELPER_THREAD_NAME,
} from './thread-priority.ts';
import { threadsOf } from '../test-support/process-threads.ts';

const isLinux = process.platform === 'linux';

/** The nice value of this process's thread `threadId` (undefined when it has ended). */
const niceOf = (threadId: number) => threadsOf('self').find((thread) => thread.threadId === threadId)?.nice;

test("V8's helper threads are lowered below the event loop, which keeps its priority", () => {
  if (!isLinux) {
    assert.is(lowerV8HelperThreadsPriority(), 0);
    return;
  }
  const mainBefore = niceOf(process.pid)!;
  const lowered = lowerV8HelperThreadsPriority();
  const helpers = threadsOf('self').filter((thread) => thread.name === V8_HELPER_THREAD_NAME);
  assert.ok(helpers.length > 0, 'Node names its V8 helper threads as this module expects');
  assert.is(lowered, helpers.length);
  for (const helper of helpers) assert.is(helper.nice, Math.max(HELPER_NICE, mainBefore), String(helper.threadId));
  assert.is(niceOf(process.pid), mainBefore);
});

test('a worker thread lowers its own priority to the background one, not the process', async () => {
  if (!isLinux) return;
  const mainBefore = niceOf(process.pid)!;
  const moduleUrl = new URL('./thread-priority.ts', import.meta.url).href;
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const { readlinkSync } = require('node:fs');
     import(${JSON.stringify(moduleUrl)}).then((m) => {
       const lowered = m.lowerThisThreadsPriority();
       parentPort.postMessage({ lowered, threadId: Number(readlinkSync('/proc/thread-self').split('/').pop()) });
       parentPort.once('message', () => process.exit(0));
     });`,
    { eval: true },
  );
  const { lowered, threadId } = await new Promise<{ lowered: boolean; threadId: number }>((resolve) =>
    worker.once('message', resolve),
  );
  try {
    assert.ok(lowered);
    assert.is(niceOf(threadId), BACKGROUND_NICE);
    assert.is(niceOf(process.pid), mainBefore);
  } finally {
    worker.postMessage('done');
    await new Promise((resolve) => worker.once('exit', resolve));
  }
});

test.run();
