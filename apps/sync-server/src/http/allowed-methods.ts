import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The methods each registered path answers, collected as routes are registered, so a call with
 * a method the path lacks is told 405 with `Allow` (pwa-static.ts's not-found handler) instead
 * of "No route". Paths are matched as the router matches them: `:name` is one segment, `*` the
 * rest, a trailing slash ignored (decisions.md §8).
 */
export interface AllowedMethods {
  /** The methods registered for the path of `pathname`, sorted; empty when no route has that path. */
  of(pathname: string): string[];
}

interface PathMethods {
  pattern: RegExp;
  methods: Set<string>;
}

export function collectAllowedMethods(app: FastifyInstance): AllowedMethods {
  const byUrl = new Map<string, PathMethods>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = withoutTrailingSlash(route.url ?? '');
    let entry = byUrl.get(url);
    if (entry === undefined) {
      entry = { pattern: patternOf(url), methods: new Set() };
      byUrl.set(url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method);
  });
  return {
    of(pathname) {
      const path = withoutTrailingSlash(pathname);
      const methods = new Set<string>();
      for (const entry of byUrl.values()) {
        if (entry.pattern.test(path)) for (const method of entry.methods) methods.add(method);
      }
      return [...methods].sort();
    },
  };
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((piece) => {
      if (piece === '*') return '.*';
      if (piece.startsWith(':')) return '[^/]+';
      return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
