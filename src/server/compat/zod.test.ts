// A JSON body's wrong types are refused, not coerced, on the REST door.
import { createOpenApiFetchHandler } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pinInputCoercion } from './zod';
import { createTRPCRouter, publicProcedure } from '@/server/api/trpc';

const router = pinInputCoercion(
  createTRPCRouter({
    save: publicProcedure
      .meta({ openapi: { method: 'POST', path: '/save', protect: false } })
      .input(z.object({ enabled: z.boolean(), minutes: z.number().int().optional(), nested: z.object({ on: z.boolean() }).optional() }))
      .output(z.object({ enabled: z.boolean(), minutes: z.number().optional() }))
      .mutation(({ input }) => input),
    find: publicProcedure
      .meta({ openapi: { method: 'GET', path: '/find', protect: false } })
      .input(z.object({ limit: z.coerce.number().int(), done: z.stringbool().optional() }))
      .output(z.object({ limit: z.number(), done: z.boolean().optional() }))
      .query(({ input }) => input),
  }),
);

const call = (path: string, init?: RequestInit) =>
  createOpenApiFetchHandler({
    endpoint: '/api',
    router,
    req: new Request(`http://localhost/api${path}`, init),
    createContext: () => ({ headers: new Headers(), resHeaders: new Headers(), session: null }) as never,
  });

const post = (body: unknown) =>
  call('/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('pinInputCoercion', () => {
  it('refuses a string where a JSON body needs a boolean, and null where it needs a number', async () => {
    expect((await post({ enabled: 'no' })).status).toBe(400);
    expect((await post({ enabled: true, minutes: null })).status).toBe(400);
    expect((await post({ enabled: true, nested: { on: 'yes' } })).status).toBe(400);
    expect((await post({ enabled: false, minutes: 5 })).status).toBe(200);
    // the tRPC door shares the schemas: it must not have been loosened by the REST call
    await expect(router.createCaller({ headers: new Headers(), resHeaders: new Headers(), session: null } as never).save({ enabled: 'no' as unknown as boolean })).rejects.toThrow();
  });

  it('keeps the coercion a query input asked for', async () => {
    const response = await call('/find?limit=20&done=false');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ limit: 20, done: false });
  });
});
