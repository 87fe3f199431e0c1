// Two server processes share one database and one DATA_DIR/files (decision 0144). Here two apps
// on the same database and folder stand for them: a process starting up leaves the other's
// upload under way alone, and the same photo sent to both at once is stored once, whole.
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { fakeJpeg, loadCulinary, multipartBody, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { waitFor } from '../../test-support/wait-for.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
  /** The second process, once started. */
  other?: AppInstance;
}

const Shared = suite<Context>('two processes share the stored files');
Shared.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
});
Shared.after.each(async (context) => {
  await context.other?.close();
  await context.t.close();
});

function storedPhotoFiles({ t }: Context): string[] {
  return readdirSync(t.config.filesDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

Shared('another process starting up leaves an upload under way alone', async (context) => {
  const { t, c } = context;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const photo = fakeJpeg(1024 * 1024);
  const form = multipartBody({}, { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
  const answer = new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: `/api/sync/photos/${photo.sha256}`,
        headers: { ...c.headers, ...form.headers, 'content-length': form.payload.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.write(form.payload.subarray(0, form.payload.length / 2));
    const tempDir = path.join(t.config.filesDir, 'tmp');
    void waitFor('the upload to be under way', () => readdirSync(tempDir).length > 0)
      .then(async () => {
        // The second process starts (its start-up sweep runs) while the first still receives the photo.
        const other = await buildApp({ config: t.config, db: t.db, logger: false });
        context.other = other;
        await other.ready();
        assert.is(readdirSync(tempDir).length, 1, 'the upload under way is still there');
        request.end(form.payload.subarray(form.payload.length / 2));
      })
      .catch((error: unknown) => {
        // Never leave the server waiting on half a body: its close would wait for ever.
        request.destroy();
        reject(error as Error);
      });
  });
  const { status, body } = await answer;
  assert.is(status, 201, body);
  const [row] = await t.db.selectFrom('stored_file').select('storage_name').execute();
  assert.equal(storedPhotoFiles(context), [row?.storage_name]);
});

Shared('the same photo sent to both processes at once is stored once, whole', async (context) => {
  const { t, c } = context;
  const other = await buildApp({ config: t.config, db: t.db, logger: false });
  context.other = other;
  await other.ready();
  const photo = fakeJpeg(512 * 1024);
  const send = (app: AppInstance) => {
    const form = multipartBody({}, { field: 'file', filename: 'b.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
    return app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${photo.sha256}`,
      headers: { ...c.headers, ...form.headers },
      payload: form.payload,
    });
  };
  const answers = await Promise.all([send(t.app), send(other), send(t.app), send(other)]);
  assert.equal(
    answers.map((answer) => answer.statusCode).sort(),
    [200, 200, 200, 201],
    answers.map((answer) => answer.body).join('\n'),
  );
  const rows = await t.db.selectFrom('stored_file').select('storage_name').execute();
  assert.is(rows.length, 1);
  assert.equal(storedPhotoFiles(context), [rows[0]?.storage_name], 'the losers removed their copies');
  assert.equal(readdirSync(path.join(t.config.filesDir, 'tmp')), [], 'no temporary file left');
});

Shared.run();
