// A fresh server as `pnpm start` runs it holds at rest only what it runs (docs/decisions/
// 0166-server-memory-at-rest.md, 0192-demo-password-hash.md): the libraries of passwords, of
// the captcha and of a results page's QR code load with their first use, not at start, even when
// the start loads the demo. Read from inside the process (support/loaded-packages-probe.ts),
// before and after a first login.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitFor } from '../../apps/sync-server/src/test-support/wait-for.ts';
import { startServer } from './support/server-process.ts';

const probe = fileURLToPath(new URL('./support/loaded-packages-probe.ts', import.meta.url));

/**
 * Loaded only at their first use. (Not the serializers' compiler: the health check this test
 * waits for compiles its route's serializer, as any monitor's first check does.)
 */
const LOADED_ON_FIRST_USE = ['@node-rs/argon2', 'altcha-lib', 'qrcode'];

test('a fresh built server loads the demo without loading what only a first use needs', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-at-rest-'));
  const listFile = path.join(dataDir, 'loaded-packages.txt');
  const server = await startServer(
    dataDir,
    { NODE_OPTIONS: `--import ${probe}`, LOADED_PACKAGES_FILE: listFile },
    { built: true },
  );
  const loadedPackages = async () => {
    rmSync(listFile, { force: true });
    server.child.kill('SIGUSR2');
    await waitFor('the list of loaded packages', async () => existsSync(listFile));
    return readFileSync(listFile, 'utf8').split('\n');
  };
  try {
    const atRest = await loadedPackages();
    assert.ok(atRest.includes('fastify'), atRest.join(', '));
    for (const name of LOADED_ON_FIRST_USE) assert.not.ok(atRest.includes(name), `${name} is loaded at rest`);

    // The demo's password works, and the login loads the password library.
    const login = await fetch(`${server.baseUrl}/api/login/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.test', password: 'Demo-2026!' }),
    });
    assert.is(login.status, 200);
    const afterLogin = await loadedPackages();
    assert.ok(afterLogin.includes('@node-rs/argon2'), afterLogin.join(', '));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
