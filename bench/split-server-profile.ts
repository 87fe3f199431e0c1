// `node bench/split-server-profile.ts <folder> [rows]`: the server's CPU profile of a drain bench
// run with BENCH_PROFILE_SERVER=<folder>, split into the measured windows (phases.json): the
// server's own time per push of 50, busy and idle, while the page drained and while the Node
// client pushed, and the functions whose self time differs most between the two.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Phase {
  name: string;
  pushes: number;
  start: number;
  end: number;
}
type Kind = 'drain' | 'push';

const [folder, rowsArgument] = process.argv.slice(2);
if (!folder) throw new Error('usage: node bench/split-server-profile.ts <folder> [rows]');
const phases = JSON.parse(readFileSync(path.join(folder, 'phases.json'), 'utf8')) as Phase[];
const profileFile = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'));
if (!profileFile) throw new Error(`${folder} holds no .cpuprofile: run the bench with BENCH_PROFILE_SERVER=${folder}`);
const profile = JSON.parse(readFileSync(path.join(folder, profileFile), 'utf8')) as CpuProfile;

const kindOf = (phase: Phase): Kind => (phase.name.startsWith('drain') ? 'drain' : 'push');
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const describe = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${callFrame.lineNumber}`;

const selfMs: Record<Kind, Map<string, number>> = { drain: new Map(), push: new Map() };
const pushes: Record<Kind, number> = { drain: 0, push: 0 };
for (const phase of phases) pushes[kindOf(phase)] += phase.pushes;
let time = profile.startTime;
profile.samples.forEach((sample, index) => {
  time += profile.timeDeltas[index] ?? 0;
  const phase = phases.find((candidate) => time >= candidate.start && time < candidate.end);
  const node = nodes.get(sample);
  if (!phase || !node) return;
  const byFunction = selfMs[kindOf(phase)];
  const key = describe(node);
  byFunction.set(key, (byFunction.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
});

const IDLE = '(idle) :-1';
for (const kind of ['drain', 'push'] as const) {
  const byFunction = selfMs[kind];
  const total = [...byFunction.values()].reduce((sum, ms) => sum + ms, 0);
  const idle = byFunction.get(IDLE) ?? 0;
  console.log(
    `${kind}: ${pushes[kind]} pushes; server busy ${((total - idle) / pushes[kind]).toFixed(2)} ms, idle ${(idle / pushes[kind]).toFixed(2)} ms per push`,
  );
}
const perPush = (kind: Kind, key: string) => (selfMs[kind].get(key) ?? 0) / Math.max(1, pushes[kind]);
const keys = [...new Set([...selfMs.drain.keys(), ...selfMs.push.keys()])].filter((key) => key !== IDLE);
keys.sort(
  (a, b) => Math.abs(perPush('drain', b) - perPush('push', b)) - Math.abs(perPush('drain', a) - perPush('push', a)),
);
console.log('self ms per push:   drain    push  function');
for (const key of keys.slice(0, Number(rowsArgument ?? 25))) {
  console.log(
    `${perPush('drain', key).toFixed(3).padStart(20)} ${perPush('push', key).toFixed(3).padStart(7)}  ${key}`,
  );
}
