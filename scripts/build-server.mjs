#!/usr/bin/env node
// The server bundle, a step of `npm run build` (scripts/build.mjs): the app's server code that
// the HTTP front runs (src/server/inbound/server-bundle.ts: the front, its REST and tRPC doors,
// the router, services and adapters), compiled once by esbuild into <distDir>/server-bundle/
// index.mjs, which scripts/server.mjs imports. Every package stays in node_modules (imported at
// run time, as Next's own server build does for its externals); only the app's sources, the
// generated Prisma client and the e-mail templates are bundled.
//
// `--watch` (for `npm run dev`, through watchServer): rebuilds on every change of the sources
// and calls back with the new bundle's URL; scripts/server.mjs swaps the front for one built from it.
import { context } from 'esbuild';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the bundle goes in a build directory. */
export const serverBundleFile = (distDir) => path.join(distDir, 'server-bundle', 'index.mjs');

function options(root, distDir, dev) {
  return {
    entryPoints: [path.join(root, 'src', 'server', 'inbound', 'server-bundle.ts')],
    outfile: serverBundleFile(distDir),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  };
}

/** Builds the bundle once; resolves to its file. */
export async function buildServer(root, distDir, { dev = false } = {}) {
  const ctx = await context(options(root, distDir, dev));
  try {
    await ctx.rebuild();
  } finally {
    await ctx.dispose();
  }
  return serverBundleFile(distDir);
}

/**
 * Builds the bundle and rebuilds it whenever a source it was built from changes; `onBuild(url)`
 * gets each successful build's module URL (unique per build, so a fresh import loads it).
 */
export async function watchServer(root, distDir, onBuild) {
  let generation = 0;
  const notify = {
    name: 'notify',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length) return;
        generation += 1;
        const url = `${pathToFileURL(serverBundleFile(distDir)).href}?build=${generation}`;
        return onBuild(url, generation);
      });
    },
  };
  const ctx = await context({ ...options(root, distDir, true), plugins: [notify] });
  await ctx.watch();
  return ctx;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(here, '..');
  const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || '.next');
  const started = performance.now();
  const file = await buildServer(root, distDir);
  process.stdout.write(`server bundle: ${path.relative(root, file)} in ${Math.round(performance.now() - started)} ms\n`);
}
