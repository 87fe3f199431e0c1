// A push's answer goes out as it is, even when the tablet accepts compression: it is a few
// kilobytes, and under a crowd of judges the server's CPU is what runs short (json-compression.ts).
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { deviceFor, postPush, subsectionId } from './sync.routes.fixtures.ts';

const Answer = createCulinarySuite('sync push: the answer is never compressed');

Answer('a push of 50 edits answers over 1 KiB of plain JSON to a tablet that accepts br and gzip', async ({ t, c }) => {
  const device = deviceFor(c);
  for (let edit = 0; edit < 50; edit += 1) device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 1 + (edit % 9));
  const { body } = device.nextPush();
  const response = await postPush(t, { ...c.headers, 'accept-encoding': 'gzip, deflate, br' }, body);
  assert.is(response.statusCode, 200);
  assert.is(response.headers['content-encoding'], undefined);
  assert.ok(response.rawPayload.length > 1024, `the answer is ${response.rawPayload.length} bytes`);
  const results = (JSON.parse(response.rawPayload.toString()) as PushResponse).results;
  assert.is(results.length, 50);
  assert.ok(results.every((result) => result.status === 'applied'));
});

Answer.run();
