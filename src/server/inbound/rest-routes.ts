// Which requests under /api/auth/* belong to the REST door rather than to next-auth: the
// method and path of every procedure with OpenAPI metadata, read from the router once.
import { appRouter } from '@/server/api/root';
import { procedureDefs } from '@/server/compat/trpc';
import { processSingleton } from '@/server/process-singleton';

type Route = { method: string; pattern: RegExp };

const shared = processSingleton('restRoutes', () => ({ routes: undefined as Route[] | undefined }));

function escape(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function collect(): Route[] {
  const found: Route[] = [];
  for (const [, procedure] of procedureDefs(appRouter)) {
    const openapi = (procedure.meta as { openapi?: { method: string; path: string; enabled?: boolean } } | undefined)?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const source = openapi.path
      .split('/')
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : escape(segment)))
      .join('/');
    found.push({ method: openapi.method.toUpperCase(), pattern: new RegExp(`^/api${source}/?$`) });
  }
  return found;
}

/** True when a REST procedure answers this method and path (e.g. POST /api/auth/signin). */
export function isRestRoute(method: string, pathname: string): boolean {
  shared.routes ??= collect();
  const upper = method.toUpperCase();
  return shared.routes.some((route) => route.method === upper && route.pattern.test(pathname));
}
