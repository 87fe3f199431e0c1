// Where a page load's main-thread time goes, by kind of work, from a Chromium trace recorded with
// the 'devtools.timeline' and 'v8' categories: the cold start's breakdown of the scoring page
// against its stack floor (cold-start.bench.ts), so that a gap between the two names its part.

export interface TimelineEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/** The kinds a trace event's own time is counted under; an event not named here counts as its parent's. */
const KIND_OF_EVENT = new Map<string, string>([
  ['v8.evaluateModule', 'module evaluation'],
  ['EvaluateScript', 'script'],
  ['FunctionCall', 'script'],
  ['TimerFire', 'script'],
  ['EventDispatch', 'script'],
  ['FireAnimationFrame', 'script'],
  ['FireIdleCallback', 'script'],
  ['RunMicrotasks', 'script'],
  ['ParseHTML', 'HTML and CSS parsing'],
  ['ParseAuthorStyleSheet', 'HTML and CSS parsing'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'paint'],
  ['Paint', 'paint'],
  ['Layerize', 'paint'],
  ['Commit', 'paint'],
  ['MinorGC', 'garbage collection'],
  ['MajorGC', 'garbage collection'],
]);

/** The kinds in the order they are printed; 'other' is a task's own time outside every named kind. */
export const MAIN_THREAD_KINDS = [
  'HTML and CSS parsing',
  'module evaluation',
  'script',
  'style',
  'layout',
  'paint',
  'garbage collection',
  'other',
] as const;

const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * The main thread's time (ms of the trace's clock, so under a CPU throttle the throttled time) in
 * the tasks that began before the mark named `until`, by kind: each event's own time (its duration
 * less its children's) goes to the innermost enclosing event of a named kind. The main thread is
 * the mark's. Empty when the trace has no such mark.
 */
export function mainThreadKinds(events: readonly TimelineEvent[], until: string): Map<string, number> {
  const totals = new Map<string, number>();
  const mark = events.find((event) => event.name === until);
  if (!mark) return totals;
  const onMain = events
    .filter((event) => event.pid === mark.pid && event.tid === mark.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const open: { end: number; kind: string | undefined; childTime: number; dur: number }[] = [];
  const count = (kind: string, micros: number) => totals.set(kind, (totals.get(kind) ?? 0) + micros / 1000);
  const close = (until: number) => {
    while (open.length > 0 && open.at(-1)!.end <= until) {
      const done = open.pop()!;
      count(done.kind ?? 'other', done.dur - done.childTime);
    }
  };
  for (const event of onMain) {
    close(event.ts);
    const parent = open.at(-1);
    if (!parent && (!TASK_NAMES.has(event.name) || event.ts >= mark.ts)) continue;
    if (parent) parent.childTime += event.dur!;
    const kind = KIND_OF_EVENT.get(event.name) ?? parent?.kind;
    open.push({ end: event.ts + event.dur!, kind, childTime: 0, dur: event.dur! });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}
