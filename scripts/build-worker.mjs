#!/usr/bin/env node
// The service worker's build, a step of `npm run build` after `next build` (scripts/build.mjs):
// src/worker/sw.ts bundled by esbuild with the app's own modules (the task schemas and the
// offline-write rules of src/lib), and the build's precache manifest (every file of
// .next/static, listed by @serwist/build) written in front of it. Out: <distDir>/worker/sw.js,
// served at /sw.js by src/app/sw.js/route.ts. Why not @serwist/next or @serwist/turbopack:
// docs/architecture.md, "The service worker".
//
// `--dev` (npm run dev): no precache manifest (the development server's files change as they are
// edited; the worker's runtime caching still keeps what the pages fetch).
import { getManifest } from '@serwist/build';
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the built worker goes in a build directory (scripts/build.mjs checks for it there). */
const workerFile = (distDir) => path.join(distDir, 'worker', 'sw.js');

/** Builds the worker for `root`'s build in `distDir`; resolves to what was written. */
export async function buildWorker(root, distDir, { dev = false } = {}) {
  const buildId = existsSync(path.join(distDir, 'BUILD_ID')) ? readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim() : 'development';
  let entries = [];
  let size = 0;
  if (!dev) {
    const manifest = await getManifest({
      globDirectory: path.join(distDir, 'static'),
      globPatterns: ['**/*.{js,css,woff,woff2,png,svg,ico,webp}'],
      modifyURLPrefix: { '': '/_next/static/' },
      // Turbopack's file names carry their content's hash: the URL is the revision.
      dontCacheBustURLsMatching: /^\/_next\/static\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    });
    if (manifest.warnings.length) throw new Error(`precache manifest: ${manifest.warnings.join('; ')}`);
    entries = manifest.manifestEntries ?? [];
    size = manifest.size;
  }
  const outfile = workerFile(distDir);
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(root, 'src', 'worker', 'sw.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: !dev,
    sourcemap: false,
    legalComments: 'none',
    tsconfig: path.join(root, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    // The build's id makes every build a new worker script (so the pages offer "Reload"), and the
    // manifest is what Serwist precaches.
    banner: { js: `/* Onething service worker, build ${buildId} */\nself.__SW_MANIFEST=${JSON.stringify(entries)};` },
    logLevel: 'warning',
    // src/lib/recurrence.ts reads rrule's default export only when its module form has no named ones.
    logOverride: { 'import-is-undefined': 'silent' },
  });
  return { outfile, entries: entries.length, size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
  const result = await buildWorker(root, distDir, { dev: process.argv.includes('--dev') });
  process.stdout.write(`[worker] ${path.relative(root, result.outfile)}: ${result.entries} precached files (${(result.size / 1024).toFixed(0)} KiB)\n`);
}
