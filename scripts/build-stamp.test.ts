// `npm run build` stamps the build with scripts/build-stamp.mjs, and the browser tests and the
// benchmark build again (scripts/build.mjs buildIfChanged) when the sources no longer match it: both must compute the one fingerprint of
// scripts/source-fingerprint.mjs, and it must change with the sources.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceFingerprint } from './source-fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '..');
const scratch: string[] = [];

function checkout(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onething-fingerprint-'));
  scratch.push(dir);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'page.tsx'), 'export default 1;\n');
  writeFileSync(path.join(dir, 'next.config.js'), 'export default {};\n');
  return dir;
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('build stamp', () => {
  it('the build check and the stamp script both use the shared fingerprint, with no copy of their own', () => {
    for (const file of ['scripts/build.mjs', 'scripts/build-stamp.mjs']) {
      const source = readFileSync(path.join(root, file), 'utf8');
      expect(source, file).toContain("import { sourceFingerprint } from './source-fingerprint.mjs';");
      expect(source, file).not.toContain('function sourceFingerprint');
    }
  });

  it('changes when a source file or the config changes, and not otherwise', () => {
    const dir = checkout();
    const first = sourceFingerprint(dir);
    expect(sourceFingerprint(dir)).toBe(first);
    writeFileSync(path.join(dir, 'src', 'page.tsx'), 'export default 2;\n');
    utimesSync(path.join(dir, 'src', 'page.tsx'), new Date(), new Date(Date.now() + 5_000));
    const second = sourceFingerprint(dir);
    expect(second).not.toBe(first);
    writeFileSync(path.join(dir, 'next.config.js'), 'export default { poweredByHeader: false };\n');
    expect(sourceFingerprint(dir)).not.toBe(second);
  });
});
