// The script written beside sw.js answers the page's question with the worker's precache list.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runInNewContext } from 'node:vm';
import { PRECACHE_MANIFEST_MESSAGE } from '../src/pwa/precache-manifest-protocol.ts';
import { precacheManifestScript } from './precache-manifest-script.ts';

test('the worker answers PRECACHE_MANIFEST on the message port with url and revision only', () => {
  const listeners: ((event: unknown) => void)[] = [];
  const worker = { addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.push(listener) };
  const script = precacheManifestScript([
    { url: 'index.html', revision: 'r1' },
    { url: 'assets/app-1a2b.js', revision: null, size: 12 } as { url: string; revision: string | null },
  ]);
  runInNewContext(script, { self: worker });
  const answers: unknown[] = [];
  const port = { postMessage: (data: unknown) => answers.push(data) };
  for (const listener of listeners) {
    listener({ data: { type: 'SKIP_WAITING' }, ports: [port] });
    listener({ data: { type: PRECACHE_MANIFEST_MESSAGE }, ports: [port] });
  }
  assert.equal(JSON.parse(JSON.stringify(answers)), [
    [
      { url: 'index.html', revision: 'r1' },
      { url: 'assets/app-1a2b.js', revision: null },
    ],
  ]);
});

test.run();
