// Test double of the app's server around the real front (src/server/inbound/front.ts): the API's
// calls in process, as fetch Request → Response, through the same Fastify server production runs
// (its REST and tRPC doors, hooks and error answers), with a stand-in for Next's request handler.
// Never imported by the app.
import type { FastifyInstance } from 'fastify';
import type { AuthSession } from '@/server/auth/session';
import { createFront } from '@/server/inbound/front';

const AS_HEADER = 'x-test-serve-as';
const sessions = new Map<string, AuthSession | null>();
let front: Promise<FastifyInstance> | undefined;
let counter = 0;

function theFront(): Promise<FastifyInstance> {
  front ??= createFront({
    appRoutes: ['/api/auth/[...nextauth]/route'],
    headers: {},
    next: (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('next');
    },
    sessionFor: (request) => {
      const key = request.headers[AS_HEADER];
      return typeof key === 'string' && sessions.has(key) ? sessions.get(key) : undefined;
    },
  });
  return front;
}

/** A request to the app's front, in process (Fastify's inject), as a fetch Response. */
export async function serveApi(req: Request): Promise<Response> {
  const app = await theFront();
  const url = new URL(req.url);
  const headers: Record<string, string> = {};
  req.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
  const answer = await app.inject({ method: req.method as 'GET', url: url.pathname + url.search, headers, payload: body });
  const out = new Headers();
  for (const [key, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) out.append(key, item);
    else out.set(key, String(value));
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 304 || req.method === 'HEAD';
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: out });
}

/** A REST call through the front. */
export function handleRest(req: Request): Promise<Response> {
  return serveApi(req);
}

/** A REST call served as `session` (cookie or not). */
export async function handleRestAs(req: Request, session: AuthSession | null): Promise<Response> {
  const key = `as-${(counter += 1)}`;
  sessions.set(key, session);
  const headers = new Headers(req.headers);
  headers.set(AS_HEADER, key);
  try {
    return await serveApi(new Request(req, { headers }));
  } finally {
    sessions.delete(key);
  }
}
