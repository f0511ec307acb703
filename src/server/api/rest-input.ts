// Input hygiene of the REST door (src/server/api/rest.ts): a JSON body must be an object. The
// adapter spreads the body into the input, so `null`, `5`, `"abc"` or `[1]` would otherwise be
// read as `{}` and a PATCH of nothing would succeed. (The query string is Fastify's, a
// null-prototype map, so `?constructor=1` or `?__proto__=x` are ordinary unknown parameters:
// src/server/api/fuzz.test.ts.)
import type { ApiErrorBody } from '@/server/errors';

export const NOT_AN_OBJECT: ApiErrorBody = { message: 'The request body must be a JSON object', code: 'BAD_REQUEST' };

/** True for a JSON object body (`{...}`), false for null, arrays, numbers, strings and booleans. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
