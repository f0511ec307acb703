#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, which the Prisma 7 CLI downloads from a host
// we cannot reach. prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY here, so every
// `prisma migrate dev|deploy|status|diff|resolve|reset` and `prisma db push|execute` runs through it.
// It speaks the native binary's protocol (JSON-RPC 2.0, one JSON object per line on stdin/stdout;
// JSON log lines on stderr; `--version`; one-shot `cli can-connect-to-database|create-database|
// drop-database`) and executes each request with Prisma's official WebAssembly build of the same
// engine (@prisma/schema-engine-wasm, pinned to prisma's engines version) over @prisma/adapter-pg
// (see postgres.mjs for the PostgreSQL specifics, shadow databases included).
// Nothing to run by hand: use the prisma CLI as usual. Debug with `DEBUG=prisma:schemaEngine* npx prisma ...`.
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
  let enginePromise;
  const engine = () =>
    (enginePromise ??= openEngine({
      datasource,
      datamodels: datamodelPaths.map((p) => [p, fs.readFileSync(p, 'utf8')]),
    }));

  const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  let queue = Promise.resolve();
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      send({ id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    if (request.method === undefined) {
      answered.get(request.id)?.(); // the CLI acknowledging one of our `print` requests
      answered.delete(request.id);
      return;
    }
    queue = queue.then(async () => {
      try {
        const result = await call(await engine(), request.method, request.params ?? {});
        // The native engine hands `migrate diff` output to the CLI in a `print` request (the CLI
        // writes it to its stdout), and answers with `stdout: null`; the wasm engine returns it.
        if (request.method === 'diff' && typeof result?.stdout === 'string') {
          await print(result.stdout);
          result.stdout = null;
        }
        send({ id: request.id, result: result ?? {} });
      } catch (error) {
        send({ id: request.id, error: toRpcError(error) });
      }
    });
  });

  /** Send a `print` request to the CLI and wait for its (empty) answer. */
  const answered = new Map();
  let printId = 0;
  const print = (content) =>
    new Promise((resolve) => {
      const id = `print-${++printId}`;
      answered.set(id, resolve);
      send({ id, method: 'print', params: { content } });
    });

  const shutdown = async () => {
    await queue;
    if (enginePromise) await (await enginePromise.catch(() => null))?.close();
    process.exit(0);
  };
  lines.on('close', shutdown);
  // The CLI sends SIGTERM right after closing stdin; finish (and clean up) the same way.
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
