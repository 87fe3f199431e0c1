// The server as `pnpm start` runs it (the built module, the start script's environment and flags:
// apps/sync-server/scripts/start-command.ts), over real HTTP: each part it loads only when first
// used (docs/decisions/0166-server-memory-at-rest.md) still answers at its first request: the
// migrations of a fresh and of a restarted server, the API document and its pages, a login
// (argon2), the captcha (altcha-lib) and a public results page with its QR code (qrcode).
import { mkdtempSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ErrorCode } from '../../packages/shared-types/src/errors.ts';
import { parseStartScript, startCommand } from '../../apps/sync-server/scripts/start-command.ts';
import { buildAdminWorld } from '../../apps/sync-server/src/test-support/sessions.ts';
import {
  confirmRemaining,
  createHandCheckedEvent,
  submitAs,
} from '../../apps/sync-server/src/features/results/results.fixture.ts';
import { startServer } from './support/server-process.ts';
import { HELPER_NICE, V8_HELPER_THREAD_NAME } from '../../apps/sync-server/src/common/thread-priority.ts';
import { threadsOf } from '../../apps/sync-server/src/test-support/process-threads.ts';

/** The built server on `dataDir` (and `env`), as `pnpm start` runs it; resolves once it answers. */
async function startBuiltServer(dataDir: string, env: Record<string, string> = {}) {
  const server = await startServer(dataDir, env, { built: true });
  return {
    baseUrl: server.baseUrl,
    pid: server.child.pid!,
    async stop() {
      if (server.child.exitCode !== null) return;
      server.child.kill('SIGTERM');
      await server.exited;
      assert.not.match(server.stderr(), /error/i, server.stderr());
    },
  };
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

test('the start script: its environment and flags are read as `pnpm start` runs them', () => {
  const parsed = parseStartScript('node build.ts && A_B=2 node --x=4 --y dist/main.js');
  assert.equal(parsed, { env: { A_B: '2' }, nodeFlags: ['--x=4', '--y'], script: 'dist/main.js' });
  const shipped = startCommand();
  assert.is(shipped.script, 'apps/sync-server/dist/main.js');
  assert.ok(shipped.nodeFlags.length > 0);
});

test('a fresh built server migrates, loads the demo, documents its API and logs in; again after a restart', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-built-'));
  try {
    for (const round of ['fresh', 'restarted']) {
      const server = await startBuiltServer(dataDir);
      try {
        const health = await fetch(`${server.baseUrl}/api/health`);
        assert.is(health.status, 200, round);
        assert.is((await json(health)).status, 'ok', round);

        const document = await fetch(`${server.baseUrl}/api/docs/json`);
        assert.is(document.status, 200, round);
        const openapi = await json(document);
        assert.is(openapi.openapi, '3.0.3');
        assert.ok(Object.keys(openapi.paths as object).includes('/api/login/user'), round);
        const pages = await fetch(`${server.baseUrl}/api/docs/`);
        assert.is(pages.status, 200, round);
        assert.match(await pages.text(), '<html', round);

        const login = await fetch(`${server.baseUrl}/api/login/user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin@demo.test', password: 'Demo-2026!' }),
        });
        assert.is(login.status, 200, round);
        assert.type((await json(login)).token, 'string');
        const wrong = await fetch(`${server.baseUrl}/api/login/user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin@demo.test', password: 'Not-the-password-1' }),
        });
        assert.is(wrong.status, 401, round);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A young generation grown to `--max-semi-space-size=16`: two semi-spaces of 16 MiB. */
const GROWN_YOUNG_GENERATION_BYTES = 32 * 1024 * 1024;

test('the built server gives back what its start grew: its young generation is small when it listens', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-built-'));
  const token = 'built-server-metrics-token';
  const server = await startBuiltServer(dataDir, { METRICS_TOKEN: token });
  try {
    const metrics = await fetch(`${server.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
    assert.is(metrics.status, 200);
    const line = /^judging_nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)$/m.exec(await metrics.text());
    assert.ok(line, 'the young generation is among the process metrics');
    // Without the collection after start (common/start-up-memory.ts) it stays grown to the full size.
    // The requests since (health checks, this scrape) may grow it once or twice again, not back to the full size.
    assert.ok(Number(line[1]) < GROWN_YOUNG_GENERATION_BYTES / 2, `young generation ${line[1]} bytes`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the built server runs V8's helper threads below its event loop", async () => {
  if (process.platform !== 'linux') return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-built-'));
  const server = await startBuiltServer(dataDir);
  try {
    const threads = threadsOf(server.pid);
    const helpers = threads.filter((thread) => thread.name === V8_HELPER_THREAD_NAME);
    assert.ok(helpers.length > 0);
    // Without main.ts lowering them (common/thread-priority.ts) they run at the event loop's priority.
    const serverNice = getPriority();
    for (const helper of helpers) assert.is(helper.nice, Math.max(HELPER_NICE, serverNice), String(helper.threadId));
    const eventLoop = threads.find((thread) => thread.threadId === server.pid);
    assert.is(eventLoop?.nice, serverNice, 'the event loop keeps the priority it was started with');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the built server: a captcha is issued, a solved one accepted, a wrong one refused', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-built-'));
  const server = await startBuiltServer(dataDir);
  try {
    const challengeOf = async () => {
      const answer = await fetch(`${server.baseUrl}/api/captcha/challenge`);
      assert.is(answer.status, 200);
      return (await answer.json()) as Challenge;
    };
    const admin = await fetch(`${server.baseUrl}/api/login/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.test', password: 'Demo-2026!' }),
    });
    const { user } = (await admin.json()) as { user: { state: { stateId: number } } };
    const register = (captcha: string, n: number) =>
      fetch(`${server.baseUrl}/api/judge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          judgeState: { stateId: user.state.stateId },
          judgeFirstName: 'Built',
          judgeLastName: `Server${n}`,
          judgeEmail: `built-server-${n}@demo.test`,
          judgePhone: '3025550198',
          judgePassword: 'Judge-Pass-2026',
          confirmPassword: 'Judge-Pass-2026',
          profile: 'judge',
          captcha,
        }),
      });
    const challenge = await challengeOf();
    const solution = await solveChallenge({ challenge, deriveKey });
    assert.ok(solution);
    const key = solution.derivedKey;
    const wrongSolution = { ...solution, derivedKey: `${key.startsWith('0') ? '1' : '0'}${key.slice(1)}` };
    const refused = await register(
      Buffer.from(JSON.stringify({ challenge, solution: wrongSolution })).toString('base64'),
      1,
    );
    assert.is(refused.status, 400);
    assert.is((await json(refused)).code, ErrorCode.CaptchaFailed);
    const accepted = await register(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'), 2);
    assert.is(accepted.status, 201, await accepted.clone().text());
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the built server: a published results page carries its QR code', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-built-'));
  // The event is closed and published through the sources' app on the same data folder, then
  // the built server reads it.
  const world = await buildAdminWorld({ DATA_DIR: dataDir });
  const { t } = world;
  const fixture = await createHandCheckedEvent(t.db, world.stateId);
  const put = (url: string, payload?: object) =>
    t.app.inject({ method: 'PUT', url, headers: world.admin.headers, ...(payload ? { payload } : {}) });
  await put(`/api/run/coordinator/event/${fixture.eventId}/start`);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  await confirmRemaining(t.app, world.admin.headers, fixture);
  assert.is((await put(`/api/run/coordinator/event/${fixture.eventId}/complete`)).statusCode, 200);
  assert.is((await put(`/api/event/${fixture.eventId}/public-results`, { isPublic: true })).statusCode, 200);
  const database = t.config.database;
  await t.closeAsTemplate();
  const server = await startBuiltServer(dataDir, process.env.DATABASE_URL ? { DATABASE_URL: database } : {});
  try {
    const page = await fetch(`${server.baseUrl}/public/results/${fixture.eventId}`, {
      headers: { accept: 'text/html' },
    });
    assert.is(page.status, 200);
    const html = await page.text();
    assert.match(html, '<svg');
    assert.match(html, `/public/results/${fixture.eventId}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
