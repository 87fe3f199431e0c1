// The benchmark appendix (`bench/APPENDIX.md`): the figures `pnpm bench` printed, grouped by bench,
// with the date and the machine. Decision records keep the why and point here for the figures
// (docs/decisions/0001-figures-in-the-bench-appendix.md). A run rewrites the benches it ran and
// keeps the others' last figures; the hand-written "Earlier measurements" part (figures no bench
// measures any more) is carried over unchanged.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export const APPENDIX_FILE = new URL('./APPENDIX.md', import.meta.url);
export const EARLIER_HEADING = '## Earlier measurements';

/** One bench's printed lines in one run. */
export type PrintedBench = { title: string; lines: string[] };
/** When, where and how a bench was measured. */
export type RunStamp = { date: string; machine: string; command: string };
type StampedBench = PrintedBench & { stamp: string };

const HEADER = `# Benchmark appendix

The figures behind the decision records (\`docs/decisions/\`), as \`pnpm bench\` (\`bench/run.ts\`) printed
them. Generated: a run rewrites the sections of the benches it ran (\`node bench/run.ts save\` only the save's)
and keeps the others; edit only the "Earlier measurements" part, which every run carries over. Figures are
from a shared machine: compare ratios measured in one run, not absolute times across runs.
`;

/** The machine, in one line: CPU model and count, memory, OS, Node. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${model}, ${cpus.length} CPUs, ${memoryGiB} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

const ANSI_ESCAPES = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/**
 * Records what is printed while a bench runs: `begin(title)` opens a bench's section, and every
 * `console.log` line after it (printed as usual) is kept in that section until the next `begin`.
 */
export function recordPrinted(): { begin: (title: string) => void; benches: () => PrintedBench[]; stop: () => void } {
  const benches: PrintedBench[] = [];
  const original = console.log;
  console.log = (...values: unknown[]) => {
    original(...values);
    const current = benches.at(-1);
    if (!current) return;
    const text = values.map((value) => (typeof value === 'string' ? value : String(value))).join(' ');
    current.lines.push(...text.replace(ANSI_ESCAPES, '').split('\n'));
  };
  return {
    begin: (title) => void benches.push({ title, lines: [] }),
    benches: () => benches.filter((bench) => bench.lines.some((line) => line.trim() !== '')),
    stop: () => void (console.log = original),
  };
}

/** The sections of an appendix, by title, and its "Earlier measurements" part (heading included). */
export function readAppendix(markdown: string): { sections: StampedBench[]; earlier: string } {
  const earlierAt = markdown.indexOf(`\n${EARLIER_HEADING}\n`);
  const generated = earlierAt >= 0 ? markdown.slice(0, earlierAt) : markdown;
  const earlier = earlierAt >= 0 ? markdown.slice(earlierAt + 1).trimEnd() + '\n' : '';
  const sections = generated
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const [title = '', ...rest] = chunk.split('\n');
      const body = rest.join('\n');
      const stamp = /^_(.*)_$/m.exec(body)?.[1] ?? '';
      const lines = /```text\n([\s\S]*?)\n```/.exec(body)?.[1]?.split('\n') ?? [];
      return { title: title.trim(), stamp, lines };
    });
  return { sections, earlier };
}

const trimBlankEdges = (lines: readonly string[]) => {
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start < 0) return [];
  const end = lines.length - [...lines].reverse().findIndex((line) => line.trim() !== '');
  return lines.slice(start, end).map((line) => line.trimEnd());
};

/**
 * The appendix after a run: the run's benches (in the order run) replace the sections of the same
 * title, sections of benches not run stay as they were, and the earlier measurements follow.
 */
export function renderAppendix(existing: string | undefined, run: RunStamp, printed: readonly PrintedBench[]): string {
  const { sections, earlier } = readAppendix(existing ?? '');
  const stamp = `${run.date}, ${run.machine}, \`${run.command}\``;
  const fresh = new Map(printed.map((bench) => [bench.title, { ...bench, stamp }]));
  const merged: StampedBench[] = sections.map((section) => fresh.get(section.title) ?? section);
  for (const bench of fresh.values())
    if (!sections.some((section) => section.title === bench.title)) merged.push(bench);
  const body = merged.map(
    (section) =>
      `## ${section.title}\n\n_${section.stamp}_\n\n\`\`\`text\n${trimBlankEdges(section.lines).join('\n')}\n\`\`\`\n`,
  );
  return [HEADER, ...body, earlier || `${EARLIER_HEADING}\n\nNone kept.\n`].join('\n');
}

/** Rewrites `bench/APPENDIX.md` (or `file`) with what this run printed; nothing when nothing was printed. */
export function writeAppendix(printed: readonly PrintedBench[], command: string, file: URL | string = APPENDIX_FILE) {
  if (printed.length === 0) return;
  let existing: string | undefined;
  try {
    existing = readFileSync(file, 'utf8');
  } catch {
    existing = undefined;
  }
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  writeFileSync(file, renderAppendix(existing, { date, machine: describeMachine(), command }, printed));
}
