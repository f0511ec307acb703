// The container recipe builds with `npm run build` and stamps the build with
// scripts/build-stamp.mjs, so that `npm start` serves it instead of building again: that only
// holds while the stamp is computed exactly as the launcher computes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function fingerprintFunction(file: string): string {
  const source = readFileSync(path.join(root, file), 'utf8');
  const start = source.indexOf('function sourceFingerprint()');
  expect(start, `${file} has sourceFingerprint()`).toBeGreaterThanOrEqual(0);
  const end = source.indexOf("return hash.digest('hex');", start);
  return source.slice(start, end).replace(/\s+/g, ' ');
}

describe('build stamp', () => {
  it('is computed the same way as the launcher computes it', () => {
    expect(fingerprintFunction('scripts/build-stamp.mjs')).toBe(fingerprintFunction('scripts/start.mjs'));
  });
});
