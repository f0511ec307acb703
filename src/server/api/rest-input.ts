// Input hygiene of the REST door, kept apart from the door itself so any door (the adapter
// behind rest.ts, or a leaner one) applies the same rules:
// - the query string becomes a null-prototype map, so `?constructor=1` or `?__proto__=x` are
//   ordinary unknown parameters (the OpenAPI adapter's own parser indexed a plain object with
//   them and crashed with a 500: found by src/server/api/fuzz.test.ts);
// - a JSON body must be an object: the adapter spreads the body into the input, so `null`, `5`,
//   `"abc"` or `[1]` would otherwise be read as `{}` and a PATCH of nothing would succeed.
import type { ApiErrorBody } from '@/server/errors';

/** The query string as the adapter expects `req.query`: every value an array of strings. */
export function queryOf(url: URL): Record<string, string[]> {
  const query = Object.create(null) as Record<string, string[]>;
  url.searchParams.forEach((value, key) => {
    (query[key] ??= []).push(value);
  });
  return query;
}

export const NOT_AN_OBJECT: ApiErrorBody = { message: 'The request body must be a JSON object', code: 'BAD_REQUEST' };

/** True for a JSON object body (`{...}`), false for null, arrays, numbers, strings and booleans. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
