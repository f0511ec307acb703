// The two doors of one router: REST at /api/* and tRPC at /api/trpc answer the same
// procedure, and errors always have the JSON body of docs/api-contract.md.
import { describe, expect, it } from 'vitest';
import { handleRest, serveApi } from '@/test/front';
import { MAX_BODY_BYTES } from './rest';

const rest = (path: string, init?: RequestInit) => handleRest(new Request(`http://localhost/api${path}`, init));

describe('REST door', () => {
  it('serves the health check from the real database', async () => {
    const response = await rest('/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(Date.parse(body.time)).not.toBeNaN();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown path with a JSON 404', async () => {
    const response = await rest('/no-such-call');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 JSON body, never a 500', async () => {
    const response = await rest('/health', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await response.json();
    expect(typeof body.message).toBe('string');
    expect(typeof body.code).toBe('string');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await rest('/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(MAX_BODY_BYTES + 10) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('tRPC door', () => {
  it('answers the same procedure', async () => {
    const response = await serveApi(new Request('http://localhost/api/trpc/health.check'));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.data).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
