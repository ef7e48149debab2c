import type { FastifyInstance } from 'fastify';

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([^)]+)\))?$/;

/**
 * Every route the application answers, as "METHOD /path", read from Fastify's own router
 * (`printRoutes`), so tests can hold the route list against the tenant matrix and the OpenAPI
 * document without the application keeping a list for them. HEAD and OPTIONS are left out.
 */
export function routeList(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const routes = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1]?.length ?? 0) / 4;
    const path = `${prefixes[depth - 1] ?? ''}${match[2] ?? ''}`;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.add(`${method} ${path.length > 1 ? path.replace(/\/$/, '') : path}`);
    }
  }
  return [...routes];
}
