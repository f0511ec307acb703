// `npm run reminders` on a checkout loads the e-mail templates (.tsx) through
// scripts/ts-hooks.mjs: compiled on first import, kept in the build's folder, compiled again only
// when the source changes. (The app's server runs Next's build and never comes here.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const scripts = import.meta.dirname;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder; `inProject` puts it where `react/jsx-runtime` resolves (node_modules/.cache). */
function tempDir(inProject = false): string {
  const parent = inProject ? path.resolve(scripts, '..', 'node_modules', '.cache') : os.tmpdir();
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'onething-tsx-'));
  dirs.push(dir);
  return dir;
}

function node(args: string[], distDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: distDir };
  delete env.VITEST;
  const result = spawnSync(process.execPath, args, { cwd: path.resolve(scripts, '..'), env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Imports `file` through the hooks, runs `call` on it, and prints its result and whether TypeScript was loaded. */
function importThroughHooks(distDir: string, file: string, call: string) {
  const program = `
    import { createRequire } from 'node:module';
    import { pathToFileURL } from 'node:url';
    await import(pathToFileURL(${JSON.stringify(path.join(scripts, 'ts-hooks.mjs'))}).href);
    const module = await import(pathToFileURL(${JSON.stringify(file)}).href);
    const result = await (${call})(module);
    const loaded = Object.keys(createRequire(import.meta.url).cache).some((key) => /[\\\\/]typescript[\\\\/]lib[\\\\/]typescript\\.js$/.test(key));
    process.stdout.write(JSON.stringify({ result, typescript: loaded }));
  `;
  const run = node(['--input-type=module', '-e', program], distDir);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { result: unknown; typescript: boolean };
}

describe('the e-mail templates through the module hooks', () => {
  it('compiles a template on import, and keeps it for the next run', () => {
    const distDir = tempDir();
    const template = path.join(tempDir(true), 'greeting.tsx');
    writeFileSync(template, `export default function greeting(name: string) { return <p>Hello {name}</p>; }\nexport const kind = (element: { type: string }): string => element.type;\n`);
    const call = `(m) => m.kind(m.default('Ada'))`;

    const first = importThroughHooks(distDir, template, call);
    expect(first.result).toBe('p');
    expect(first.typescript).toBe(true);
    expect(readdirSync(path.join(distDir, 'onething-tsx'))).toHaveLength(1);

    const second = importThroughHooks(distDir, template, call);
    expect(second.result).toBe('p');
    expect(second.typescript).toBe(false);

    // Changed source, new compilation: the old one is never served for it.
    writeFileSync(template, `export default function greeting(name: string) { return <h1>Hello {name}</h1>; }\nexport const kind = (element: { type: string }): string => element.type;\n`);
    const changed = importThroughHooks(distDir, template, call);
    expect(changed.result).toBe('h1');
    expect(changed.typescript).toBe(true);
  });
});
