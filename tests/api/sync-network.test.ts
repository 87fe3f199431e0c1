// offline-sync.md "Proof that nothing is lost", over a real port: the same batch pushed twice
// at once (3), the response lost after the commit (4), and a photo upload cut off half-way
// then retried (10). Each ends with a convergence check.
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, type TestApp } from '../../apps/sync-server/src/test-support/build-test-app.ts';
import {
  fakeJpeg,
  loadCulinary,
  multipartBody,
  type CulinaryFixture,
} from '../../apps/sync-server/src/test-support/judging-fixtures.ts';
import {
  assertConverged,
  fetchTransport,
  readServerCells,
  SimulatedDevice,
  type PushResponse,
} from '../../apps/sync-server/src/test-support/sync-device.ts';
import { waitFor } from '../../apps/sync-server/src/test-support/wait-for.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
  baseUrl: string;
  port: number;
}

const Network = suite<Context>('sync over a real port');
Network.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
  await context.t.app.listen({ port: 0, host: '127.0.0.1' });
  context.port = (context.t.app.server.address() as AddressInfo).port;
  context.baseUrl = `http://127.0.0.1:${context.port}`;
});
Network.after.each(async (context) => {
  await context.t.close();
});

/** A device with edits to several cells, some edited twice. */
function deviceWithEdits(c: CulinaryFixture, count: number): SimulatedDevice {
  const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
  const knife = c.sections[0];
  for (let index = 0; index < count; index++) {
    const subsection = knife.subsections[index % knife.subsections.length];
    if (!subsection) throw new Error('no subsection');
    device.putSubsection(c.place(0, Math.floor(index / 8) % 12), subsection.subsectionId, 1 + (index % 4) * 0.25);
  }
  return device;
}

/** Sends a request and destroys the socket at `when`: the client never sees the answer. */
function sendAndLoseResponse(
  port: number,
  token: string,
  body: unknown,
  when: 'on-response' | 'after-send',
): Promise<void> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/sync/push',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': payload.length,
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.on('response', (response) => {
      response.destroy();
      request.destroy();
    });
    request.end(payload, () => {
      if (when === 'after-send') request.destroy();
    });
  });
}

Network('scenario 3: the same batch pushed twice at the same time is applied once', async ({ t, c, baseUrl }) => {
  const device = deviceWithEdits(c, 40);
  const all = [...device.outbox];
  const { body } = device.nextPush();
  const send = () =>
    fetch(`${baseUrl}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({
      status: response.status,
      json: (await response.json()) as { results: { status: string }[] },
    }));
  const [first, second] = await Promise.all([send(), send()]);
  assert.is(first?.status, 200);
  assert.is(second?.status, 200);
  const statuses = [first, second].map((answer) =>
    [...new Set(answer?.json.results.map((result) => result.status))].join(),
  );
  assert.equal(statuses.sort(), ['applied', 'duplicate'], 'one push applied everything, the other found duplicates');
  await device.drain(fetchTransport(baseUrl, c.token));
  await assertConverged(t.db, device, { allMutations: all, transport: fetchTransport(baseUrl, c.token) });
});

Network(
  'scenario 4: the response is lost after the commit; the retry is answered duplicate',
  async ({ t, c, baseUrl, port }) => {
    const device = deviceWithEdits(c, 30);
    const all = [...device.outbox];
    const transport = fetchTransport(baseUrl, c.token);
    const { entries, body } = device.nextPush();
    await sendAndLoseResponse(port, c.token, body, 'on-response');
    assert.is(device.pending().length, 30, 'the device heard nothing, so it keeps everything');
    const retry = await transport.send('POST', '/api/sync/push', body);
    const results = (retry.body as { results: { status: string }[] }).results;
    assert.equal(
      results.map((result) => result.status),
      entries.map(() => 'duplicate'),
    );
    device.acceptPushResponse(retry.body as PushResponse);
    await assertConverged(t.db, device, { allMutations: all, transport });

    const start = await readServerCells(t.db, c.judgeId, c.eventId);
    const more = deviceWithEdits(c, 12);
    const moreAll = [...more.outbox];
    await sendAndLoseResponse(port, c.token, more.nextPush().body, 'after-send');
    await more.drain(transport);
    for (const result of more.results.values()) assert.ok(['applied', 'duplicate'].includes(result.status));
    await assertConverged(t.db, more, { allMutations: moreAll, transport, start });
  },
);

Network(
  'scenario 10: a photo upload cut off half-way leaves nothing; the retry stores one file',
  async ({ t, c, baseUrl, port }) => {
    const photo = fakeJpeg(1024 * 1024);
    const form = multipartBody(
      {},
      { field: 'file', filename: 'station.jpg', contentType: 'image/jpeg', bytes: photo.bytes },
    );
    const tempDir = path.join(t.config.filesDir, 'tmp');
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: `/api/sync/photos/${photo.sha256}`,
      headers: { authorization: `Bearer ${c.token}`, ...form.headers, 'content-length': form.payload.length },
    });
    const closed = new Promise((resolve) => request.on('close', resolve));
    request.on('error', () => undefined);
    request.write(form.payload.subarray(0, form.payload.length / 2));
    await waitFor('the server to start writing the upload', () => readdirSync(tempDir).length > 0);
    request.destroy();
    await closed;
    await waitFor('the unfinished upload to be removed', () => readdirSync(tempDir).length === 0);
    assert.is(
      (await t.db.selectFrom('stored_file').selectAll().execute()).length,
      0,
      'no row for an unfinished upload',
    );

    const upload = () =>
      fetch(`${baseUrl}/api/sync/photos/${photo.sha256}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${c.token}`, ...form.headers },
        body: new Uint8Array(form.payload),
      });
    assert.is((await upload()).status, 201);
    assert.is((await upload()).status, 200, 'safe to repeat');
    const rows = await t.db.selectFrom('stored_file').selectAll().execute();
    assert.is(rows.length, 1);
    assert.equal(
      readdirSync(t.config.filesDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
      [rows[0]?.storage_name],
    );
    assert.equal(readdirSync(tempDir), []);

    const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
    const transport = fetchTransport(baseUrl, c.token);
    device.putSubsection(c.place(0, 0), c.sections[0].subsections[0]?.subsectionId ?? 0, 6.5, {
      photoSha256: photo.sha256,
    });
    const all = [...device.outbox];
    await device.drain(transport);
    await assertConverged(t.db, device, { allMutations: all, transport });
  },
);

Network.run();
