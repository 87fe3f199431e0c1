// The stored-files folder: a write is whole or absent to every reader (this process or another),
// two writers of one name both succeed, names that leave the folder are refused and unfinished
// writes are never listed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { storedFilesAt, StoredNameRefused, TEMPORARY_FOLDER, type StoredFiles } from './stored-files.ts';

interface Context {
  dir: string;
  folder: string;
  files: StoredFiles;
}

const Files = suite<Context>('stored files');
Files.before.each((context) => {
  context.dir = mkdtempSync(path.join(os.tmpdir(), 'stored-files-'));
  context.folder = path.join(context.dir, 'files');
  context.files = storedFilesAt(context.folder);
});
Files.after.each(({ dir }) => rmSync(dir, { recursive: true, force: true }));

/** `count` chunks of `chunk` bytes, each after a pause: a slow upload. */
function slowSource(count: number, chunk: Buffer, pauseMs: number): Readable {
  return Readable.from(
    (async function* () {
      for (let index = 0; index < count; index += 1) {
        await sleep(pauseMs);
        yield chunk;
      }
    })(),
  );
}

function temporaries(folder: string): string[] {
  const temporaryFolder = path.join(folder, TEMPORARY_FOLDER);
  return existsSync(temporaryFolder) ? readdirSync(temporaryFolder) : [];
}

Files('put, size, open, list and remove a file, in a sub-folder too', async ({ folder, files }) => {
  await files.put('photo.jpg', Buffer.from('jpeg bytes'));
  await files.put('help-documents/rules', Readable.from([Buffer.from('%PDF '), Buffer.from('rules')]));
  assert.is(await files.size('photo.jpg'), 10);
  assert.is(await files.size('missing.jpg'), undefined);
  const chunks: Buffer[] = [];
  for await (const chunk of files.open('help-documents/rules') as AsyncIterable<Buffer>) chunks.push(chunk);
  assert.is(Buffer.concat(chunks).toString(), '%PDF rules');
  assert.equal(await files.list(), ['help-documents/rules', 'photo.jpg']);
  assert.is(readFileSync(path.join(folder, 'photo.jpg'), 'utf8'), 'jpeg bytes', 'a stored name is a plain file');
  await files.remove('photo.jpg');
  await files.remove('photo.jpg');
  assert.equal(await files.list(), ['help-documents/rules']);
  assert.equal(temporaries(folder), [], 'no temporary file left');
});

Files('a reader never sees a partial file while a slow put runs', async ({ folder, files }) => {
  const chunk = Buffer.alloc(64 * 1024, 7);
  const whole = 24 * chunk.length;
  let isDone = false;
  const seen = new Set<string>();
  const reader = (async () => {
    while (!isDone) {
      const bytes = await readFile(files.pathOf('slow.jpg')).catch(() => undefined);
      seen.add(bytes === undefined ? 'absent' : bytes.length === whole ? 'whole' : `partial ${bytes.length}`);
      await sleep(1);
    }
  })();
  try {
    const put = files.put('slow.jpg', slowSource(24, chunk, 5));
    await sleep(40);
    const listedMeanwhile = await files.list();
    const waiting = temporaries(folder).length;
    await put;
    await sleep(10);
    assert.equal(listedMeanwhile, [], 'not listed while it is written');
    assert.is(waiting, 1, 'the bytes so far wait under a temporary name');
  } finally {
    isDone = true;
    await reader;
  }
  assert.equal([...seen].sort(), ['absent', 'whole']);
  assert.is(await files.size('slow.jpg'), whole);
});

Files('two puts of one name at once both succeed; the file is one of them, whole', async ({ folder, files }) => {
  const same = Buffer.alloc(256 * 1024, 3);
  await Promise.all([
    files.put('same.jpg', same),
    files.put('same.jpg', slowSource(4, same.subarray(0, 64 * 1024), 2)),
  ]);
  assert.ok(readFileSync(files.pathOf('same.jpg')).equals(same), 'the same content, whole');

  const first = Buffer.alloc(300 * 1024, 1);
  const second = Buffer.alloc(200 * 1024, 2);
  await Promise.all([files.put('other.jpg', first), files.put('other.jpg', second)]);
  const stored = readFileSync(files.pathOf('other.jpg'));
  assert.ok(stored.equals(first) || stored.equals(second), 'one of the two, never a mix');
  assert.equal(temporaries(folder), []);
});

Files('processes sharing the folder: writers of one name both succeed, readers see whole files', async (context) => {
  const size = 2 * 1024 * 1024;
  const module = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stored-files.ts');
  const writer = (fill: number) =>
    new Promise<number | null>((resolve, reject) => {
      const script = `
        const { storedFilesAt } = await import(${JSON.stringify(module)});
        const files = storedFilesAt(${JSON.stringify(context.folder)});
        for (let round = 0; round < 15; round += 1) await files.put('shared.jpg', Buffer.alloc(${size}, ${fill}));`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', resolve);
    });
  let isDone = false;
  const seen = new Map<string, number>();
  const reader = (async () => {
    while (!isDone) {
      const bytes = await readFile(context.files.pathOf('shared.jpg')).catch(() => undefined);
      const kind =
        bytes === undefined
          ? 'absent'
          : bytes.length === size && (bytes.every((byte) => byte === 1) || bytes.every((byte) => byte === 2))
            ? 'whole'
            : 'partial or mixed';
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
    }
  })();
  const codes = await Promise.all([writer(1), writer(2)]).finally(() => {
    isDone = true;
  });
  await reader;
  assert.equal(codes, [0, 0], 'both writers succeeded');
  assert.is(seen.get('partial or mixed'), undefined, `never half a file: ${JSON.stringify([...seen])}`);
  assert.ok((seen.get('whole') ?? 0) > 0, 'the reader saw the file');
  assert.equal(temporaries(context.folder), []);
});

Files('names that leave the folder or reach the temporary files are refused, nothing written', async (context) => {
  const { dir, files } = context;
  writeFileSync(path.join(dir, 'outside'), 'kept');
  const refused = [
    '',
    '../outside',
    'a/../../outside',
    '/etc/passwd',
    '//etc/passwd',
    'a//b',
    './photo.jpg',
    '.hidden',
    'help-documents/..',
    'a\\..\\..\\outside',
    'photo\0.jpg',
    `${TEMPORARY_FOLDER}/x.part`,
  ];
  for (const name of refused) {
    assert.throws(
      () => files.pathOf(name),
      (error: unknown) => error instanceof StoredNameRefused,
      name,
    );
    for (const attempt of [
      () => files.put(name, Buffer.from('overwritten')),
      () => files.remove(name),
      () => files.size(name),
    ]) {
      await attempt().then(
        () => assert.unreachable(`${JSON.stringify(name)} was accepted`),
        (error: unknown) => assert.instance(error, StoredNameRefused),
      );
    }
    assert.throws(
      () => files.open(name),
      (error: unknown) => error instanceof StoredNameRefused,
    );
  }
  assert.is(readFileSync(path.join(dir, 'outside'), 'utf8'), 'kept');
  assert.equal(await files.list(), []);
  assert.is(files.pathOf('help-documents/abc'), path.join(context.folder, 'help-documents', 'abc'));
});

Files('list skips unfinished writes; a missing folder lists nothing', async ({ folder, files }) => {
  assert.equal(await files.list(), [], 'no folder yet');
  await files.put('b.jpg', Buffer.from('b'));
  await files.put('help-documents/a', Buffer.from('a'));
  const staged = await files.stage();
  staged.sink.write('half a photo');
  writeFileSync(path.join(folder, TEMPORARY_FOLDER, 'left-by-a-crash.part'), 'half');
  assert.equal(await files.list(), ['b.jpg', 'help-documents/a']);
  await staged.discard();
  assert.equal(temporaries(folder), ['left-by-a-crash.part']);
});

Files('a put whose source fails leaves nothing; a staged file is stored only when written', async (context) => {
  const { folder, files } = context;
  const failing = Readable.from(
    (async function* () {
      yield Buffer.from('the first half');
      await sleep(1);
      throw new Error('the connection dropped');
    })(),
  );
  await files.put('cut.jpg', failing).then(
    () => assert.unreachable('a failed source was stored'),
    (error: unknown) => assert.match(String(error), 'the connection dropped'),
  );
  assert.is(await files.size('cut.jpg'), undefined);
  assert.equal(temporaries(folder), []);

  const staged = await files.stage();
  staged.sink.write('unfinished');
  await staged.storeAs('early.jpg').then(
    () => assert.unreachable('stored before its end'),
    (error: unknown) => assert.match(String(error), 'before its bytes were all written'),
  );
  await staged.discard();
  assert.is(await files.size('early.jpg'), undefined);
  assert.equal(temporaries(folder), []);
});

Files('the sweep removes only unfinished writes older than the cut-off', async ({ folder, files }) => {
  await files.put('kept.jpg', Buffer.from('kept'));
  const temporaryFolder = path.join(folder, TEMPORARY_FOLDER);
  writeFileSync(path.join(temporaryFolder, 'old.part'), 'a crash');
  writeFileSync(path.join(temporaryFolder, 'recent.part'), 'another process is writing it');
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(path.join(temporaryFolder, 'old.part'), old, old);
  assert.is(await files.sweepTemporaries(), 1, 'untouched for an hour by default');
  assert.is(await files.sweepTemporaries(60 * 60 * 1000), 0);
  assert.equal(readdirSync(temporaryFolder), ['recent.part']);
  assert.equal(await files.list(), ['kept.jpg']);
});

Files.run();
