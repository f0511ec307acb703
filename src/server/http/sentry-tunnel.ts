// GET /api/monitoring: whether the browser should report errors, and where (the DSN, public by
// design: it lets a client send events, nothing more), read at run time; 404 without a DSN.
// POST /api/monitoring: Sentry's "tunnel" for the browser. The page's CSP allows connect-src
// 'self' only, so the browser SDK posts its envelopes here and the server forwards them — only
// to the project of the configured SENTRY_DSN (the envelope's own DSN must name the same host,
// key and project), only when one is configured (404 otherwise), and only up to
// MAX_ENVELOPE_BYTES. The envelope is passed on unchanged: its bytes may be compressed.
import { env } from '@/server/env';
import { log } from '@/server/log';

const TUNNEL_PATH = '/api/monitoring';
export const MAX_ENVELOPE_BYTES = 512_000;
const UPSTREAM_TIMEOUT_MS = 10_000;

function answer(status: number, message?: string): Response {
  return message
    ? new Response(JSON.stringify({ message, code: status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' }), {
        status,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      })
    : new Response(null, { status, headers: { 'cache-control': 'no-store' } });
}

type Dsn = { origin: string; pathPrefix: string; projectId: string; publicKey: string };

function parseDsn(value: string): Dsn | undefined {
  try {
    const url = new URL(value);
    const segments = url.pathname.split('/').filter(Boolean);
    const projectId = segments.pop();
    if (!projectId || !/^\d+$/.test(projectId) || !url.username) return undefined;
    return { origin: url.origin, pathPrefix: segments.length ? `/${segments.join('/')}` : '', projectId, publicKey: url.username };
  } catch {
    return undefined;
  }
}

/** The envelope endpoint of a DSN's project, e.g. https://o1.ingest.sentry.io/api/42/envelope/. */
function envelopeUrl(dsn: Dsn): string {
  return `${dsn.origin}${dsn.pathPrefix}/api/${dsn.projectId}/envelope/`;
}

async function readLimited(req: Request): Promise<Buffer | undefined> {
  if (Number(req.headers.get('content-length') ?? '0') > MAX_ENVELOPE_BYTES) return undefined;
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ENVELOPE_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function monitoringConfig(): Response {
  const dsn = env().SENTRY_DSN;
  if (!dsn || !parseDsn(dsn)) return answer(404, 'Error reporting is not configured');
  return new Response(JSON.stringify({ dsn, tunnel: TUNNEL_PATH, environment: env().SENTRY_ENVIRONMENT ?? env().NODE_ENV }), {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

export async function handleSentryTunnel(req: Request): Promise<Response> {
  const configured = env().SENTRY_DSN ? parseDsn(env().SENTRY_DSN as string) : undefined;
  if (!configured) return answer(404, 'Error reporting is not configured');
  const body = await readLimited(req);
  if (!body) return answer(413, 'Request body is too large');

  const newline = body.indexOf(0x0a);
  let header: { dsn?: unknown };
  try {
    header = JSON.parse(Buffer.from(newline === -1 ? body : body.subarray(0, newline)).toString('utf8')) as { dsn?: unknown };
  } catch {
    return answer(400, 'Not a Sentry envelope');
  }
  const inbound = typeof header?.dsn === 'string' ? parseDsn(header.dsn) : undefined;
  if (
    !inbound ||
    inbound.origin !== configured.origin ||
    inbound.projectId !== configured.projectId ||
    inbound.publicKey !== configured.publicKey ||
    inbound.pathPrefix !== configured.pathPrefix
  ) {
    return answer(400, 'The envelope is not for this project');
  }

  try {
    const upstream = await fetch(envelopeUrl(configured), {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'content-type': 'application/x-sentry-envelope' },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    await upstream.arrayBuffer().catch(() => undefined);
    return answer(upstream.ok ? 200 : upstream.status === 429 ? 429 : 502);
  } catch (error) {
    log.warn('error report not forwarded to Sentry', { error: (error as Error).message });
    return answer(502);
  }
}
