// The bare reference server: Fastify answering one JSON route, nothing else loaded. Started by
// bench/server.bench.ts on PORT; its idle memory and its rate are what "bare" means in the table.
// Plain JavaScript on purpose (issue 41): a .ts file makes Node load its type stripper, which
// stays in memory (about 16 MB) and would make the reference heavier than a hello is.
import { createRequire } from 'node:module';

// Fastify is the server's dependency; load it from there.
const requireFromServer = createRequire(new URL('../apps/sync-server/package.json', import.meta.url));
const Fastify = requireFromServer('fastify');

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3299), host: '127.0.0.1' });
