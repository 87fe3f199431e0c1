import { startServer } from '../../bench/bench-server.ts';
import { launchBareChromium } from '../../bench/bare-chromium.ts';
const server = await startServer(3299);
const bare = await launchBareChromium();
try {
  const page = await bare.newPage(`${server.baseUrl}/help`);
  await page.evaluate(async () => { await navigator.serviceWorker.ready; }, undefined);
  const measure = () => page.evaluate(async () => {
    const body = JSON.stringify({ deviceId: 'x', protocolVersion: 1, mutations: Array.from({ length: 50 }, (_, i) => ({ id: `0190e2c1-0000-7000-8000-${String(i).padStart(12, '0')}`, kind: 'subsectionScore.put', createdAt: new Date().toISOString(), data: { scoreId: 'x', eventId: 1, categoryId: 1, sectionId: 1, schoolId: 1, subsectionId: 1, score: 1, comments: null, photoSha256: null } })) });
    const variants: Record<string, () => Promise<Response>> = {
      'GET health': () => fetch('/api/health'),
      'POST 15KB': () => fetch('/api/sync/push', { method: 'POST', body, headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' } }),
      'POST 15KB + signal': () => fetch('/api/sync/push', { method: 'POST', body, headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' }, signal: AbortSignal.timeout(60000), credentials: 'same-origin' }),
      'POST 15KB blob body': () => fetch('/api/sync/push', { method: 'POST', body: new Blob([body]), headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' } }),
    };
    const out: Record<string, string> = { controlled: String(navigator.serviceWorker.controller !== null) };
    for (const [name, run] of Object.entries(variants)) {
      for (let i = 0; i < 20; i++) await (await run()).arrayBuffer();
      let sync = 0; const t0 = performance.now();
      for (let i = 0; i < 100; i++) { const s = performance.now(); const p = run(); sync += performance.now() - s; await (await p).arrayBuffer(); }
      out[name] = `sync ${(sync / 100).toFixed(3)} ms, round trip ${((performance.now() - t0) / 100).toFixed(2)} ms`;
    }
    return out;
  }, undefined);
  console.log('uncontrolled', await measure());
  await page.navigate(`${server.baseUrl}/help`);
  console.log('controlled', await measure());
} finally { await bare.close(); await server.stop(); }
