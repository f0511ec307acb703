// One instance per process of a piece of server state, however many copies of its module the
// process holds. Next's server build can evaluate one source module more than once (the
// instrumentation bundle, which also carries the API door, and each bundle layer of pages and
// route handlers), and each copy would otherwise keep its own request-id context, environment,
// caches and router. The state lives on globalThis under a registered symbol, so every copy
// finds the first one's.
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`onething.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  let value = holder[key];
  if (value === undefined) {
    value = create();
    holder[key] = value;
  }
  return value;
}
