#!/usr/bin/env node
// The production server, started by the launcher (scripts/start.mjs) in place of `next start`:
// one node:http server on $PORT whose REST calls (/api/* procedures of the router, and the tRPC
// door at /api/trpc) are answered by the lean door (src/server/door.ts) straight from the
// router, and every other request by Next through its programmatic API (`next({ dev: false })`,
// `getRequestHandler()`), as `next start` would. The TypeScript router is loaded by Node itself
// with scripts/ts-hooks.mjs; Next serves its own build (.next).
//
// Env: PORT, NODE_ENV=production, plus the app's (set by the launcher). Binds every interface, as `next start`,
// or BIND_ADDRESS when set (e.g. 127.0.0.1 behind a balancer on the same machine).
// ONETHING_DOOR=off serves everything through Next (for comparison and as an escape hatch).
// SIGTERM drains, then exits (scripts/draining.mjs); SIGINT and an orphaned server (the launcher died) close at once.
import './ts-hooks.mjs';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import next from 'next';
import { createDrainer } from './draining.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const port = Number(process.env.PORT || 3000);
const started = performance.now();

/** The headers next.config.js gives every path and every API path, for the door's answers (all under /api). */
async function nextConfigHeaders() {
  const loaded = await import(pathToFileURL(path.join(root, 'next.config.js')).href);
  let config = loaded.default;
  if (typeof config === 'function') config = await config('phase-production-server', { defaultConfig: {} });
  const rules = typeof config?.headers === 'function' ? await config.headers() : [];
  const headers = {};
  for (const rule of rules) {
    if ((rule.source !== '/:path*' && rule.source !== '/api/:path*') || rule.has || rule.missing) continue;
    for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
  }
  return headers;
}

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const nextHandler = app.getRequestHandler();

async function door() {
  const appRoutes = Object.keys(JSON.parse(readFileSync(path.join(distDir, 'server', 'app-paths-manifest.json'), 'utf8')));
  const [{ createDoor }, headers] = await Promise.all([import('../src/server/door.ts'), nextConfigHeaders()]);
  return createDoor({ next: nextHandler, appRoutes, headers, port });
}

// Next prepares while the router loads.
const [listener] = await Promise.all([process.env.ONETHING_DOOR === 'off' ? nextHandler : door(), app.prepare()]);

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
