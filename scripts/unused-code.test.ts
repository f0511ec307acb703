// No dead code in the app's sources: knip (knip.json) reads the import graph from every entry
// (Next's pages and routes, the instrumentation hook, scripts, bench, e2e, the tests) and lists
// files nothing imports and exports nobody uses, not even their own file.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('npm run lint:unused', () => {
  it('finds no unused file or export', async () => {
    const run = promisify(execFile)(process.execPath, [path.join(root, 'node_modules/knip/bin/knip.js'), '--no-progress', '--include', 'files,exports,types,nsExports,nsTypes,enumMembers,duplicates'], { cwd: root });
    const { stdout } = await run.catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}` }));
    expect(stdout.trim()).toBe('');
  }, 120_000);
});
