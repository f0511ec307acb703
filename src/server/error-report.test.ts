// Error reporting: an unexpected server error always reaches the log with its
// request id; with SENTRY_DSN set it also reaches Sentry (the ingest endpoint is intercepted by
// msw) tagged with the same id, and without a DSN nothing leaves the process. The browser's
// reports come through the same-origin tunnel, which forwards only to the configured project.
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '@/test/front';
import * as monitoringRoute from '@/app/api/monitoring/route';
import { onRequestError } from '@/instrumentation';
import { resetEnvCache } from '@/server/env';
import { sql } from '@/server/services/health.service';
import { captureLogs } from '@/test/log-capture';
import { server } from '@/test/msw';
import { flushErrorReports } from './error-report';
import { MAX_ENVELOPE_BYTES } from './http/sentry-tunnel';

const DSN = 'https://0123456789abcdef0123456789abcdef@o11.ingest.errors.example/42';
const INGEST = 'https://o11.ingest.errors.example/api/42/envelope/';

let capture: ReturnType<typeof captureLogs> | undefined;
afterEach(() => {
  capture?.stop();
  capture = undefined;
  vi.restoreAllMocks();
});
afterAll(() => {
  delete process.env.SENTRY_DSN;
  resetEnvCache();
});

/** Records every outgoing request (msw would otherwise fail them as unhandled). */
function recordOutgoing() {
  const seen: { url: string; body: string }[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      seen.push({ url: request.url, body: await request.text() });
      return HttpResponse.json({ id: 'ok' });
    }),
  );
  return seen;
}

type Envelope = { header: Record<string, unknown>; items: { header: Record<string, unknown>; payload: Record<string, unknown> }[] };

function parseEnvelope(body: string): Envelope {
  const [header, ...rest] = body.split('\n').filter(Boolean);
  const items: Envelope['items'] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) items.push({ header: JSON.parse(rest[i]!), payload: JSON.parse(rest[i + 1]!) });
  return { header: JSON.parse(header!), items };
}

function failingHealthCheck(message: string) {
  vi.spyOn(sql, 'check').mockRejectedValue(new Error(message));
}

describe('without SENTRY_DSN', () => {
  it('a server error is a 500 in the log with the request id, and nothing is sent anywhere', async () => {
    const outgoing = recordOutgoing();
    capture = captureLogs();
    failingHealthCheck('connection refused by ada@example.com');
    const response = await serveApi(new Request('http://localhost:3000/api/health'));
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id');
    const line = capture.lines().find((entry) => entry.message === 'procedure failed');
    expect(line).toMatchObject({ level: 'error', requestId: id, path: 'health.check', error: { message: 'connection refused by [redacted]' } });
    await flushErrorReports();
    expect(outgoing).toEqual([]);
  });

  it('the browser is told reporting is off, and the tunnel is not there', async () => {
    expect((await monitoringRoute.GET(new Request('http://localhost:3000/api/monitoring'))).status).toBe(404);
    const response = await monitoringRoute.POST(new Request('http://localhost:3000/api/monitoring', { method: 'POST', body: '{}' }));
    expect(response.status).toBe(404);
  });
});

describe('with SENTRY_DSN', () => {
  function useDsn() {
    process.env.SENTRY_DSN = DSN;
    resetEnvCache();
    const envelopes: Envelope[] = [];
    server.use(
      http.post(INGEST, async ({ request }) => {
        envelopes.push(parseEnvelope(await request.text()));
        return HttpResponse.json({ id: 'ok' });
      }),
    );
    return envelopes;
  }

  const events = (envelopes: Envelope[]) => envelopes.flatMap((e) => e.items.filter((item) => item.header.type === 'event').map((item) => item.payload));

  it('a REST 500 sends one event to the DSN host, tagged with the X-Request-Id, and still logs it', async () => {
    const envelopes = useDsn();
    capture = captureLogs();
    failingHealthCheck('the database went away');
    const response = await serveApi(new Request('http://localhost:3000/api/health'));
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id')!;
    expect(await flushErrorReports(5000)).toBe(true);
    const sent = events(envelopes);
    expect(sent).toHaveLength(1);
    const event = sent[0] as { tags: Record<string, string>; exception: { values: { value: string }[] } };
    expect(event.tags.requestId).toBe(id);
    expect(event.exception.values[0]!.value).toBe('the database went away');
    expect(capture.lines().find((line) => line.message === 'procedure failed')?.requestId).toBe(id);
  });

  it('a tRPC 500 is reported once, with its own id', async () => {
    const envelopes = useDsn();
    failingHealthCheck('tRPC door failure');
    const response = await serveApi(new Request('http://localhost:3000/api/trpc/health.check?batch=1&input=%7B%7D', { headers: { 'x-request-id': 'lb-trace-00000001' } }));
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('lb-trace-00000001');
    await flushErrorReports(5000);
    const sent = events(envelopes) as { tags: Record<string, string> }[];
    expect(sent.map((event) => event.tags.requestId)).toEqual(['lb-trace-00000001']);
  });

  it('a page error caught by Next (onRequestError) is reported with the id the proxy gave the page, never its path', async () => {
    const envelopes = useDsn();
    // Built at run time: the event's source context lines quote this file's text, not values.
    const [address, token, cookie] = [['ada', 'example.com'].join('%40'), ['tok', 'en', '4242'].join(''), ['session', 'cookie', '77'].join('-')];
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    await onRequestError(
      new Error('render failed'),
      { path: `/verify/${address}/${token}`, method: 'GET', headers: { 'x-request-id': 'page-request-0001', cookie: `next-auth.session-token=${cookie}` } },
      { routerKind: 'App Router', routePath: '/verify/[[...slug]]', routeType: 'render', renderSource: 'react-server-components', revalidateReason: undefined },
    );
    vi.unstubAllEnvs();
    await flushErrorReports(5000);
    const sent = events(envelopes) as { tags: Record<string, string>; extra: Record<string, unknown> }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.tags.requestId).toBe('page-request-0001');
    expect(sent[0]!.extra.route).toBe('/verify/[[...slug]]');
    const raw = JSON.stringify(sent);
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(address);
    expect(raw).not.toContain(cookie);
  });

  describe('the browser tunnel, POST /api/monitoring', () => {
    const envelope = (dsn: string) =>
      `${JSON.stringify({ event_id: 'a'.repeat(32), dsn, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'client boom' })}\n`;
    const post = (body: string) =>
      monitoringRoute.POST(new Request('http://localhost:3000/api/monitoring', { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' } }));

    it('GET tells the browser the DSN and the tunnel at run time', async () => {
      useDsn();
      const response = await monitoringRoute.GET(new Request('http://localhost:3000/api/monitoring'));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ dsn: DSN, tunnel: '/api/monitoring' });
    });

    it('forwards an envelope for the configured project to its host', async () => {
      const envelopes = useDsn();
      const response = await post(envelope(DSN));
      expect(response.status).toBe(200);
      expect(envelopes).toHaveLength(1);
      expect(envelopes[0]!.items[0]!.payload).toEqual({ message: 'client boom' });
    });

    it('refuses an envelope for another host, key or project, and anything that is not an envelope', async () => {
      const envelopes = useDsn();
      for (const other of [
        'https://0123456789abcdef0123456789abcdef@attacker.example/42',
        'https://ffffffffffffffffffffffffffffffff@o11.ingest.errors.example/42',
        'https://0123456789abcdef0123456789abcdef@o11.ingest.errors.example/43',
        'http://0123456789abcdef0123456789abcdef@o11.ingest.errors.example/42',
      ]) {
        expect((await post(envelope(other))).status).toBe(400);
      }
      expect((await post('not json\n{}')).status).toBe(400);
      expect((await post('')).status).toBe(400);
      expect(envelopes).toHaveLength(0);
    });

    it('refuses a body over the size bound without forwarding it', async () => {
      const envelopes = useDsn();
      const big = envelope(DSN) + 'x'.repeat(MAX_ENVELOPE_BYTES);
      expect((await post(big)).status).toBe(413);
      expect(envelopes).toHaveLength(0);
    });
  });
});
