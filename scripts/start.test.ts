// The launcher refuses a bad configuration before starting anything, in one line naming it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const launcher = path.resolve(import.meta.dirname, 'start.mjs');

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [launcher], {
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

describe('npm start with a bad environment', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'postgresql://db.internal/onething' }, 'AUTH_SECRET'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
  ])('stops with one line naming the variable: %o', (env, name) => {
    const result = start(env);
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`Invalid environment variable ${name}:`));
    expect(result.stdout).not.toContain('starting the embedded PostgreSQL');
  });
});
