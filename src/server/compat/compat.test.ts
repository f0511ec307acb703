// The library internals that src/server/compat patches or reads still have the shape the patches
// expect. When an update of @trpc/server, zod, trpc-to-openapi or next changes them, this file
// fails before the app quietly loses a patch (or a patch breaks the library).
import { initTRPC, TRPCError } from '@trpc/server';
import Fastify from 'fastify';
import { createOpenApiFetchHandler, fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import { describe, expect, it, vi } from 'vitest';
import { core, z } from 'zod';
import { parseAndValidateFlightRouterState } from './next';
import { procedureDefs, parseSynchronously } from './trpc';
import { withMergedInputs } from './trpc-to-openapi';
import { isVoidSchema, pinInputCoercion } from './zod';

type Meta = { openapi?: { method: 'GET' | 'POST'; path: string; protect?: boolean }; tag?: string };

function makeRouter() {
  const t = initTRPC.meta<Meta>().create();
  const output = z.object({ a: z.number(), b: z.string() });
  const router = t.router({
    pair: t.procedure
      .meta({ tag: 'pair' })
      .input(z.object({ a: z.number() }))
      .input(z.object({ b: z.string() }))
      .output(output)
      .query(({ input }) => ({ ...input, extra: 'stripped' })),
    broken: t.procedure.output(z.object({ id: z.string() })).query(() => ({ id: 42 }) as unknown as { id: string }),
    nested: t.router({ ping: t.procedure.query(() => 'pong') }),
  });
  return { t, router, output };
}

async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await run() };
  } catch (error) {
    const e = error as TRPCError;
    return { code: e.code, message: e.message, cause: (e.cause as Error | undefined)?.name };
  }
}

describe('@trpc/server internals', () => {
  it("lists procedures by path with their inputs, output, meta and typed validation middlewares", () => {
    const { router, output } = makeRouter();
    const defs = new Map(procedureDefs(router));
    expect([...defs.keys()].sort()).toEqual(['broken', 'nested.ping', 'pair']);
    const pair = defs.get('pair')!;
    expect(pair.inputs).toHaveLength(2);
    expect(pair.output).toBe(output);
    expect(pair.meta).toEqual({ tag: 'pair' });
    const typed = pair.middlewares.filter((m) => m._type === 'input' || m._type === 'output').map((m) => [m._type, m.name]);
    expect(typed).toEqual([
      ['input', 'inputValidatorMiddleware'],
      ['input', 'inputValidatorMiddleware'],
      ['output', 'outputValidatorMiddleware'],
    ]);
  });

  it("answers exactly as tRPC's own validation steps once they are swapped for synchronous ones", async () => {
    const original = makeRouter();
    const patched = makeRouter();
    parseSynchronously(patched.router);
    const callers = [original, patched].map(({ t, router }) => t.createCallerFactory(router)({}));
    for (const call of [
      (c: (typeof callers)[0]) => c.pair({ a: 1, b: 'x' }),
      (c: (typeof callers)[0]) => c.pair({ a: 'no' as unknown as number, b: 'x' }),
      (c: (typeof callers)[0]) => c.pair({ a: 1 } as { a: number; b: string }),
      (c: (typeof callers)[0]) => c.broken(),
    ]) {
      expect(await outcome(() => call(callers[1]!))).toEqual(await outcome(() => call(callers[0]!)));
    }
  });

  it('calls read the patched middleware list (the swap is in place)', async () => {
    const t = initTRPC.create();
    const input = z.object({ n: z.number() });
    const router = parseSynchronously(t.router({ echo: t.procedure.input(input).query(({ input }) => input.n) }));
    const parse = vi.spyOn(input, 'parse');
    const parseAsync = vi.spyOn(input, 'parseAsync');
    expect(await t.createCallerFactory(router)({}).echo({ n: 2 })).toBe(2);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parseAsync).not.toHaveBeenCalled();
  });
});

describe('zod internals', () => {
  it('keeps a schema definition in `_zod.def`, the same object as `_def`, with its coerce flag', () => {
    const plain = z.number();
    expect((plain as unknown as { _def: unknown })._def).toBe(plain._zod.def);
    expect(plain._zod.def.type).toBe('number');
    expect(z.coerce.number()._zod.def.coerce).toBe(true);
    expect(z.boolean()._zod.def.type).toBe('boolean');
    expect(z.bigint()._zod.def.type).toBe('bigint');
    expect(z.date()._zod.def.type).toBe('date');
    expect(isVoidSchema(z.void())).toBe(true);
    expect(isVoidSchema(z.object({}))).toBe(false);
  });

  it('reads the coerce flag when parsing (what trpc-to-openapi turns on)', () => {
    const schema = z.number();
    expect(() => schema.parse('5')).toThrow();
    (schema._zod.def as { coerce?: boolean }).coerce = true;
    expect(schema.parse('5')).toBe(5);
  });

  it('nests schemas under the keys the coercion pin walks', () => {
    const n = z.number();
    const def = (schema: z.ZodType) => schema._zod.def as unknown as Record<string, unknown>;
    expect((def(z.object({ n })).shape as Record<string, unknown>).n).toBe(n);
    expect(def(n.optional()).innerType).toBe(n);
    expect(def(n.nullable()).innerType).toBe(n);
    expect(def(n.default(1)).innerType).toBe(n);
    expect(def(z.array(n)).element).toBe(n);
    expect(def(n.pipe(z.number())).in).toBe(n);
    const piped = z.string().transform(Number).pipe(n);
    expect(def(piped).out).toBe(n);
    expect(def(z.union([n, z.string()])).options).toContain(n);
    expect(def(z.tuple([n])).items).toContain(n);
    expect(def(z.record(z.string(), n)).valueType).toBe(n);
    expect(def(z.intersection(n, n)).left).toBe(n);
    expect(def(z.object({}).catchall(n)).catchall).toBe(n);
  });

  it('throws $ZodAsyncError from parse() for a schema that needs async parsing', () => {
    const schema = z.string().refine(async () => true);
    expect(() => schema.parse('x')).toThrow(core.$ZodAsyncError);
  });

  it('pinned coercion flags ignore later writes', () => {
    const t = initTRPC.create();
    const input = z.object({ n: z.number() });
    pinInputCoercion(t.router({ save: t.procedure.input(input).mutation(() => null) }));
    (input.shape.n._zod.def as { coerce?: boolean }).coerce = true;
    expect(() => input.parse({ n: '5' })).toThrow();
  });
});

describe('trpc-to-openapi internals', () => {
  function restRouter() {
    const t = initTRPC.meta<Meta>().context<{ who: string }>().create();
    const body = z.object({ n: z.number() });
    const router = t.router({
      save: t.procedure
        .meta({ openapi: { method: 'POST', path: '/save', protect: false } })
        .input(body)
        .output(z.object({ n: z.number(), who: z.string() }))
        .mutation(({ input, ctx }) => ({ n: input.n, who: ctx.who })),
      find: t.procedure
        .meta({ openapi: { method: 'GET', path: '/find', protect: false } })
        .input(z.object({ q: z.string(), tags: z.array(z.string()).optional() }))
        .output(z.object({ q: z.string(), tags: z.array(z.string()).optional(), who: z.string() }))
        .query(({ input, ctx }) => ({ ...input, who: ctx.who })),
    });
    return { router, body };
  }

  it("switches zod coercion on by writing the input schema's coerce flags (why the pin exists)", async () => {
    const { router, body } = restRouter();
    const response = await createOpenApiFetchHandler({
      endpoint: '/api',
      router,
      req: new Request('http://localhost/api/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"7"}' }),
      createContext: () => ({ who: 'fetch' }),
    });
    expect(response.status).toBe(200);
    expect(body.shape.n._zod.def.coerce).toBe(true);
  });
});

describe('trpc-to-openapi with merged inputs (withMergedInputs)', () => {
  function stackedRouter() {
    const t = initTRPC.meta<Meta>().create();
    const owner = z.object({ id: z.string().min(2) });
    const fields = z.object({ id: z.string().min(2), done: z.boolean().optional(), minutes: z.number().optional() });
    const router = t.router({
      change: t.procedure
        .meta({ openapi: { method: 'POST', path: '/things/{id}', protect: false } })
        .input(owner)
        .use(({ input, next }) => next({ ctx: { owned: (input as { id: string }).id } }))
        .input(fields)
        .output(z.object({ id: z.string(), done: z.boolean().optional(), minutes: z.number().optional(), owned: z.string() }))
        .mutation(({ input, ctx }) => ({ ...input, owned: ctx.owned })),
    });
    return { router, owner, fields };
  }

  function handlerFor(router: object) {
    // The adapter as the REST door runs it: trpc-to-openapi's Fastify plugin.
    const app = Fastify();
    const ready = app.register(fastifyTRPCOpenApiPlugin, { router, createContext: () => ({}) } as unknown as Parameters<typeof fastifyTRPCOpenApiPlugin>[1]).then(() => app.ready());
    return async (url: string, body: unknown) => {
      await ready;
      const answer = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      const parsed = JSON.parse(answer.body || 'null') as Record<string, unknown> | null;
      // The error shape's stack differs by call site; everything a client reads is compared.
      if (parsed && typeof parsed === 'object' && parsed.data) delete (parsed.data as Record<string, unknown>).stack;
      return { status: answer.statusCode, body: parsed };
    };
  }

  it('shows the adapter one input for stacked inputs, built once, and leaves single-input procedures as they are', () => {
    const { router } = stackedRouter();
    const view = withMergedInputs(router) as unknown as typeof router;
    const def = (view._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>).change!._def;
    expect(def.inputs).toHaveLength(1);
    expect(Object.keys((def.inputs[0] as z.ZodObject).shape).sort()).toEqual(['done', 'id', 'minutes']);
    // The real router is untouched: calls parse each input as before.
    expect((router._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>).change!._def.inputs).toHaveLength(2);
    const t = initTRPC.create();
    const single = t.router({ one: t.procedure.input(z.object({ n: z.number() })).query(({ input }) => input.n) });
    expect((withMergedInputs(single)._def.procedures as Record<string, unknown>).one).toBe((single._def.procedures as Record<string, unknown>).one);
  });

  it('answers exactly as the adapter on the router itself, valid and invalid input alike', async () => {
    const plain = handlerFor(stackedRouter().router);
    const merged = handlerFor(withMergedInputs(stackedRouter().router));
    for (const [url, body] of [
      ['/things/ab', { done: true }],
      ['/things/ab', { done: true, minutes: 5 }],
      ['/things/a', { done: true }],
      ['/things/ab', { done: 'yes' }],
      ['/things/ab', { minutes: '5' }],
      ['/things/ab', {}],
    ] as const) {
      expect(await merged(url, body)).toEqual(await plain(url, body));
    }
    expect(await merged('/things/ab', { done: true })).toEqual({ status: 200, body: { id: 'ab', done: true, owned: 'ab' } });
  });

  it("reads the view's input on every request instead of merging the procedure's inputs (what the view saves)", async () => {
    const { router } = stackedRouter();
    const view = withMergedInputs(router) as unknown as typeof router;
    const input = (view._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodObject[] } }>).change!._def.inputs[0]!;
    const shape = input.shape;
    let reads = 0;
    Object.defineProperty(input, 'shape', { get: () => (reads++, shape), configurable: true });
    const call = handlerFor(view);
    await call('/things/ab', { done: true });
    await call('/things/ab', { done: true });
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});

describe('next internals', () => {
  it("exports the App Router's router-state validator, which accepts a tree and throws on anything else", () => {
    expect(typeof parseAndValidateFlightRouterState).toBe('function');
    expect(() => parseAndValidateFlightRouterState(encodeURIComponent(JSON.stringify(['', { children: ['dashboard', {}, null, null] }, null, 'refetch', 1])))).not.toThrow();
    expect(() => parseAndValidateFlightRouterState('%7Bbad')).toThrow();
  });
});
