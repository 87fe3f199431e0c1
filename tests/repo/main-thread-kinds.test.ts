// The cold start's breakdown of main-thread time by kind (bench/main-thread-kinds.ts): each
// event's own time goes to its innermost named kind, only tasks begun before the mark count, and
// other threads are left out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mainThreadKinds, type TimelineEvent } from '../../bench/main-thread-kinds.ts';

const MAIN = { pid: 1, tid: 1 };
const event = (name: string, ts: number, dur: number, thread = MAIN): TimelineEvent => ({
  name,
  ph: 'X',
  ...thread,
  ts,
  dur,
});
const mark: TimelineEvent = { name: 'bench-shown', ph: 'R', ...MAIN, ts: 900 };

test('own time goes to the innermost named kind; a task’s unnamed time is other', () => {
  const kinds = mainThreadKinds(
    [
      // A task of 100 µs: a script call of 60 holding a forced layout of 20 and an unnamed step of 10.
      event('ThreadControllerImpl::RunTask', 0, 100),
      event('FunctionCall', 10, 60),
      event('Layout', 20, 20),
      event('v8.callFunction', 45, 10),
      // A module's evaluation with a garbage collection inside.
      event('ThreadControllerImpl::RunTask', 200, 50),
      event('v8.evaluateModule', 200, 50),
      event('MinorGC', 210, 5),
      mark,
    ],
    'bench-shown',
  );
  assert.equal(Object.fromEntries(kinds), {
    other: 0.04,
    script: 0.04,
    layout: 0.02,
    'module evaluation': 0.045,
    'garbage collection': 0.005,
  });
});

test('tasks begun after the mark and other threads’ tasks are left out', () => {
  const kinds = mainThreadKinds(
    [
      event('ThreadControllerImpl::RunTask', 0, 100),
      event('Paint', 10, 30),
      event('ThreadControllerImpl::RunTask', 0, 400, { pid: 2, tid: 2 }),
      event('Layout', 5, 300, { pid: 2, tid: 2 }),
      mark,
      event('ThreadControllerImpl::RunTask', 1000, 500),
      event('Layout', 1000, 500),
    ],
    'bench-shown',
  );
  assert.equal(Object.fromEntries(kinds), { paint: 0.03, other: 0.07 });
});

test('a trace without the mark gives nothing', () => {
  assert.equal(mainThreadKinds([event('ThreadControllerImpl::RunTask', 0, 100)], 'bench-shown').size, 0);
});

test.run();
