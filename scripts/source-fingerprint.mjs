// A fingerprint of everything a production build depends on: the browser tests' runner
// (scripts/e2e.mjs) builds when it differs from the stamp the last build left in .next, which
// scripts/build-stamp.mjs writes at the end of `npm run build`. Of scripts/, only the server
// bundle's build options are part of it: the server's own script (scripts/server.mjs) is not built.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const FINGERPRINT_DIRS = ['src', 'emails', 'public'];
export const FINGERPRINT_FILES = ['package-lock.json', 'next.config.js', 'tailwind.config.ts', 'postcss.config.mjs', 'tsconfig.json', 'prisma/schema.prisma', 'scripts/build-server.mjs'];

/** @param {string} root the checkout */
export function sourceFingerprint(root) {
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
  for (const dir of FINGERPRINT_DIRS) walk(path.join(root, dir));
  for (const file of FINGERPRINT_FILES) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(`${file}:${readFileSync(full, 'utf8')}\n`);
  }
  return hash.digest('hex');
}
