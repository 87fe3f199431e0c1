// The bare reference server: Fastify answering one JSON route, nothing else loaded. Started by
// bench/server.bench.ts on PORT; its idle memory and its rate are what "bare" means in the table.
import { createRequire } from 'node:module';

// Fastify is the server's dependency; load it from there.
const requireFromServer = createRequire(new URL('../apps/sync-server/package.json', import.meta.url));
interface BareApp {
  get(path: string, handler: () => Promise<unknown>): void;
  listen(options: { port: number; host: string }): Promise<string>;
}
const Fastify = requireFromServer('fastify') as (options: { logger: boolean }) => BareApp;

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3299), host: '127.0.0.1' });
