// The production server loads the e-mail templates (.tsx) through scripts/ts-hooks.mjs. The
// build compiles them ahead into its folder, so the server renders mail without ever loading the
// TypeScript compiler (whose ~23 MB of heap every full garbage collection had to mark); a
// template missing from that cache is compiled on import, as before, and then kept.
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

const messages = path.resolve(scripts, '..', 'src', 'server', 'mail', 'messages.tsx');
const renderVerifyMail = `(m) => m.verifyEmailMail('ada@example.com', { name: 'Ada', link: 'https://onething.test/verify?token=t', hours: 24 }).then((mail) => mail.html)`;

describe('the e-mail templates in the production server', () => {
  it('are compiled ahead by the build, so rendering mail does not load the TypeScript compiler', () => {
    const distDir = tempDir();
    const precompiled = node([path.join(scripts, 'precompile-tsx.mjs')], distDir);
    expect(precompiled.status).toBe(0);
    // messages.tsx and the four templates with their shared layout.
    expect(precompiled.stdout).toMatch(/compiled [1-9]\d* e-mail template files ahead/);
    const compiled = readdirSync(path.join(distDir, 'onething-tsx'));
    expect(compiled.length).toBeGreaterThanOrEqual(5);

    const { result, typescript } = importThroughHooks(distDir, messages, renderVerifyMail);
    expect(result).toContain('https://onething.test/verify?token=t');
    expect(typescript).toBe(false);

    // A second build run finds them all current.
    expect(node([path.join(scripts, 'precompile-tsx.mjs')], distDir).stdout).toContain('compiled 0 e-mail template files ahead');
  });

  it('compiles a template the build has not seen on import, and keeps it for the next start', () => {
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
