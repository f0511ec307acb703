// The patch to zod's internals (a schema's `_zod.def`); compat.test.ts checks their shape
// against the installed zod and trpc-to-openapi, which package.json pins exactly.
//
// trpc-to-openapi switches on zod coercion for every number, boolean, bigint and date field of
// a REST call's input, JSON bodies included, and it does so by mutating the shared schemas, so
// both doors would then accept `"no"` as true and `null` as 0. Our query inputs opt in
// explicitly (`z.coerce.number()`, `z.stringbool()`), so the adapter's coercion is never
// wanted: this pins every input schema's `coerce` flag to what its author wrote.
import type { AnyTRPCRouter } from '@trpc/server';
import { procedureDefs } from './trpc';

type ZodLike = { _zod?: { def?: Record<string, unknown> } };

const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);

function pin(schema: unknown, seen: Set<unknown>): void {
  const def = (schema as ZodLike | null)?._zod?.def;
  if (!def || seen.has(def)) return;
  seen.add(def);
  if (COERCIBLE.has(String(def.type))) {
    const authored = def.coerce === true;
    Object.defineProperty(def, 'coerce', { get: () => authored, set: () => {}, enumerable: true, configurable: false });
    return;
  }
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape) for (const field of Object.values(shape)) pin(field, seen);
  for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'valueType', 'keyType', 'catchall']) {
    if (def[key]) pin(def[key], seen);
  }
  const options = def.options as unknown[] | undefined;
  if (Array.isArray(options)) for (const option of options) pin(option, seen);
  const items = def.items as unknown[] | undefined;
  if (Array.isArray(items)) for (const item of items) pin(item, seen);
}

export function pinInputCoercion<TRouter extends AnyTRPCRouter>(router: TRouter): TRouter {
  const seen = new Set<unknown>();
  for (const [, def] of procedureDefs(router)) {
    for (const input of def.inputs) pin(input, seen);
  }
  return router;
}

/** True for `z.void()`: a procedure that takes no input. */
export function isVoidSchema(schema: unknown): boolean {
  return (schema as ZodLike | null)?._zod?.def?.type === 'void';
}
