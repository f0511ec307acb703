#!/usr/bin/env node
// Writes the build stamp that `npm start` (scripts/start.mjs) compares with the sources before
// it serves, for a build made by `npm run build` alone (the container recipe's build stage):
// then the launcher serves that build instead of building again at start. The fingerprint
// must stay the same as sourceFingerprint() in scripts/start.mjs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');

function sourceFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = statSync(full);
        hash.update(`${path.relative(root, full)}:${stat.size}:${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['src', 'emails', 'public']) walk(path.join(root, dir));
  for (const file of ['package-lock.json', 'next.config.js', 'tailwind.config.ts', 'postcss.config.mjs', 'tsconfig.json', 'prisma/schema.prisma']) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(`${file}:${readFileSync(full, 'utf8')}\n`);
  }
  return hash.digest('hex');
}

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  process.stderr.write('[build-stamp] no build found: run `npm run build` first\n');
  process.exit(1);
}
const fingerprint = sourceFingerprint();
if (process.argv.includes('--check')) {
  const stamp = path.join(distDir, 'onething-build-stamp');
  const ok = existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint;
  process.stdout.write(ok ? '[build-stamp] the build matches the sources\n' : '[build-stamp] the build does not match the sources\n');
  process.exit(ok ? 0 : 1);
}
writeFileSync(path.join(distDir, 'onething-build-stamp'), fingerprint);
process.stdout.write(`[build-stamp] ${fingerprint}\n`);
