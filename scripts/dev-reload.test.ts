// `npm run dev` serves an edited service's new answer without a restart, in the production
// server's shape: the server of scripts/server.mjs --dev (the Fastify front, Next's development
// server behind it) on a scratch copy of the checkout, a service edited on disk, the same
// REST call again.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server as msw } from '@/test/msw';

const root = path.resolve(import.meta.dirname, '..');
const SERVICE = path.join('src', 'server', 'services', 'health.service.ts');
const EDITED_TIME = '1999-12-31T23:59:59.000Z';

let copy: string;
let child: ChildProcess | undefined;
let output = '';
let base: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the server's output has said `text` (after `from` characters of it). */
function waitFor(text: string, from = 0, timeoutMs = 180_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = setInterval(() => {
      if (output.indexOf(text, from) >= 0) {
        clearInterval(check);
        resolve();
      } else if (Date.now() - started > timeoutMs || child?.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`no "${text}" from the dev server; it said:\n${output}`));
      }
    }, 100);
  });
}

beforeAll(async () => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'onething-dev-'));
  for (const entry of ['src', 'emails', 'public', 'scripts', 'next.config.js', 'tsconfig.json', 'package.json', 'postcss.config.mjs']) {
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(copy, 'scripts', 'server.mjs'), '--dev'], {
    cwd: copy,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), BIND_ADDRESS: '127.0.0.1', ONETHING_JOBS: 'off', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('ready on port');
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
}, 30_000);

beforeEach(() => {
  msw.use(mswHttp.all(`${base}/*`, () => passthrough()));
});

describe('npm run dev', () => {
  it('answers with an edited service at once, without a restart', async () => {
    const before = (await (await fetch(`${base}/api/health`)).json()) as { status: string; time: string };
    expect(before.status).toBe('ok');
    expect(before.time).not.toBe(EDITED_TIME);

    const file = path.join(copy, SERVICE);
    const source = readFileSync(file, 'utf8');
    const edited = source.replace('time: new Date(now).toISOString()', `time: '${EDITED_TIME}'`);
    expect(edited).not.toBe(source);
    const seen = output.length;
    writeFileSync(file, edited);
    await waitFor('server code rebuilt', seen, 60_000);

    const after = (await (await fetch(`${base}/api/health`)).json()) as { status: string; time: string };
    expect(after).toMatchObject({ status: 'ok', time: EDITED_TIME });
    // The same process answered both.
    expect(output.match(/ready on port/g)).toHaveLength(1);
  }, 120_000);
});
