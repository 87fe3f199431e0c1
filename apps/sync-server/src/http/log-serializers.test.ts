import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { redactTokenQuery } from './log-serializers.ts';

const cases: Array<[string, string]> = [
  ['/api/files/score/1/2/3?token=eyJhbGciOi.x.y', '/api/files/score/1/2/3?token=[redacted]'],
  ['/api/x?a=1&token=abc&b=2', '/api/x?a=1&token=[redacted]&b=2'],
  ['/api/x?mytoken=abc', '/api/x?mytoken=abc'],
  ['/api/run/coordinator/event/1/stream?ticket=eyJ.a.b', '/api/run/coordinator/event/1/stream?ticket=[redacted]'],
  [
    '/api/export/results/event/1?ticket=eyJ.a.b&report=section',
    '/api/export/results/event/1?ticket=[redacted]&report=section',
  ],
  ['/api/sync/pull?eventId=1&cursor=0', '/api/sync/pull?eventId=1&cursor=0'],
];
for (const [url, logged] of cases) {
  test(`logs ${url} as ${logged}`, () => {
    assert.is(redactTokenQuery(url), logged);
  });
}

test.run();
