// The one read of tRPC's internals (no patch): the list of a router's procedures with their
// definitions (`router._def.procedures`), which tRPC 11 has no public API for. The OpenAPI
// document, the MCP connector and the zod coercion pin (./zod.ts) read it. compat.test.ts checks
// its shape against the installed @trpc/server, which package.json pins exactly.
import type { AnyTRPCRouter } from '@trpc/server';

type Middleware = ((opts: unknown) => Promise<unknown>) & { _type?: string };
/** A procedure's definition as tRPC keeps it (`router._def.procedures[path]._def`). */
export type ProcedureDef = { inputs: unknown[]; output?: unknown; meta?: unknown; middlewares: Middleware[] };

/** Every procedure of a router by its dotted path, with tRPC's definition of it. */
export function procedureDefs(router: AnyTRPCRouter): [path: string, def: ProcedureDef][] {
  const procedures = router._def.procedures as Record<string, { _def: ProcedureDef }>;
  return Object.entries(procedures).map(([path, procedure]) => [path, procedure._def]);
}
