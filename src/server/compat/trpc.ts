// Every patch to tRPC's internals, and every read of them (compat.test.ts checks their shape
// against the installed @trpc/server, which package.json pins exactly).
//
// tRPC validates every input and output with zod's `parseAsync`. In async mode zod never uses
// its compiled fast path for objects, so a list of 200 tasks was checked field by field through
// promises: the single largest cost of GET /api/tasks after the database (profiled).
// parseSynchronously swaps each procedure's input and output validation step for one that parses
// synchronously (same schema, same result, same ZodError) and falls back to `parseAsync` for a
// schema that turns out to need it (an async refinement). Both doors and server-side callers
// go through the procedures, so all of them get it; nothing else changes.
import { TRPCError, type AnyTRPCRouter } from '@trpc/server';
import { core } from 'zod';

type Schema = { parse: (value: unknown) => unknown; parseAsync: (value: unknown) => Promise<unknown> };
type Middleware = ((opts: MiddlewareOpts) => Promise<unknown>) & { _type?: string };
type MiddlewareOpts = {
  input: unknown;
  getRawInput: () => Promise<unknown>;
  next: (opts?: { input: unknown }) => Promise<{ ok: boolean; data?: unknown }>;
};
/** A procedure's definition as tRPC keeps it (`router._def.procedures[path]._def`). */
export type ProcedureDef = { inputs: unknown[]; output?: unknown; meta?: unknown; middlewares: Middleware[] };

/** Every procedure of a router by its dotted path, with tRPC's definition of it. */
export function procedureDefs(router: AnyTRPCRouter): [path: string, def: ProcedureDef][] {
  const procedures = router._def.procedures as Record<string, { _def: ProcedureDef }>;
  return Object.entries(procedures).map(([path, procedure]) => [path, procedure._def]);
}

function isZod(schema: unknown): schema is Schema {
  const candidate = schema as Partial<Schema> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    '_zod' in candidate &&
    typeof candidate.parse === 'function' &&
    typeof candidate.parseAsync === 'function'
  );
}

function isAsyncError(error: unknown): boolean {
  return error instanceof core.$ZodAsyncError;
}

/** Parses synchronously, or asynchronously from the first time the schema needs it. */
function fastParser(schema: Schema): (value: unknown) => unknown {
  let needsAsync = false;
  return (value) => {
    if (needsAsync) return schema.parseAsync(value);
    try {
      return schema.parse(value);
    } catch (error) {
      if (!isAsyncError(error)) throw error;
      needsAsync = true;
      return schema.parseAsync(value);
    }
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && !Array.isArray(value) && typeof value === 'object';

/** Same as tRPC's input validation step (createInputMiddleware), with the fast parser. */
function inputMiddleware(parse: (value: unknown) => unknown): Middleware {
  const middleware: Middleware = async function inputValidatorMiddleware(opts) {
    let parsedInput: unknown;
    const rawInput = await opts.getRawInput();
    try {
      parsedInput = await parse(rawInput);
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    const combinedInput = isObject(opts.input) && isObject(parsedInput) ? { ...opts.input, ...parsedInput } : parsedInput;
    return opts.next({ input: combinedInput });
  };
  middleware._type = 'input';
  return middleware;
}

/** Same as tRPC's output validation step (createOutputMiddleware), with the fast parser. */
function outputMiddleware(parse: (value: unknown) => unknown): Middleware {
  const middleware: Middleware = async function outputValidatorMiddleware({ next }) {
    const result = await next();
    if (!result.ok) return result;
    try {
      const data = await parse(result.data);
      return { ...result, data };
    } catch (cause) {
      throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
    }
  };
  middleware._type = 'output';
  return middleware;
}

export function parseSynchronously<TRouter extends AnyTRPCRouter>(router: TRouter): TRouter {
  for (const [, def] of procedureDefs(router)) {
    let inputIndex = 0;
    // In place: the procedure's caller reads this same array on every call.
    def.middlewares.forEach((middleware, index) => {
      if (middleware._type === 'input') {
        const schema = def.inputs[inputIndex++];
        if (isZod(schema)) def.middlewares[index] = inputMiddleware(fastParser(schema));
      } else if (middleware._type === 'output' && isZod(def.output)) {
        def.middlewares[index] = outputMiddleware(fastParser(def.output));
      }
    });
  }
  return router;
}
