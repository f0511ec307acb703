// The launcher reads .env files as Next does: the environment first, then the mode's local file,
// .env.local, the mode's file and .env; and a bad value there stops it like a bad variable.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnvFiles } from './env-files.mjs';

const dirs: string[] = [];
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onething-env-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('readEnvFiles', () => {
  it('lets the environment win, then .env.production.local, .env.local, .env.production and .env', () => {
    const dir = folder({
      '.env': 'PORT=1\nAPP_URL=http://from-env\nMAIL_FROM=env@example.com\nLOG_LEVEL=debug\n',
      '.env.production': 'PORT=2\nAPP_URL=http://from-production\nMAIL_FROM=production@example.com\n',
      '.env.local': 'PORT=3\nAPP_URL=http://from-local\n',
      '.env.production.local': 'PORT=4\n',
      '.env.development': 'CONTACT_TO=dev@example.com\n',
    });
    const { values, files } = readEnvFiles(dir, 'production', { LOG_LEVEL: 'warn' });
    expect(values).toEqual({ PORT: '4', APP_URL: 'http://from-local', MAIL_FROM: 'production@example.com' });
    expect(files).toEqual(['.env.production.local', '.env.local', '.env.production', '.env']);
  });

  it('reads nothing when there are no files', () => {
    expect(readEnvFiles(folder({}), 'development', {})).toEqual({ values: {}, files: [] });
  });
});

describe('npm start with a bad value in .env', () => {
  it('stops with the one line naming the variable, as for the environment', () => {
    // A copy of the launcher's folder layout: scripts/ beside src/ and node_modules/.
    const root = path.resolve(import.meta.dirname, '..');
    const dir = folder({ '.env': 'PORT=eighty\n' });
    mkdirSync(path.join(dir, 'scripts'));
    for (const file of ['start.mjs', 'env-files.mjs', 'build.mjs', 'source-fingerprint.mjs']) cpSync(path.join(root, 'scripts', file), path.join(dir, 'scripts', file));
    symlinkSync(path.join(root, 'src'), path.join(dir, 'src'));
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const result = spawnSync(process.execPath, [path.join(dir, 'scripts', 'start.mjs')], {
      env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^\[onething\] Invalid environment variable PORT:/);
    expect(result.stdout).not.toContain('starting the embedded PostgreSQL');
  });
});
