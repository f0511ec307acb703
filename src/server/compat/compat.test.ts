// The library internals that src/server/compat patches or reads still have the shape the patches
// expect. When an update of @trpc/server, zod, trpc-to-openapi or next changes them, this file
// fails before the app quietly loses a patch (or a patch breaks the library). Two patches remain
// (docs/architecture.md, "Patches of library internals"): zod's coercion pin (./zod.ts) and the
// import of Next's router-state validator (./next.ts); ./trpc.ts only reads the procedure list, and
// ./trpc-to-openapi.ts relies on the node handler reading a fetch Request's signal (no patch).
import { initTRPC } from '@trpc/server';
import { EventEmitter } from 'node:events';
import { createOpenApiFetchHandler, createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { core, z } from 'zod';
import { parseAndValidateFlightRouterState } from './next';
import { openApiRequestView } from './trpc-to-openapi';
import { procedureDefs } from './trpc';
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

describe("trpc-to-openapi's node handler and the REST door's request view", () => {
  const t = initTRPC.context<{ signal?: AbortSignal }>().meta<Meta>().create();
  const router = t.router({
    find: t.procedure
      .meta({ openapi: { method: 'GET', path: '/find', protect: false } })
      .input(z.object({ q: z.string() }))
      .output(z.object({ q: z.string(), aborted: z.boolean() }))
      .query(({ input, ctx }) => ({ q: input.q, aborted: ctx.signal?.aborted ?? true })),
  });

  /** Calls the handler with the request `make` gives (made once the count runs), what it answered, and how many fetch Requests it built. */
  async function callWith(make: () => object) {
    const handle = createOpenApiNodeHttpHandler({ router, createContext: ({ info }: { info: { signal: AbortSignal } }) => ({ signal: info.signal }) } as never) as (req: object, res: object) => Promise<void>;
    let built = 0;
    const OriginalRequest = globalThis.Request;
    globalThis.Request = class extends OriginalRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, init);
        built += 1;
      }
    };
    let status = 0;
    let body = '';
    const res = Object.assign(new EventEmitter(), { statusCode: 0, setHeader: () => undefined, end: (text: string) => ((status = res.statusCode), (body = text)) });
    try {
      await handle(make(), res);
    } finally {
      globalThis.Request = OriginalRequest;
    }
    return { built, status, body: JSON.parse(body) as unknown };
  }

  it('builds a fetch Request per call from a Node-style request, only for its abort signal (why the view exists)', async () => {
    const nodeStyle = () => Object.assign(new EventEmitter(), { method: 'GET', url: '/find?q=a', headers: { host: 'localhost' }, query: { q: 'a' }, socket: {} });
    const answer = await callWith(nodeStyle);
    expect(answer).toEqual({ built: 1, status: 200, body: { q: 'a', aborted: false } });
  });

  it('reads the signal of a request view that is a fetch Request, and builds none', async () => {
    const view = () => openApiRequestView({ method: 'GET', url: '/find?q=b', headers: new Headers(), body: undefined, query: { q: 'b' } }, {});
    expect(view()).toBeInstanceOf(Request);
    const answer = await callWith(view);
    expect(answer).toEqual({ built: 0, status: 200, body: { q: 'b', aborted: false } });
  });
});

describe('next internals', () => {
  it("exports the App Router's router-state validator, which accepts a tree and throws on anything else", () => {
    expect(typeof parseAndValidateFlightRouterState).toBe('function');
    expect(() => parseAndValidateFlightRouterState(encodeURIComponent(JSON.stringify(['', { children: ['dashboard', {}, null, null] }, null, 'refetch', 1])))).not.toThrow();
    expect(() => parseAndValidateFlightRouterState('%7Bbad')).toThrow();
  });
});
