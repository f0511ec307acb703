// The one place that leans on trpc-to-openapi's node adapter internals (compat.test.ts checks
// them against the installed version, which package.json pins exactly).
//
// The REST door hands the adapter's node handler a light view of each request instead of a node
// request or a whole fetch Request. The adapter then:
// - takes its fetch branch for headers and the abort signal, because the view's prototype is
//   Request's (`req instanceof Request`: headers read with `.get`, `req.signal` passed on);
// - reads the body from `req.body` when the property exists, instead of reading the stream;
// - reads the query from `req.query` when it is set, instead of parsing the url.

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
