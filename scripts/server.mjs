#!/usr/bin/env node
// The app's server, started by the launcher (scripts/start.mjs) in place of `next start` (and of
// `next dev` with --dev): one node:http server on $PORT whose REST calls (/api/* procedures of
// the router, and the tRPC door at /api/trpc) are answered by the lean door (src/server/inbound/door.ts)
// straight from the router, and every other request by Next through its programmatic API
// (`next({ dev })`, `getRequestHandler()`), as `next start` would.
//
// This file is plain JavaScript and loads no TypeScript: the door is part of Next's own server
// build. Next runs src/instrumentation.ts's register() when its server starts, and register()
// hands the door's factory to the callback this file leaves on a registered globalThis symbol;
// so the door, the pages and the route handlers share one compiled copy of the server code
// (docs/architecture.md).
//
// Env: PORT, NODE_ENV, plus the app's (set by the launcher). Binds every interface, as `next start`,
// or BIND_ADDRESS when set (e.g. 127.0.0.1 behind a balancer on the same machine).
// ONETHING_DOOR=off serves everything through Next (for comparison and as an escape hatch; in
// development it also gives hot reload of API code, which the door, made once at start, lacks).
// SIGTERM drains, then exits (scripts/draining.mjs); SIGINT and an orphaned server (the launcher died) close at once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import next from 'next';
import { createDrainer } from './draining.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const port = Number(process.env.PORT || 3000);
const started = performance.now();
const INSTRUMENTED = Symbol.for('onething.instrumented');
/** How long Next may take to run register() before the server gives up (a broken build). */
const REGISTER_TIMEOUT_MS = 120_000;

/** The headers next.config.js gives every path and every API path, for the door's answers (all under /api). */
async function nextConfigHeaders() {
  const loaded = await import(pathToFileURL(path.join(root, 'next.config.js')).href);
  let config = loaded.default;
  if (typeof config === 'function') config = await config(dev ? 'phase-development-server' : 'phase-production-server', { defaultConfig: {} });
  const rules = typeof config?.headers === 'function' ? await config.headers() : [];
  const headers = {};
  for (const rule of rules) {
    if ((rule.source !== '/:path*' && rule.source !== '/api/:path*') || rule.has || rule.missing) continue;
    for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
  }
  return headers;
}

/**
 * The app's routes as Next lists them (e.g. `/api/stripe/webhook/route`): from the build's
 * manifest, or in development (where Next compiles routes on demand) from the route files.
 */
function appRoutes() {
  if (!dev) return Object.keys(JSON.parse(readFileSync(path.join(distDir, 'server', 'app-paths-manifest.json'), 'utf8')));
  const appDir = path.join(root, 'src', 'app');
  const routes = [];
  const walk = (dir, segments) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // Route groups, e.g. (app), are not part of the path.
        walk(path.join(dir, entry.name), /^\(.+\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      } else if (/^route\.[jt]sx?$/.test(entry.name)) routes.push(`/${[...segments, 'route'].join('/')}`);
    }
  };
  if (existsSync(appDir)) walk(appDir, []);
  return routes;
}

// Set before Next starts: in production Next runs register() on its own, after app.prepare()
// has returned (it only awaits it on the first request), and in development within prepare().
const instrumented = new Promise((resolve) => {
  globalThis[INSTRUMENTED] = resolve;
});
const registerTimeout = new Promise((_, reject) => {
  setTimeout(() => reject(new Error('Next did not run src/instrumentation.ts register(): run `npm run build`')), REGISTER_TIMEOUT_MS).unref();
});

const app = next({ dev, dir: root, port, hostname: 'localhost' });
const nextHandler = app.getRequestHandler();

let listener = nextHandler;
try {
  const [headers, handoff] = await Promise.all([nextConfigHeaders(), Promise.race([instrumented, registerTimeout]), app.prepare()]);
  if (process.env.ONETHING_DOOR !== 'off') {
    if (typeof handoff.createDoor !== 'function') throw new Error('the build has no API door: run `npm run build`');
    listener = handoff.createDoor({ next: nextHandler, appRoutes: appRoutes(), headers, port });
  }
} catch (error) {
  process.stderr.write(`[onething] ${error.message}\n`);
  process.exit(1);
}

// SIGTERM drains (scripts/draining.mjs): health 503, requests in flight finish, then exit.
const drainer = createDrainer(listener);
const server = http.createServer(drainer.listener);
drainer.attach(server);
// As `next start`: keep-alive a little longer than common proxies' idle timeouts.
server.keepAliveTimeout = 65_000;
server.listen(port, process.env.BIND_ADDRESS || undefined, () => {
  process.stdout.write(`[onething] ready on port ${port} in ${Math.round(performance.now() - started)} ms${listener === nextHandler ? ' (Next only)' : ''}\n`);
});

const close = () => drainer.drain({ immediate: true });

// The launcher stops us on its way out; if it was killed outright, stop by ourselves.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) close();
}, 1000).unref();
