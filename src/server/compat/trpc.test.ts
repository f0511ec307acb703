// The synchronous validation step behaves as tRPC's own: inputs are checked and coerced,
// outputs are checked and stripped of unknown fields, async refinements still work, and
// failures are the same errors.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSynchronously } from './trpc';
import { createCallerFactory, createTRPCRouter, publicProcedure } from '@/server/api/trpc';

let leak: Record<string, unknown> = {};
const router = parseSynchronously(
  createTRPCRouter({
    echo: publicProcedure
      .input(z.object({ n: z.number().int(), tag: z.string().trim().optional() }))
      .output(z.object({ n: z.number(), tag: z.string().optional() }))
      .query(({ input }) => ({ ...input, ...leak })),
    slow: publicProcedure
      .input(z.object({ name: z.string().refine(async (value) => value !== 'taken', 'Name is taken') }))
      .output(z.object({ ok: z.boolean() }))
      .mutation(() => ({ ok: true })),
    broken: publicProcedure.output(z.object({ id: z.string() })).query(() => ({ id: 42 }) as unknown as { id: string }),
  }),
);
const caller = createCallerFactory(router)({ db: {} as never, session: null, headers: new Headers(), resHeaders: new Headers() });

describe('synchronous validation of procedures', () => {
  it('parses inputs (with transforms) and strips unknown output fields', async () => {
    leak = { passwordHash: 'secret' };
    expect(await caller.echo({ n: 3, tag: '  a  ' })).toEqual({ n: 3, tag: 'a' });
    leak = {};
  });

  it('refuses a bad input as BAD_REQUEST with the zod issues', async () => {
    await expect(caller.echo({ n: 1.5 })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { name: 'ZodError' } });
  });

  it('still runs async refinements (falling back to async parsing)', async () => {
    expect(await caller.slow({ name: 'free' })).toEqual({ ok: true });
    await expect(caller.slow({ name: 'taken' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.slow({ name: 'free again' })).toEqual({ ok: true });
  });

  it('refuses an output that breaks its schema as an internal error', async () => {
    await expect(caller.broken()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
  });
});
