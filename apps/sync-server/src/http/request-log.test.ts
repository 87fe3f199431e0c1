// Request logs stay bounded (issue 20): one line per answered request, the tablet's sync calls
// and the health check at debug only, while their failures are still logged. Read from the
// real app's log at the default level (info).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp } from '../test-support/build-test-app.ts';
import { loadCulinary, pushOneMutation } from '../test-support/judging-fixtures.ts';

interface LogLine {
  level: number;
  msg?: string;
  code?: string;
  req?: { url?: string };
}

test('a push and a health check log nothing at info; other calls one line; a refused push still logs', async () => {
  const lines: LogLine[] = [];
  const t = await buildTestApp({}, { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } });
  try {
    const c = await loadCulinary(t.app, t.db);
    const subsection = c.sections[0].subsections[0];
    lines.length = 0;
    const push = (headers: Record<string, string>) =>
      pushOneMutation(t.app, headers, 'subsectionScore.put', {
        scoreId: crypto.randomUUID(),
        ...c.place(0, 0),
        subsectionId: subsection?.subsectionId,
        score: 2,
      });
    for (let index = 0; index < 5; index += 1) assert.is((await push(c.headers)).statusCode, 200);
    assert.is((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    assert.equal(lines, [], 'nothing at info for answered pushes and health checks');

    assert.is((await t.app.inject({ method: 'GET', url: '/api/state' })).statusCode, 200);
    assert.equal(
      lines.map((line) => [line.msg, line.req?.url]),
      [['request', '/api/state']],
      'one line for another call',
    );

    lines.length = 0;
    assert.is((await push({})).statusCode, 401);
    assert.ok(
      lines.some((line) => line.code !== undefined && line.level >= 30),
      'a refused push is still logged',
    );
  } finally {
    await t.close();
  }
});

test.run();
