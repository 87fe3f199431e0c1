// What starting the server grows is given back before it serves (decision 0202). The server runs
// with a young generation large enough for a crowd's pushes (`--max-semi-space-size=16`: fewer
// collections for the same garbage), which V8 also grows to its full size while the server loads
// and migrates, and keeps. One full collection that reduces memory, made once the server has
// started and before it listens, returns it: an idle server holds what it runs, and the young
// generation grows again only under load. `pnpm start` exposes V8's collector for this
// (`--expose-gc`); run without it, nothing happens.

/** V8's collector as `--expose-gc` exposes it. */
export type ExposedCollector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => unknown;

/** The collector when `--expose-gc` exposes it, else undefined. */
export function exposedCollector(): ExposedCollector | undefined {
  return (globalThis as { gc?: ExposedCollector }).gc;
}

/** Runs the collection when there is a collector; answers whether it ran. */
export function returnStartUpMemory(collect: ExposedCollector | undefined): boolean {
  if (collect === undefined) return false;
  // 'last-resort': V8's collection that also shrinks the young generation, as under memory pressure.
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}
