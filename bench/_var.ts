import { readFileSync } from 'node:fs';
import { startServer } from './bench-server.ts';
import { createJudges, pushLoad, CPU_BATCHES } from './server.bench.ts';
const port = 31510;
const server = await startServer(port);
const stat = (pid: number) => { const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return { u: Number(f[11]), s: Number(f[12]) }; };
try {
  const judges = await createJudges(server.baseUrl, 1, 'cpu');
  await pushLoad(server.baseUrl, judges, { connections: 1, amount: CPU_BATCHES, size: 50 });
  for (let round = 0; round < Number(process.env.R ?? 8); round++) {
    const b = stat(server.pid);
    console.log('@@round-start', round);
    await pushLoad(server.baseUrl, judges, { connections: 1, amount: CPU_BATCHES, size: 50 });
    const a = stat(server.pid);
    console.log('@@round', round, 'user', ((a.u - b.u) * 1e4 / (CPU_BATCHES * 50)).toFixed(1), 'sys', ((a.s - b.s) * 1e4 / (CPU_BATCHES * 50)).toFixed(1), 'µs/mutation');
  }
} finally { await server.stop(); }
