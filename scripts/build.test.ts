// What the launcher and the test runners decide from a tree's build (scripts/build.mjs): the
// launcher builds only a tree with no finished build; the browser tests and the benchmark build
// again when the sources changed since the build's stamp.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasBuild, isCurrent } from './build.mjs';
import { sourceFingerprint } from './source-fingerprint.mjs';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function checkout(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onething-build-'));
  scratch.push(dir);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'page.tsx'), 'export default 1;\n');
  return dir;
}

function finishBuild(dir: string, { withServerBundle = true, withWorker = true } = {}) {
  mkdirSync(path.join(dir, '.next', 'server-bundle'), { recursive: true });
  mkdirSync(path.join(dir, '.next', 'worker'), { recursive: true });
  writeFileSync(path.join(dir, '.next', 'BUILD_ID'), 'b1');
  if (withServerBundle) writeFileSync(path.join(dir, '.next', 'server-bundle', 'index.mjs'), '');
  if (withWorker) writeFileSync(path.join(dir, '.next', 'worker', 'sw.js'), '');
  writeFileSync(path.join(dir, '.next', 'onething-build-stamp'), sourceFingerprint(dir));
}

describe('a tree and its build', () => {
  it('has a build only when Next finished one and the server bundle and the service worker were built', () => {
    const dir = checkout();
    expect(hasBuild(path.join(dir, '.next'))).toBe(false);
    finishBuild(dir, { withServerBundle: false });
    expect(hasBuild(path.join(dir, '.next'))).toBe(false);
    rmSync(path.join(dir, '.next'), { recursive: true });
    finishBuild(dir, { withWorker: false });
    expect(hasBuild(path.join(dir, '.next'))).toBe(false);
    finishBuild(dir);
    expect(hasBuild(path.join(dir, '.next'))).toBe(true);
  });

  it('is current until a source changes after the build', () => {
    const dir = checkout();
    expect(isCurrent(dir)).toBe(false);
    finishBuild(dir);
    expect(isCurrent(dir)).toBe(true);
    writeFileSync(path.join(dir, 'src', 'page.tsx'), 'export default 2;\n');
    utimesSync(path.join(dir, 'src', 'page.tsx'), new Date(), new Date(Date.now() + 5_000));
    expect(isCurrent(dir)).toBe(false);
    // Still a build the launcher serves as it is.
    expect(hasBuild(path.join(dir, '.next'))).toBe(true);
  });
});
