// Which requests under /api/auth/* belong to the REST door rather than to next-auth: the
// method and path of every procedure with OpenAPI metadata, read from the router once.
import { appRouter } from '@/server/api/root';

type Route = { method: string; pattern: RegExp };

let routes: Route[] | undefined;

function escape(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function collect(): Route[] {
  const procedures = appRouter._def.procedures as Record<string, { _def?: { meta?: { openapi?: { method: string; path: string; enabled?: boolean } } } }>;
  const found: Route[] = [];
  for (const procedure of Object.values(procedures)) {
    const openapi = procedure._def?.meta?.openapi;
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
  routes ??= collect();
  const upper = method.toUpperCase();
  return routes.some((route) => route.method === upper && route.pattern.test(pathname));
}
