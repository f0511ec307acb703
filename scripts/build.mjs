#!/usr/bin/env node
// `npm run build`: everything production runs, built ahead of time. `next build` compiles the
// pages, the route handlers and src/instrumentation.ts; the server bundle (scripts/build-server.mjs)
// compiles the HTTP front with the router it serves (scripts/server.mjs, plain JavaScript,
// imports it). Then the service worker is built from src/worker with the build's precache
// manifest (scripts/build-worker.mjs), and the build is stamped with the sources' fingerprint
// (scripts/build-stamp.mjs), so the browser tests' runner (scripts/e2e.mjs) can tell whether the
// build matches the sources. The launcher (scripts/start.mjs) runs these same steps on a tree
// that has no build at all.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint } from './source-fingerprint.mjs';

/** Where scripts/build-worker.mjs leaves the service worker (not imported from it: the launcher loads this file, and the worker's build tools are development dependencies). */
const workerFile = (distDir) => path.join(distDir, 'worker', 'sw.js');
/** Where scripts/build-server.mjs leaves the server bundle (not imported from it, for the same reason). */
const serverBundleFile = (distDir) => path.join(distDir, 'server-bundle', 'index.mjs');

/** Whether `distDir` holds a finished build (Next writes BUILD_ID last). */
export function hasBuild(distDir) {
  return existsSync(path.join(distDir, 'BUILD_ID')) && existsSync(serverBundleFile(distDir)) && existsSync(workerFile(distDir));
}

/** Whether `root`'s build was made from its current sources (its stamp matches their fingerprint). */
export function isCurrent(root) {
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
  const stampFile = path.join(distDir, 'onething-build-stamp');
  return hasBuild(distDir) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === sourceFingerprint(root);
}

/** The build's steps, as [node script, arguments]. */
export function buildSteps(root) {
  return [
    [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), ['build']],
    [path.join(root, 'scripts', 'build-server.mjs'), []],
    [path.join(root, 'scripts', 'build-worker.mjs'), []],
    [path.join(root, 'scripts', 'build-stamp.mjs'), []],
  ];
}

/** Runs the build in this terminal; returns its exit status. */
export function build(root, env = process.env) {
  for (const [script, args] of buildSteps(root)) {
    const result = spawnSync(process.execPath, [script, ...args], { cwd: root, env: { ...env, NODE_ENV: 'production' }, stdio: 'inherit' });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

/**
 * Builds `root` when its build was not made from its current sources (the stamp differs from the
 * sources' fingerprint): for the browser tests and the benchmark, which must measure the current
 * code, while the launcher serves whatever build it finds. Returns the build's exit status (0
 * when nothing had to be built).
 */
export function buildIfChanged(root, say = (message) => process.stdout.write(`${message}\n`)) {
  if (isCurrent(root)) return 0;
  say('the sources changed since the last build: building the app');
  return build(root);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.exit(build(root));
}
