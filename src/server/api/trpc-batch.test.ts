// The tRPC door takes batches of at most TRPC_MAX_BATCH calls: a script cannot send hundreds of
// expensive calls in one request (a batch of 200 task creations was accepted before).
import { describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '@/lib/constants';
import { serveApi } from '@/test/front';

function batch(size: number): Request {
  const paths = Array.from({ length: size }, () => 'health.check').join(',');
  return new Request(`http://localhost:3000/api/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
}

describe('tRPC batches', () => {
  it('answers a batch up to the cap, call by call', async () => {
    const response = await serveApi(batch(TRPC_MAX_BATCH));
    expect(response.status).toBe(200);
    const body = (await response.json()) as unknown[];
    expect(body).toHaveLength(TRPC_MAX_BATCH);
  });

  it('refuses a larger batch as a whole with a 413 naming the cap, running none of it', async () => {
    const response = await serveApi(batch(200));
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text).toContain(`at most ${TRPC_MAX_BATCH} calls`);
    expect(text).not.toContain('"result"');
  });
});
