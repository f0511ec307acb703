// The tRPC door (src/server/api/trpc-http.ts, in the app's front) reports an unexpected failure
// outside any procedure (here the session lookup of the context breaking) once, and tells the
// caller nothing of it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFront } from '@/server/inbound/front';
import { server as msw } from '@/test/msw';

const reported = vi.hoisted(() => [] as { message: string; error: unknown }[]);

vi.mock('@/server/auth/session', async (original) => ({
  ...(await original<typeof import('@/server/auth/session')>()),
  getAuthSession: async () => {
    throw new Error('session lookup broke');
  },
}));

vi.mock('@/server/error-report', async (original) => ({
  ...(await original<typeof import('@/server/error-report')>()),
  reportError: (message: string, error: unknown) => reported.push({ message, error }),
}));

let server: http.Server;
let base: string;

beforeAll(async () => {
  const front = await createFront({ appRoutes: [], headers: {}, next: (_req, res) => res.end('next') });
  server = http.createServer(front.routing);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  reported.length = 0;
  msw.use(mswHttp.all(`${base}/*`, () => passthrough()));
});

describe('a failure outside the procedures on the tRPC door', () => {
  it('is reported once, and the answer does not tell what broke', async () => {
    const response = await fetch(`${base}/api/trpc/health.check`);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).not.toContain('session lookup broke');
    expect(reported.map(({ message, error }) => [message, (error as Error).message])).toEqual([['procedure failed', 'session lookup broke']]);
  });
});
