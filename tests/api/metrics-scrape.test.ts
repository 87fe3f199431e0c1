// Issue 38's acceptance: `/api/metrics` scraped while pushes run, over real HTTP against the
// real server process (`node apps/sync-server/src/main.ts`): three tablets of a judge push at
// once while a scraper reads the metrics; every counter moves by exactly what the pushes were
// answered, a rejected mutation under its code; the token is required.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  fetchTransport,
  SimulatedDevice,
  type PushResponse,
  subsectionCellsOf,
} from '../../apps/sync-server/src/test-support/sync-device.ts';
import { startServer } from './support/server-process.ts';

const TOKEN = 'acceptance-metrics-token-0123456789';

function samplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

test('metrics scraped while three tablets push: the counters match the answers, by code', async () => {
  const server = await startServer(mkdtempSync(path.join(tmpdir(), 'judging-metrics-')), { METRICS_TOKEN: TOKEN });
  const { baseUrl } = server;
  try {
    const scrape = async () => {
      const response = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.is(response.status, 200);
      return samplesOf(await response.text());
    };
    for (const authorization of [undefined, `Bearer ${TOKEN}-wrong`]) {
      const refused = await fetch(`${baseUrl}/api/metrics`, authorization ? { headers: { authorization } } : {});
      assert.is(refused.status, 401, String(authorization));
      assert.not.match(await refused.text(), 'judging_sync');
    }

    const login = await fetch(`${baseUrl}/api/login/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'judge1@demo.test', password: 'Demo-2026!' }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { userId: number } };
    const events = (await (
      await fetch(`${baseUrl}/api/run/judge/${user.userId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { eventId: number; eventName: string }[];
    const eventId = events.find((event) => event.eventName.startsWith('Delaware ProStart Invitational'))?.eventId ?? 0;
    const transport = fetchTransport(baseUrl, token);

    const tablets = [0, 1, 2].map(() => new SimulatedDevice({ judgeId: user.userId, eventId }));
    const reference = await tablets[0]!.download(transport);
    for (const tablet of tablets.slice(1)) await tablet.download(transport);
    const cells = subsectionCellsOf(reference, eventId, 'Culinary');
    // Each tablet its own cells; every fifth entry is out of range (rejected invalid_value).
    tablets.forEach((tablet, index) => {
      cells
        .filter((_, cellIndex) => cellIndex % tablets.length === index)
        .forEach((cell, n) => tablet.putSubsection(cell.place, cell.subsectionId, n % 5 === 4 ? 4242 : 1));
    });

    const before = await scrape();
    const answers: PushResponse[] = [];
    const statuses: number[] = [];
    let pushing = tablets.length;
    const pushAll = async (tablet: SimulatedDevice) => {
      while (tablet.pending().length > 0) {
        const { body } = tablet.nextPush(10);
        const response = await transport.send('POST', '/api/sync/push', body);
        statuses.push(response.statusCode);
        if (response.statusCode !== 200) continue;
        answers.push(response.body as PushResponse);
        tablet.acceptPushResponse(response.body as PushResponse);
      }
      pushing -= 1;
    };
    const scrapes: Map<string, number>[] = [];
    const scraper = async () => {
      while (pushing > 0) scrapes.push(await scrape());
    };
    await Promise.all([...tablets.map(pushAll), scraper()]);
    const after = await scrape();

    assert.ok(scrapes.length >= 2, `scraped ${scrapes.length} times while the tablets pushed`);
    const answered = 'judging_sync_pushes_total{outcome="answered"}';
    const seen = scrapes.map((samples) => samples.get(answered) ?? 0);
    assert.equal(
      seen,
      [...seen].sort((a, b) => a - b),
      'the counter only grows',
    );
    assert.ok(
      seen.some((value) => value > (before.get(answered) ?? 0) && value < (after.get(answered) ?? 0)),
      'a scrape saw pushes half done',
    );

    const moved = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    const results = answers.flatMap((answer) => answer.results);
    const counted = (status: string, code?: string) =>
      results.filter((result) => result.status === status && result.code === code).length;
    assert.is(moved(answered), answers.length);
    assert.ok(counted('rejected', 'invalid_value') > 0 && counted('applied') > 0);
    assert.is(moved('judging_sync_mutations_total{status="applied",code="none"}'), counted('applied'));
    assert.is(
      moved('judging_sync_mutations_total{status="rejected",code="invalid_value"}'),
      counted('rejected', 'invalid_value'),
    );
    assert.is(moved('judging_sync_mutations_total{status="duplicate",code="none"}'), counted('duplicate'));
    assert.is(
      moved('judging_http_request_duration_seconds_count{route="/api/sync/push",method="POST",status_code="200"}'),
      statuses.filter((status) => status === 200).length,
    );
    assert.ok((after.get('judging_database_size_bytes') ?? 0) > 0);
    assert.ok(after.has('judging_database_free_pages'));
  } finally {
    server.child.kill('SIGTERM');
  }
});

test.run();
