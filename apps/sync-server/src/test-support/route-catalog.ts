// Every route a Fastify instance registers, read as Fastify itself announces them: the
// instance is caught on the documented `fastify.initialization` diagnostics channel (before
// any route exists) and an `onRoute` hook records each one, hidden aliases and plugin routes
// included. Tests that must cover every route use this, never a hand-kept list.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { routeKey, type RouteKey } from '../api-document/access-policy.ts';

export { routeKey, type RouteKey };

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/**
 * Runs `build` and answers what it built with the routes of each Fastify instance created
 * meanwhile; `routesOf(app)` picks one instance's. HEAD routes Fastify adds beside a GET are
 * left out (same handler, same guards); an explicit HEAD-only route is kept.
 */
export async function recordRoutes<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routesOf(app: FastifyInstance): RegisteredRoute[] }> {
  const byInstance = new Map<FastifyInstance, RegisteredRoute[]>();
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const routes: RegisteredRoute[] = [];
    byInstance.set(fastify, routes);
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        routes.push({ method, url: route.url, schema: route.schema });
      }
    });
  };
  subscribe('fastify.initialization', onInit);
  let built: T;
  try {
    built = await build();
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
  return {
    built,
    routesOf(app) {
      const routes = byInstance.get(app);
      if (!routes) throw new Error('that Fastify instance was not built inside recordRoutes');
      const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
      const seen = new Set<string>();
      return routes.filter((route) => {
        const key = routeKey(route);
        if ((route.method === 'HEAD' && gets.has(route.url)) || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}
