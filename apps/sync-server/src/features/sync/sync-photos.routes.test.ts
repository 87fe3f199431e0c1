// Photo uploads through the sync door: checked by hash, content and size, no temp file left.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { fakeJpeg, multipartBody } from '../../test-support/judging-fixtures.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';

const Sync = createCulinarySuite('sync protocol: photos');

Sync('photos: 201 then 200, checked by hash, content and size, leaving no temp file', async ({ t, c }) => {
  const put = (sha256: string, bytes: Buffer, contentType = 'image/jpeg') => {
    const body = multipartBody({}, { field: 'file', filename: 'photo.jpg', contentType, bytes });
    return t.app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${sha256}`,
      headers: { ...c.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const photo = fakeJpeg(300 * 1024);
  const created = await put(photo.sha256, photo.bytes);
  assert.is(created.statusCode, 201);
  assert.equal(created.json(), { sha256: photo.sha256, mime: 'image/jpeg', size: photo.bytes.length, isNew: true });
  const again = await put(photo.sha256, photo.bytes);
  assert.is(again.statusCode, 200);
  assert.is(again.json().isNew, false);

  const other = fakeJpeg();
  const mismatch = await put(other.sha256, photo.bytes);
  assert.equal(
    [mismatch.statusCode, mismatch.json().message],
    [400, 'The photo does not match its hash; upload it again.'],
  );
  const text = Buffer.from('%PDF-1.7 definitely not an image');
  const { createHash } = await import('node:crypto');
  const textSha = createHash('sha256').update(text).digest('hex');
  const notImage = await put(textSha, text, 'image/jpeg');
  assert.equal([notImage.statusCode, notImage.json().message], [415, 'Photos must be images.']);
  const huge = fakeJpeg(10 * 1024 * 1024 + 1);
  const tooBig = await put(huge.sha256, huge.bytes);
  assert.is(tooBig.statusCode, 413);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  const pngPut = await put(createHash('sha256').update(png).digest('hex'), png, 'application/octet-stream');
  assert.equal(
    [pngPut.statusCode, pngPut.json().mime],
    [201, 'image/png'],
    'the content decides, not the declared type',
  );
  const fieldsOnly = multipartBody({ a: 1 });
  const noFile = await t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${photo.sha256}`,
    headers: { ...c.headers, ...fieldsOnly.headers },
    payload: fieldsOnly.payload,
  });
  assert.equal([noFile.statusCode, noFile.json().message], [400, 'A photo file is required']);
  const broken = multipartBody({}, { field: 'file', filename: 'x.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
  const brokenPut = await t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${photo.sha256}`,
    headers: { ...c.headers, 'content-type': 'multipart/form-data; boundary=not-the-boundary' },
    payload: broken.payload,
  });
  assert.is(brokenPut.statusCode, 400, "a broken form is the client's error");

  const rows = await t.db.selectFrom('stored_file').selectAll().execute();
  assert.equal(rows.map((row) => row.mime).sort(), ['image/jpeg', 'image/png']);
  const files = readdirSync(t.config.filesDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  assert.equal(
    files.sort(),
    rows.map((row) => row.storage_name).sort(),
    'one file per stored photo, under random names',
  );
  assert.equal(readdirSync(path.join(t.config.filesDir, 'tmp')), [], 'no temp file left');
  const judgeOnly = await loginAs(t.app, 'admin@demo.test');
  assert.is(
    (await t.app.inject({ method: 'PUT', url: `/api/sync/photos/${photo.sha256}`, headers: judgeOnly.headers }))
      .statusCode,
    403,
  );
});

Sync.run();
