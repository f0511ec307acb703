// What a procedure answers: `.output(answer(ZTaskOutput))`. The schema documents the answer (the
// OpenAPI document, the clients' types) everywhere; it is checked at run time everywhere but in
// production, where the answer goes out as the procedure built it.
//
// Why: checking the answer against its schema cost a quarter of the server's CPU on GET
// /api/tasks (200 tasks: ~0.6 ms of zod per call beside ~2 ms for everything else; measured with
// the CPU per answer of `npm run bench`, bench/results.md) and is what kept the list calls below
// 0.8 of the floor's throughput. tRPC has no switch for it (trpc/trpc#4282), and trpc-to-openapi
// needs the zod schema on the procedure to write the document.
//
// What keeps production's answers right without the check: outside production (every Vitest
// test, `npm run dev`) the check is stricter than tRPC's own. An answer must not only pass its
// schema: it must be exactly what the schema lets through, as JSON. So an answer with a field the
// schema does not list (a leak the schema's parse would have stripped), a value the schema would
// change, or a default it would fill in fails there with a 500, and the sweeps that call every
// operation (src/test/rest-operations.ts) would show it. Production then sends the very same
// JSON without parsing it again.
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

const trusted = process.env.NODE_ENV === 'production';

/** The answer as its JSON reads (what a client receives), for comparing two answers. */
function asJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * The schema of a procedure's answer, for `.output()`: a copy of `schema` (the same JSON Schema
 * in the OpenAPI document) whose parse tRPC calls. In production it passes the answer through;
 * elsewhere it parses it and refuses an answer its schema would have changed.
 */
export function answer<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone();
  const parseAsync = trusted
    ? async (value: unknown) => value
    : async (value: unknown) => {
        const parsed = await schema.parseAsync(value);
        if (!isDeepStrictEqual(asJson(parsed), asJson(value))) {
          throw new Error(`The answer is not exactly what its schema lets through (a field it does not list, or a value it would change): ${JSON.stringify(value)?.slice(0, 500)}`);
        }
        return parsed;
      };
  // tRPC calls a zod schema's parseAsync (its validator lookup prefers it to Standard Schema's
  // validate); this copy's own one shadows zod's.
  Object.defineProperty(copy, 'parseAsync', { value: parseAsync });
  return copy as T;
}
