#!/usr/bin/env node
// Writes the build stamp, the fingerprint of the sources a build was made from (the last step of
// `npm run build`, scripts/build.mjs); the browser tests' runner (scripts/e2e.mjs) compares it
// with the current sources and builds again when they differ. Both compute the one fingerprint
// of scripts/source-fingerprint.mjs. `--check` says whether the build matches the sources.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint } from './source-fingerprint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  process.stderr.write('[build-stamp] no build found: run `npm run build` first\n');
  process.exit(1);
}
const fingerprint = sourceFingerprint(root);
if (process.argv.includes('--check')) {
  const stamp = path.join(distDir, 'onething-build-stamp');
  const ok = existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint;
  process.stdout.write(ok ? '[build-stamp] the build matches the sources\n' : '[build-stamp] the build does not match the sources\n');
  process.exit(ok ? 0 : 1);
}
writeFileSync(path.join(distDir, 'onething-build-stamp'), fingerprint);
process.stdout.write(`[build-stamp] ${fingerprint}\n`);
