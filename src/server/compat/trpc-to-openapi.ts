// The one place that leans on trpc-to-openapi's node adapter internals (compat.test.ts checks
// them against the installed version, which package.json pins exactly).
//
// The REST door hands the adapter's node handler a light view of each request instead of a node
// request or a whole fetch Request. The adapter then:
// - takes its fetch branch for headers and the abort signal, because the view's prototype is
//   Request's (`req instanceof Request`: headers read with `.get`, `req.signal` passed on);
// - reads the body from `req.body` when the property exists, instead of reading the stream;
// - reads the query from `req.query` when it is set, instead of parsing the url.

import { z } from 'zod';

/** The adapter reads `req.signal` only to hand it to procedures, which do not use it. */
const NEVER_ABORTED = new AbortController().signal;

export type AdapterRequestFields = {
  method: string;
  /** Path and query, as the adapter's routes see them (without the endpoint prefix). */
  url: string;
  headers: Headers;
  /** The parsed JSON body, or undefined when the call has none. */
  body: unknown;
  /** Each query parameter's values. */
  query: Record<string, string[]>;
};

/** A request view for createOpenApiNodeHttpHandler; `extra` adds the caller's own properties (e.g. a symbol for its context). */
export function adapterRequest(fields: AdapterRequestFields, extra: Record<symbol, unknown> = {}): object {
  const properties: PropertyDescriptorMap = {
    method: { value: fields.method },
    url: { value: fields.url },
    headers: { value: fields.headers },
    body: { value: fields.body, writable: true },
    query: { value: fields.query },
    signal: { value: NEVER_ABORTED },
  };
  for (const key of Object.getOwnPropertySymbols(extra)) properties[key] = { value: extra[key] };
  return Object.create(Request.prototype, properties) as object;
}

type ProcedureLike = { _def: { inputs: unknown[] } & Record<string, unknown> };

const isZodObject = (schema: unknown): schema is z.ZodObject => (schema as { _zod?: { def?: { type?: string } } } | null)?._zod?.def?.type === 'object';

/**
 * The router as the adapter should see it, for a procedure that stacks inputs (the ownership
 * loaders' `{ id }`, then the call's own fields: every call on /tasks/{id} and /sessions/{id}).
 * The adapter reads a procedure's inputs on every request, and for two or more it merges them
 * into new zod objects each time (`z.object({}).merge(a).merge(b)`, each a whole schema instance
 * with its closures): 50 µs and ~15 kB per request, and that garbage outlived the young
 * generation. Measured on PATCH /api/tasks/{id} in the production server (`npm run bench`, the
 * call whose p99 at the same load was 2.3-2.8 times the bare floor's): 9.5 % of the bytes it
 * allocated (sampled allocation profile), and V8's trace showed each scavenge promoting 2.5 MB
 * to the old generation, against 0.3 MB with the inputs merged once; slower scavenges and a
 * growing old generation are the pauses in its latency tail. Here each such procedure shows the
 * adapter one input, merged once the same way. Only the adapter sees it (to tell an object input
 * from a void one and to switch coercion, which src/server/compat/zod.ts pins); calls still run
 * the real procedures through `router.createCaller`, which parses each input as before.
 */
export function withMergedInputs<TRouter extends object>(router: TRouter): TRouter {
  const { _def } = router as unknown as { _def: { procedures: Record<string, ProcedureLike> } };
  const procedures: Record<string, ProcedureLike> = {};
  for (const [path, procedure] of Object.entries(_def.procedures)) {
    const { inputs } = procedure._def;
    // The adapter's own merge (trpc-to-openapi's getInputOutputParsers), done once.
    const merged = inputs.length >= 2 && inputs.every(isZodObject) ? inputs.reduce<z.ZodObject>((all, input) => all.merge(input), z.object({})) : undefined;
    procedures[path] = merged ? { ...procedure, _def: { ...procedure._def, inputs: [merged] } } : procedure;
  }
  return { ...router, _def: { ..._def, procedures } };
}
