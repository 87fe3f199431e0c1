// Decision records stay findable (issue 37): every file in docs/decisions/ but the index is a
// numbered record `NNNN-slug.md` with its three headings, numbers are unique, and the index
// (docs/decisions/README.md) lists each record once under its own number. Measured figures live
// in bench/APPENDIX.md, not in the records.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '../..');
const folder = path.join(root, 'docs/decisions');
const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const HEADINGS = ['## Context', '## Decision', '## Consequences'];

const files = readdirSync(folder).filter((name) => name !== 'README.md');
const records = files.filter((name) => RECORD_NAME.test(name));
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

test('every file in docs/decisions/ but README.md is named NNNN-slug.md', () => {
  assert.equal(
    files.filter((name) => !RECORD_NAME.test(name)),
    [],
    'name decision records NNNN-short-slug.md',
  );
  assert.ok(records.length > 50, `the check reads the records (${records.length} found)`);
});

test('record numbers are unique', () => {
  const byNumber = new Map<string, string[]>();
  for (const name of records) byNumber.set(name.slice(0, 4), [...(byNumber.get(name.slice(0, 4)) ?? []), name]);
  const clashes = [...byNumber.values()].filter((names) => names.length > 1).map((names) => names.join(' and '));
  assert.equal(clashes, [], 'give each record its own number');
});

test('every record has a numbered title and the three headings, in order', () => {
  const problems = records.flatMap((name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    const lines = text.split('\n');
    const found: string[] = [];
    if (lines[0] !== undefined && !lines[0].startsWith(`# ${name.slice(0, 4)}. `))
      found.push(`${name}: the first line is "# ${name.slice(0, 4)}. <title>"`);
    const positions = HEADINGS.map((heading) => lines.indexOf(heading));
    if (positions.some((position) => position < 0)) found.push(`${name}: needs ${HEADINGS.join(', ')}`);
    else if (positions.some((position, i) => i > 0 && position < (positions[i - 1] ?? 0)))
      found.push(`${name}: headings out of order`);
    return found;
  });
  assert.equal(problems, []);
});

test('the index lists every record once, under its own number, and nothing else', () => {
  const listed = [...index.matchAll(/^\| (\d{4}) +\| \[[^\]]+\]\(([^)]+)\) *\|/gm)].map((match) => ({
    number: match[1] ?? '',
    file: match[2] ?? '',
  }));
  const listedFiles = listed.map((entry) => entry.file);
  assert.equal(
    records.filter((name) => !listedFiles.includes(name)),
    [],
    'add these records to docs/decisions/README.md',
  );
  assert.equal(
    listedFiles.filter((file) => !records.includes(file)),
    [],
    'the index links records that do not exist',
  );
  assert.equal(
    listedFiles.filter((file, i) => listedFiles.indexOf(file) !== i),
    [],
    'the index lists these records twice',
  );
  assert.equal(
    listed.filter((entry) => !entry.file.startsWith(`${entry.number}-`)).map((entry) => entry.file),
    [],
    "an index row's number differs from its file's",
  );
});

test('links between records name records that exist', () => {
  const broken = records.flatMap((name) =>
    [...readFileSync(path.join(folder, name), 'utf8').matchAll(/\]\((\d{4}-[^)#]+\.md)\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !records.includes(target))
      .map((target) => `${name} → ${target}`),
  );
  assert.equal(broken, []);
});

test.run();
