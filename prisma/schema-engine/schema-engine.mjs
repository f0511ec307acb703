#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary (the Prisma 7 CLI downloads it from a host we
// cannot reach): prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY here. It speaks the binary's
// protocol (JSON-RPC 2.0 lines on stdin/stdout, JSON logs on stderr, `--version`, one-shot `cli
// can-connect-to-database|create-database|drop-database`) and runs each request on Prisma's
// WebAssembly build of the same engine (@prisma/schema-engine-wasm, pinned to prisma's engines
// version) over @prisma/adapter-pg; postgres.mjs has the PostgreSQL side, wasm-engine.mjs the rest.
// Use: just the prisma CLI, e.g. `DATABASE_URL=... npx prisma migrate dev --name <name>` (always pass
// --name: without it the CLI prompts), `migrate deploy|status|diff`, `db push|execute|pull`.
// Shadow database: SHADOW_DATABASE_URL (wiped, then used), else a temporary database created next
// to DATABASE_URL and dropped afterwards. Debug: `DEBUG='prisma:schemaEngine*' npx prisma ...`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(import.meta.url);

// The project runs on Node 24 (node_modules/.bin/node). If the CLI was started with an older
// `node` on PATH, run ourselves again with the project's Node, passing stdio through untouched.
if (Number(process.versions.node.split('.')[0]) < 24 && !process.env.ONETHING_SCHEMA_ENGINE_REEXEC) {
  const node24 = path.resolve(path.dirname(SCRIPT), '../../node_modules/.bin/node');
  if (fs.existsSync(node24)) {
    const child = spawn(node24, [SCRIPT, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, ONETHING_SCHEMA_ENGINE_REEXEC: '1' },
    });
    for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  } else {
    await main();
  }
} else {
  await main();
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.version) {
    const { engineVersion } = await import('./wasm-engine.mjs');
    process.stdout.write(`schema-engine-cli ${await engineVersion()} (wasm stand-in)\n`);
    return;
  }
  const datasource = args.datasource ? JSON.parse(args.datasource) : {};
  if (args.cli) {
    const { runCliCommand } = await import('./postgres.mjs');
    process.exitCode = await runCliCommand(args.cli, datasource);
    return;
  }
  await serveJsonRpc(datasource, args.datamodels);
}

/** The native binary's flags: --datamodels <file> (repeated), --datasource <json>, cli <command>, --version. */
function parseArgs(argv) {
  const out = { datamodels: [], datasource: undefined, cli: undefined, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--version' || arg === '-V') out.version = true;
    else if (arg === '--datamodels') out.datamodels.push(argv[++i]);
    else if (arg === '--datasource') out.datasource = argv[++i];
    else if (arg === 'cli') out.cli = argv[++i];
    else if (arg === '--enabled-preview-features' || arg === '--extension-types') i++; // not used by the wasm engine
  }
  return out;
}

/** Answer JSON-RPC requests from the CLI, one at a time, until stdin closes. */
async function serveJsonRpc(datasource, datamodelPaths) {
  const { openEngine, call, toRpcError } = await import('./wasm-engine.mjs');
  // The CLI does not wait for us to exit (it closes stdin, sends SIGTERM and moves on), so the
  // pipes may be gone while we clean up: never die on EPIPE.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

  let opened; // the engine, opened by the first request
  const engine = () =>
    (opened ??= openEngine({ datasource, datamodels: datamodelPaths.map((p) => [p, fs.readFileSync(p, 'utf8')]) }));
  const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

  // The native engine hands `migrate diff` output to the CLI in a `print` request (the CLI writes
  // it to its stdout and answers {}), and returns `stdout: null`; the wasm engine returns it.
  const printed = new Map();
  let printId = 0;
  const print = (content) =>
    new Promise((resolve) => {
      const id = `print-${++printId}`;
      printed.set(id, resolve);
      send({ id, method: 'print', params: { content } });
    });

  let current; // the request being executed
  let queue = Promise.resolve();
  const handle = async (request) => {
    current = request;
    try {
      const result = (await call(await engine(), request.method, request.params ?? {})) ?? {};
      if (request.method === 'diff' && typeof result.stdout === 'string') {
        await print(result.stdout);
        result.stdout = null;
      }
      send({ id: request.id, result });
    } catch (error) {
      send({ id: request.id, error: toRpcError(error) });
    } finally {
      current = undefined;
    }
  };

  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      send({ id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    if (message.method === undefined) {
      printed.get(message.id)?.(); // the CLI's answer to a `print`
      printed.delete(message.id);
    } else {
      queue = queue.then(() => handle(message));
    }
  });

  // Exit once: free the engine and drop any temporary shadow database still around.
  let exiting;
  const exit = (code) =>
    (exiting ??= (async () => {
      const cleanup = opened?.then((e) => e.close()).catch(() => {});
      await Promise.race([cleanup, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      process.exit(code);
    })());
  lines.on('close', () => {
    for (const resolve of printed.values()) resolve(); // nobody left to answer a `print`
    void queue.then(() => exit(0));
  });
  process.on('SIGTERM', () => void queue.then(() => exit(0)));
  process.on('SIGINT', () => exit(130));
  // A wasm panic can also surface outside the call's promise (in a callback the engine drives):
  // answer the pending request as a panic and exit with the native engine's panic exit code.
  process.on('uncaughtException', (error) => {
    if (current) send({ id: current.id, error: toRpcError(error) });
    const fields = { message: String(error?.stack ?? error) };
    process.stderr.write(`${JSON.stringify({ level: 'ERROR', fields, target: 'schema_engine_wasm' })}\n`);
    exit(101);
  });
}
