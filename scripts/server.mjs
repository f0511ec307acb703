#!/usr/bin/env node
// The app's server, started by the launcher (scripts/start.mjs) in place of `next start` (and of
// `next dev` with --dev): the Fastify front of src/server/inbound/front.ts on $PORT, compiled
// into the server bundle (scripts/build-server.mjs), with Next's request handler
// (`next({ dev }).getRequestHandler()`) behind it for pages and Next's own routes.
//
// Production imports the bundle `npm run build` made. Development (--dev) builds it with esbuild
// and watches the sources: after each rebuild a new front is made from the new bundle and takes
// the next requests (the old one is closed), so an edited router or service answers without a
// restart, in the same server shape; Next's development server reloads the pages itself.
//
// Env: PORT, NODE_ENV, plus the app's (set by the launcher). Binds every interface, as `next start`,
// or BIND_ADDRESS when set (e.g. 127.0.0.1 behind a balancer on the same machine).
// SIGTERM drains, then exits (scripts/draining.mjs); SIGINT and an orphaned server (the launcher died) close at once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import next from 'next';
import { createDrainer } from './draining.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || '.next');
const port = Number(process.env.PORT || 3000);
const started = performance.now();
const say = (message) => process.stdout.write(`[onething] ${message}\n`);
/** The server bundle in a build directory (as scripts/build-server.mjs writes it; not imported from there: esbuild is a development dependency). */
const bundleFile = (dir) => path.join(dir, 'server-bundle', 'index.mjs');
/** Development's own bundle, outside Next's development directory. */
const devBundleDir = path.join(root, 'node_modules', '.cache', 'onething-dev-server');

/** The headers next.config.js gives every path and every API path, for the answers the front writes (all under /api). */
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
  const routes = [];
  const walk = (dir, segments) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (/^route\.[jt]sx?$/.test(entry.name)) routes.push(`/${[...segments, 'route'].join('/')}`);
    }
  };
  const appDir = path.join(root, 'src', 'app');
  if (existsSync(appDir)) walk(appDir, []);
  return routes;
}

const app = next({ dev, dir: root, port, hostname: 'localhost' });
const nextHandler = app.getRequestHandler();

/** The front the next request goes to (replaced after each rebuild in development). */
let front;
const frontOptions = async () => ({ next: nextHandler, appRoutes: appRoutes(), headers: await nextConfigHeaders() });

async function frontFrom(url) {
  const { createFront } = await import(url);
  return createFront(await frontOptions());
}

try {
  if (dev) {
    const { watchServer } = await import('./build-server.mjs');
    let first;
    const ready = new Promise((resolve) => (first = resolve));
    await watchServer(root, devBundleDir, async (url, generation) => {
      try {
        const previous = front;
        front = await frontFrom(url);
        if (previous) {
          say(`server code rebuilt: new requests use build ${generation}`);
          void previous.close();
        }
      } catch (error) {
        process.stderr.write(`[onething] the rebuilt server code did not start (the previous build keeps serving): ${error.stack ?? error}\n`);
      }
      first();
    });
    await Promise.all([ready, app.prepare()]);
  } else {
    if (!existsSync(bundleFile(distDir))) throw new Error('the build has no server bundle: run `npm run build`');
    [front] = await Promise.all([frontFrom(pathToFileURL(bundleFile(distDir)).href), app.prepare()]);
  }
  if (!front) throw new Error('the server code did not build');
} catch (error) {
  process.stderr.write(`[onething] ${error.message}\n`);
  process.exit(1);
}

// SIGTERM drains (scripts/draining.mjs): health 503, requests in flight finish, then exit.
const drainer = createDrainer((req, res) => front.routing(req, res));
const server = http.createServer(drainer.listener);
drainer.attach(server);
// As `next start`: keep-alive a little longer than common proxies' idle timeouts.
server.keepAliveTimeout = 65_000;
server.listen(port, process.env.BIND_ADDRESS || undefined, () => {
  say(`ready on port ${port} in ${Math.round(performance.now() - started)} ms`);
});

const close = () => drainer.drain({ immediate: true });

// The launcher stops us on its way out; if it was killed outright, stop by ourselves.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) close();
}, 1000).unref();
