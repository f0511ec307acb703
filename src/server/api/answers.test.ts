// A procedure's answer schema (answers.ts): documented the same, checked strictly outside
// production, passed through in production.
import { initTRPC, TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answer } from './answers';

const ZThing = z.object({
  id: z.string(),
  when: z.iso.datetime().nullable().describe('When it happened'),
  size: z.number().int().default(1),
});

function callerAnswering(value: unknown, schema: z.ZodType = answer(ZThing)) {
  const t = initTRPC.create();
  const router = t.router({ thing: t.procedure.output(schema).query(() => value as z.infer<typeof ZThing>) });
  return t.createCallerFactory(router)({});
}

describe('outside production', () => {
  it('lets through an answer that is exactly what its schema allows', async () => {
    const value = { id: 'a', when: '2026-11-27T10:00:00.000Z', size: 2 };
    await expect(callerAnswering(value).thing()).resolves.toEqual(value);
  });

  it('refuses an answer with a field the schema does not list (what a parse would strip, and production would send)', async () => {
    const leaking = { id: 'a', when: null, size: 2, passwordHash: '$argon2id$...' };
    const failure = await callerAnswering(leaking).thing().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCError);
    expect((failure as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    expect(String((failure as TRPCError).cause)).toMatch(/not exactly what its schema lets through/);
  });

  it('refuses an answer the schema would change (a default it would fill in) or refuse', async () => {
    await expect(callerAnswering({ id: 'a', when: null }).thing()).rejects.toThrow(TRPCError);
    await expect(callerAnswering({ id: 'a', when: 'yesterday', size: 1 }).thing()).rejects.toThrow(TRPCError);
  });

  it('documents the same JSON Schema as the schema itself', () => {
    expect(z.toJSONSchema(answer(ZThing), { io: 'output' })).toEqual(z.toJSONSchema(ZThing, { io: 'output' }));
    const described = ZThing.meta({ examples: [{ id: 'a', when: null, size: 1 }] });
    expect(z.toJSONSchema(answer(described), { io: 'output' })).toEqual(z.toJSONSchema(described, { io: 'output' }));
  });

  it('leaves the schema itself as it was', async () => {
    answer(ZThing);
    await expect(ZThing.parseAsync({ id: 'a', when: null, extra: true })).resolves.toEqual({ id: 'a', when: null, size: 1 });
  });
});

describe('in production', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('sends the answer as the procedure built it, without parsing it again', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    const { answer: productionAnswer } = await import('./answers');
    const value = { id: 'a', when: null, size: 2 };
    const parse = vi.spyOn(ZThing, 'parseAsync');
    await expect(callerAnswering(value, productionAnswer(ZThing)).thing()).resolves.toBe(value);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });
});
