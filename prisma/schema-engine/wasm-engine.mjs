// The engine side of the schema-engine stand-in (schema-engine.mjs): loads Prisma's WebAssembly
// schema engine, maps the native binary's JSON-RPC methods onto it and its errors back onto the
// native error format the CLI reads (data.message, data.error_code, data.is_panic).
import fs from 'node:fs';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import { createDatabase, createFactory } from './postgres.mjs';

// The wasm's panic hook reports the panic message here, then the pending call fails with a
// WebAssembly.RuntimeError; toRpcError() reports that message as a panic, like the native engine.
let panicMessage;
globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message) {
    panicMessage = message;
    process.stderr.write(`${JSON.stringify({ level: 'ERROR', fields: { message: `panic: ${message}` }, target: 'schema_engine_wasm' })}\n`);
  },
};

let loaded;
/**
 * Instantiate the wasm by hand instead of importing the package's entry point, which uses the
 * WebAssembly ESM integration (prints an ExperimentalWarning on stderr and needs a recent Node).
 */
function loadWasm() {
  loaded ??= (async () => {
    const wasmUrl = new URL('schema_engine_bg.wasm', import.meta.resolve('@prisma/schema-engine-wasm'));
    const { instance } = await WebAssembly.instantiate(await fs.promises.readFile(wasmUrl), {
      './schema_engine_bg.js': bindings,
    });
    bindings.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
  })();
  return loaded;
}

/** The engine's git hash, which is what the native `schema-engine --version` prints. */
export async function engineVersion() {
  await loadWasm();
  return bindings.version();
}

/**
 * One wasm engine for the lifetime of this process (the CLI starts one process per command).
 * `datasource` is the `--datasource` JSON the CLI passes: prisma.config.ts's `datasource`
 * ({ url, shadowDatabaseUrl? }); `datamodels` the schema files as [path, content] pairs.
 */
export async function openEngine({ datasource, datamodels }) {
  await loadWasm();
  const factory = createFactory({ url: datasource.url ?? '', shadowDatabaseUrl: datasource.shadowDatabaseUrl });
  const engine = await bindings.SchemaEngine.new(
    { datamodels: datamodels.length > 0 ? datamodels : undefined },
    // The engine's tracing output: JSON lines, the format the CLI expects on the engine's stderr.
    (log) => process.stderr.write(log.endsWith('\n') ? log : `${log}\n`),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  return {
    engine,
    datasource,
    async close() {
      try {
        engine.free();
      } finally {
        await factory.dropLeftoverShadowDatabases();
      }
    },
  };
}

/** JSON-RPC methods the wasm engine implements under the same name and with the same params. */
const PASS_THROUGH = new Set([
  'applyMigrations',
  'createMigration',
  'dbExecute',
  'devDiagnostic',
  'diagnoseMigrationHistory',
  'diff',
  'ensureConnectionValidity',
  'introspect',
  'introspectSql',
  'markMigrationApplied',
  'markMigrationRolledBack',
  'reset',
  'schemaPush',
]);

export async function call({ engine, datasource }, method, params) {
  if (PASS_THROUGH.has(method)) return engine[method](params);
  switch (method) {
    case 'evaluateDataLoss':
      try {
        return await engine.evaluateDataLoss(params);
      } catch (error) {
        // Wasm engine quirk: evaluateDataLoss cannot open a shadow database itself ("PostgreSQL
        // shadow DB must be provided through an external factory"); it only works when the
        // schema of this migration history is already in the engine's cache (`migrate dev` hits
        // this when devDiagnostic found the database behind and so did not compute it).
        // diagnoseMigrationHistory, opted in to a shadow database, computes and caches that
        // schema through our factory; then retry.
        if (!/shadow DB must be provided through an external factory/.test(String(error?.message))) throw error;
        await engine.diagnoseMigrationHistory({ migrationsList: params.migrationsList, optInToShadowDatabase: true, filters: params.filters });
        return engine.evaluateDataLoss(params);
      }
    case 'getDatabaseVersion':
      return engine.version(params);
    case 'createDatabase': {
      // Not in the wasm engine: { datasource: { tag: 'ConnectionString', url } | { tag: 'Schema', ... } }.
      const url = params.datasource?.tag === 'ConnectionString' ? params.datasource.url : datasource.url;
      return { databaseName: await createDatabase(url) };
    }
    case 'debugPanic':
      engine.debugPanic();
      return {};
    default:
      throw Object.assign(new Error(`Method not found: ${method}`), { rpcCode: -32601 });
  }
}

/** The native engine's JSON-RPC error shape (the CLI shows data.message, with data.error_code if any). */
export function toRpcError(error) {
  if (error?.rpcCode) return { code: error.rpcCode, message: error.message };
  const isPanic = error instanceof WebAssembly.RuntimeError;
  const message = isPanic && panicMessage ? panicMessage : String(error?.message ?? error);
  const data = { is_panic: isPanic, message: withoutSpanTrace(message) };
  if (typeof error?.code === 'string' && /^P\d{4}$/.test(error.code)) data.error_code = error.code;
  if (error?.meta !== undefined) data.meta = error.meta;
  if (isPanic) data.error = { message: data.message };
  return { code: 4466, message: 'An error happened. Check the data field for details.', data };
}

/**
 * Wasm errors end with a Rust span trace ("   0: sql_schema_connector::...\n  with migration_name=...
 * \n  at ..."); drop it, keeping the name of the migration that failed, if any.
 */
function withoutSpanTrace(message) {
  const match = /\n\s+0: [\w:]+/.exec(message);
  if (!match) return message.trimEnd();
  const migration = /with migration_name="([^"]+)"/.exec(message.slice(match.index));
  return message.slice(0, match.index).trimEnd() + (migration ? `\n\nMigration name: ${migration[1]}` : '');
}
