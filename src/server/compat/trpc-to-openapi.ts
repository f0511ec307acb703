// The one read of trpc-to-openapi's behaviour beyond its types (no patch): its node handler
// (`createOpenApiNodeHttpHandler`) takes a call's abort signal from the request it is given when
// that request is a fetch `Request` (`getRequestSignal`: `req instanceof Request`, the path its
// own fetch adapter takes), and otherwise builds a fetch `Request` per call from Node's request
// with tRPC's `incomingMessageToRequest` only to get one.
//
// That per-call `Request` was the REST door's tail: a `Request` made with a signal registers
// itself with undici's FinalizationRegistry through a WeakRef, which V8's young-generation
// collector keeps alive, so every call's request, controller and signal were copied and promoted
// to the old generation, and each scavenge copied megabytes (8-14 ms pauses every ~0.4 s under
// GET /api/auth/me; docs/architecture.md, "The REST door's tail"). The REST door hands the
// handler a request view that is a fetch Request to `instanceof` and carries Fastify's parsed
// parts; compat.test.ts checks that the installed trpc-to-openapi still reads it that way.
//
// The signal: trpc-to-openapi 3.3.0 gives it only to `createContext` (in `info`), never to a
// procedure, and ours does not read it; the view's signal therefore never aborts.

const NEVER_ABORTED = new AbortController().signal;

/** What the node handler reads of a request it takes for a fetch Request. */
export type OpenApiRequestParts = {
  method: string;
  /** The path and query below the door's base path (`/tasks?status=open`). */
  url: string;
  /** Read by the handler for the content type only (`headers.get('content-type')`). */
  headers: Headers;
  /** Fastify's parsed JSON body (writes); the handler spreads it into the input. */
  body: unknown;
  /** Fastify's parsed query string (reads and DELETE). */
  query: unknown;
};

/** A request trpc-to-openapi's node handler reads as a fetch Request, without building one. */
export function openApiRequestView<T extends object>(parts: OpenApiRequestParts, extra: T): OpenApiRequestParts & T & Request {
  // An object literal's __proto__ defines the prototype and its keys as own data properties, so
  // Request.prototype's getters (which would check for a real Request) are never reached.
  return { __proto__: Request.prototype, ...parts, signal: NEVER_ABORTED, ...extra } as unknown as OpenApiRequestParts & T & Request;
}
