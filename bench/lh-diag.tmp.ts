import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './bench-server.ts';
const server = await startServer(3302);
const { default: lighthouse } = await import('lighthouse');
for (const page of ['/login', '/welcome']) {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'lh-'));
  const chrome = spawn('/usr/bin/chromium', ['--headless=new','--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync',`--user-data-dir=${profileDir}`,'--remote-debugging-port=0','about:blank'], { stdio: ['ignore','ignore','pipe'] });
  const port = await new Promise<number>((resolve) => { let out=''; chrome.stderr.on('data', (c: Buffer) => { out += c; const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(out); if (m) resolve(Number(m[1])); }); });
  const result = await lighthouse(`${server.baseUrl}${page}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  writeFileSync(`/tmp/lh/${page.slice(1)}.json`, JSON.stringify(result!.lhr));
  chrome.kill();
}
await server.stop();
