// What the one error handler logs: a fault (an unexpected throw, a 500) at error with its stack;
// a refusal the code meant (ApiError 4xx, and 503 such as the push order's) at info or warn with
// its code and no stack. The body is the one error shape either way, revealing nothing internal.
import Fastify from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../common/api-error.ts';
import { registerErrorHandling } from './error-handler.ts';

interface LogLine {
  level: number;
  msg?: string;
  code?: string;
  err?: { stack?: string };
}

async function answerAndLog(failure: () => never) {
  const lines: LogLine[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
  registerErrorHandling(app);
  app.get('/fail', async () => failure());
  const response = await app.inject({ url: '/fail' });
  await app.close();
  const logged = lines.find((line) => line.code !== undefined || line.err !== undefined);
  return { response, logged };
}

test('an intended 503 is a warning without a stack', async () => {
  const { response, logged } = await answerAndLog(() => {
    throw new ApiError(503, 'PUSH_OUT_OF_ORDER', 'Send again.');
  });
  assert.equal(response.json(), { statusCode: 503, code: 'PUSH_OUT_OF_ORDER', message: 'Send again.' });
  assert.equal(
    [logged?.level, logged?.code, logged?.msg, logged?.err],
    [40, 'PUSH_OUT_OF_ORDER', 'Send again.', undefined],
  );
});

test('a 4xx refusal is information without a stack', async () => {
  const { response, logged } = await answerAndLog(() => {
    throw new ApiError(409, 'EVENT_CLOSED', 'The event is closed.');
  });
  assert.is(response.statusCode, 409);
  assert.equal([logged?.level, logged?.err], [30, undefined]);
});

test('a fault is an error with its stack; its body reveals nothing', async () => {
  const { response, logged } = await answerAndLog(() => {
    throw new Error('database is locked at /var/data/judging.sqlite');
  });
  assert.is(response.statusCode, 500);
  assert.is(response.json().code, 'INTERNAL');
  assert.not.match(response.body, /sqlite/);
  assert.is(logged?.level, 50);
  assert.match(logged?.err?.stack ?? '', /database is locked/);
  const internal = await answerAndLog(() => {
    throw new ApiError(500, 'INTERNAL', 'Something broke.');
  });
  assert.is(internal.logged?.level, 50, 'an ApiError 500 is a fault too');
});

test.run();
