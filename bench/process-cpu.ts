// CPU time of the processes a benchmark drives, read from Linux's /proc: the server and each
// kind of Chromium process (browser, renderer, network service, GPU…). On a machine where the
// server and the browser share the cores, rates alone do not say who spent them; the CPU per
// push does, and it moves far less from run to run than the rates.
import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds per process kind. */
export type CpuByKind = Map<string, number>;
/** CPU seconds spent so far by each process of a tree, with its kind. */
export type TreeCpu = Map<number, { kind: string; seconds: number }>;

const TICKS_PER_SECOND = 100;

function readStat(pid: number): { parent: number; cpuSeconds: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) may hold spaces: the fields after it start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    return { parent, cpuSeconds: cpuTicks / TICKS_PER_SECOND };
  } catch {
    return undefined; // gone meanwhile
  }
}

function kindOf(pid: number, rootLabel: string): string {
  try {
    // Chromium rewrites its children's command lines into one string: split on spaces too.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
    if (!type) return rootLabel;
    const subType = args.find((arg) => arg.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length);
    if (subType?.includes('NetworkService')) return 'network';
    if (subType?.includes('Storage')) return 'storage';
    return subType ? `${type}:${subType.split('.').at(-1)}` : type;
  } catch {
    return rootLabel;
  }
}

/** The CPU seconds spent so far by `rootPid` and every process under it. */
export function readProcessTreeCpu(rootPid: number, rootLabel: string): TreeCpu {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (!stat) continue;
    parents.set(pid, stat.parent);
    cpu.set(pid, stat.cpuSeconds);
  }
  const isUnderRoot = (pid: number) => {
    for (let current: number | undefined = pid; current !== undefined && current > 1; current = parents.get(current)) {
      if (current === rootPid) return true;
    }
    return false;
  };
  const tree: TreeCpu = new Map();
  for (const [pid, seconds] of cpu) {
    if (isUnderRoot(pid)) tree.set(pid, { kind: kindOf(pid, rootLabel), seconds });
  }
  return tree;
}

/** What each kind spent between two readings (a process that ended meanwhile is not counted). */
export function cpuSpent(before: TreeCpu, after: TreeCpu): CpuByKind {
  const spent: CpuByKind = new Map();
  for (const [pid, { kind, seconds }] of after) {
    spent.set(kind, (spent.get(kind) ?? 0) + seconds - (before.get(pid)?.seconds ?? 0));
  }
  return spent;
}

/** "renderer 5.2, server 4.1, …": ms of CPU per unit (a push of 50). */
export function describeCpuPer(spent: CpuByKind, units: number): string {
  return [...spent]
    .filter(([, seconds]) => seconds > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, seconds]) => `${kind} ${((seconds * 1000) / units).toFixed(1)}`)
    .join(', ');
}

/**
 * Milliseconds the main thread of `pid` has so far spent ready to run but waiting for a core
 * (Linux's schedstat): what the other processes on the machine cost it, which a latency alone
 * cannot tell apart from the server's own work.
 */
export function readRunQueueWaitMs(pid: number): number {
  try {
    const waitNs = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1];
    return Number(waitNs) / 1e6;
  } catch {
    return Number.NaN; // gone, or a kernel without schedstats
  }
}
