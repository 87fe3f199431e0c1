// The benchmark appendix writer (bench/appendix.ts): what `pnpm bench` printed becomes one section
// per bench with its date and machine; a later run replaces the sections it ran, keeps the others,
// and carries the hand-written "Earlier measurements" over unchanged.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EARLIER_HEADING, readAppendix, recordPrinted, renderAppendix, writeAppendix } from '../../bench/appendix.ts';

const EARLIER = `${EARLIER_HEADING}\n\n- a figure from the diary: 3.15 s against 3.36 s\n`;
const morning = { date: '2026-11-28 09:00 UTC', machine: 'EPYC, 2 CPUs', command: 'node bench/run.ts' };
const evening = { date: '2026-11-28 21:00 UTC', machine: 'EPYC, 2 CPUs', command: 'node bench/run.ts save' };

test('a run writes each bench printed, with date, machine and command, then the earlier measurements', () => {
  const markdown = renderAppendix(`# old\n\n${EARLIER}`, morning, [
    { title: '(a) save', lines: ['', '(a) save one score', '    median 13.2 ms = 0.79 frames', ''] },
    { title: '(c) results', lines: ['    aggregate 12 ms; report 1.10×'] },
  ]);
  assert.match(markdown, /^# Benchmark appendix\n/);
  assert.match(
    markdown,
    '## (a) save\n\n_2026-11-28 09:00 UTC, EPYC, 2 CPUs, `node bench/run.ts`_\n\n```text\n(a) save one score\n    median 13.2 ms = 0.79 frames\n```\n',
  );
  assert.ok(markdown.indexOf('## (a) save') < markdown.indexOf('## (c) results'));
  assert.ok(markdown.endsWith(EARLIER), 'the earlier measurements close the file, unchanged');
});

test('a partial run replaces its own section and keeps the others and the earlier part', () => {
  const first = renderAppendix(undefined, morning, [
    { title: '(a) save', lines: ['median 13.2 ms'] },
    { title: '(c) results', lines: ['report 1.10×'] },
  ]);
  const withEarlier = first.replace(/## Earlier measurements[\s\S]*$/, EARLIER);
  const second = renderAppendix(withEarlier, evening, [{ title: '(a) save', lines: ['median 12.9 ms'] }]);
  const { sections, earlier } = readAppendix(second);
  assert.equal(
    sections.map((section) => [section.title, section.lines, section.stamp.slice(0, 19)]),
    [
      ['(a) save', ['median 12.9 ms'], '2026-11-28 21:00 UT'],
      ['(c) results', ['report 1.10×'], '2026-11-28 09:00 UT'],
    ],
  );
  assert.equal(earlier, EARLIER);
  assert.equal(renderAppendix(second, evening, [{ title: '(a) save', lines: ['median 12.9 ms'] }]), second);
});

test('recordPrinted keeps console.log lines per bench, only after a bench begins, and restores console.log', () => {
  const real = console.log;
  const silent = (...values: unknown[]) => void values; // the test's output stays clean
  console.log = silent;
  const printed = recordPrinted();
  let restored: typeof console.log;
  try {
    console.log('before any bench');
    printed.begin('(a) save');
    console.log('\n(a) save one score\n    median 13.2 ms', 3);
    printed.begin('(b) drain');
    printed.begin('(c) results');
    console.log('\u001b[32mreport\u001b[39m 1.10×');
  } finally {
    printed.stop();
    restored = console.log;
    console.log = real;
  }
  assert.is(restored, silent);
  assert.equal(printed.benches(), [
    { title: '(a) save', lines: ['', '(a) save one score', '    median 13.2 ms 3'] },
    { title: '(c) results', lines: ['report 1.10×'] },
  ]);
});

test('writeAppendix writes the file, and writes nothing when no bench printed', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-appendix-'));
  try {
    const file = path.join(folder, 'APPENDIX.md');
    writeFileSync(file, `# Benchmark appendix\n\n${EARLIER}`);
    writeAppendix([], 'node bench/run.ts', file);
    assert.is(readFileSync(file, 'utf8'), `# Benchmark appendix\n\n${EARLIER}`);
    writeAppendix([{ title: '(c) results', lines: ['report 1.10×'] }], 'node bench/run.ts results', file);
    const written = readFileSync(file, 'utf8');
    assert.match(
      written,
      /## \(c\) results\n\n_\d{4}-\d\d-\d\d \d\d:\d\d UTC, .+ CPUs, .+, `node bench\/run.ts results`_/,
    );
    assert.ok(written.endsWith(EARLIER));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test.run();
