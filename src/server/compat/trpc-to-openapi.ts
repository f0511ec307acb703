// The one place that leans on trpc-to-openapi's node adapter internals (compat.test.ts checks
// them against the installed version, which package.json pins exactly).
//
import { z } from 'zod';

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
