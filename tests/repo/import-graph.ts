// The repository's imports as a graph of files and of rooms (folders), and the problems a
// layering forbids: an import that runs back up, a sideways import between features that the
// named list does not allow, and circles of files. Pure over the file texts it is given, so
// `import-direction.test.ts` can also feed it a planted graph. Run on its own it draws the
// server: `node tests/repo/import-graph.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.tools', 'data', 'test-results']);

/** Relative imports of a TypeScript text: `from '…'`, `import '…'`, `import('…')` (type imports too). */
export function relativeImportsOf(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set(specifiers)];
}

/** Every .ts/.tsx file under `folder` (relative to it), tests included. */
export function sourceFilesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(repositoryRoot, folder, relative), { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      const next = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(next);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(next);
    }
  };
  walk('');
  return found.sort();
}

/** File → the files it imports, all relative to one source root, for the files under `folder`. */
export function readImportGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFilesUnder(folder)) {
    const text = readFileSync(path.join(repositoryRoot, folder, file), 'utf8');
    graph.set(
      file,
      relativeImportsOf(text).map((specifier) =>
        path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
      ),
    );
  }
  return graph;
}

/** Strongly connected parts of more than one node (and nodes importing themselves): the circles. */
export function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    lowest.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        if (!graph.has(next)) continue;
        visit(next);
        lowest.set(node, Math.min(lowest.get(node) ?? 0, lowest.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** The rules of one source root: its rooms from the bottom up, and the sideways imports allowed. */
export interface Layering {
  /**
   * Rooms from the bottom floor up; a room is a folder (`db/`), a top-level file (`app.ts`) or,
   * written `features/*`, every folder under `features/`, each its own room on one floor.
   */
  floors: readonly (readonly string[])[];
  /** Imports between rooms of one floor that are allowed, each with its reason. */
  allowedSideways: readonly { from: string; to: string; why: string }[];
  /** Files outside the layering (tests and their helpers sit above everything). */
  isExempt(file: string): boolean;
}

/** The room a file lives in: `features/<name>`, its top folder with a slash, or the top-level file. */
export function roomOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts.length > 1 ? `${parts[0]}/` : file;
}

function floorOf(layering: Layering, room: string): number {
  return layering.floors.findIndex((rooms) =>
    rooms.some((pattern) => pattern === room || (pattern.endsWith('/*') && room.startsWith(pattern.slice(0, -1)))),
  );
}

export interface RoomEdge {
  from: string;
  to: string;
  /** One import that makes the edge, `file → imported file`. */
  example: string;
}

/** Imports between rooms, one entry per (room, room), from files the layering does not exempt. */
export function roomEdges(graph: ReadonlyMap<string, readonly string[]>, layering: Layering): RoomEdge[] {
  const edges = new Map<string, RoomEdge>();
  for (const [file, imports] of graph) {
    if (layering.isExempt(file)) continue;
    for (const imported of imports) {
      const from = roomOf(file);
      const to = roomOf(imported);
      if (from === to || edges.has(`${from} ${to}`)) continue;
      edges.set(`${from} ${to}`, { from, to, example: `${file} → ${imported}` });
    }
  }
  return [...edges.values()].sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}

/** What the layering forbids, one readable line each (empty when the imports keep it). */
export function findLayeringProblems(graph: ReadonlyMap<string, readonly string[]>, layering: Layering): string[] {
  const problems: string[] = [];
  const edges = roomEdges(graph, layering);
  for (const edge of edges) {
    const from = floorOf(layering, edge.from);
    const to = floorOf(layering, edge.to);
    if (from < 0 || to < 0) {
      problems.push(`${from < 0 ? edge.from : edge.to} is on no floor of the layering (${edge.example})`);
    } else if (to > from) {
      problems.push(`runs back up from ${edge.from} to ${edge.to}: ${edge.example}`);
    } else if (
      to === from &&
      !layering.allowedSideways.some((allowed) => allowed.from === edge.from && allowed.to === edge.to)
    ) {
      problems.push(`sideways from ${edge.from} to ${edge.to}, not on the allowed list: ${edge.example}`);
    }
  }
  const used = new Set(edges.map((edge) => `${edge.from} ${edge.to}`));
  for (const allowed of layering.allowedSideways) {
    if (!used.has(`${allowed.from} ${allowed.to}`))
      problems.push(`allowed ${allowed.from} → ${allowed.to} is no longer used: drop it`);
  }
  const sideways = new Map<string, string[]>();
  for (const allowed of layering.allowedSideways)
    sideways.set(allowed.from, [...(sideways.get(allowed.from) ?? []), allowed.to]);
  for (const circle of findCircles(sideways))
    problems.push(`the allowed sideways imports make a circle: ${circle.join(' ↔ ')}`);
  const productionGraph = new Map([...graph].filter(([file]) => !layering.isExempt(file)));
  for (const circle of findCircles(productionGraph)) problems.push(`circle of files: ${circle.join(' ↔ ')}`);
  return problems;
}

if (import.meta.main) {
  const { SERVER_LAYERING, SERVER_SOURCE } = await import('./server-layering.ts');
  const graph = readImportGraph(SERVER_SOURCE);
  const edges = roomEdges(graph, SERVER_LAYERING);
  const rooms = new Set(edges.flatMap((edge) => [edge.from, edge.to]));
  console.log(`${rooms.size} rooms, ${edges.length} arrows between them`);
  for (const edge of edges) console.log(`  ${edge.from} → ${edge.to}   (${edge.example})`);
  const problems = findLayeringProblems(graph, SERVER_LAYERING);
  console.log(problems.length === 0 ? 'no problems' : problems.join('\n'));
}
