// The PostgreSQL side of the schema-engine stand-in (schema-engine.mjs): a migration-aware driver
// adapter factory for the WebAssembly engine, built on @prisma/adapter-pg, plus the one-shot
// `cli` commands. The factory owns three fixes over a plain `new PrismaPg(url)`:
//  1. PostgreSQL's internal `"char"` type (oid 18, e.g. pg_class.relkind, which the engine reads
//     while describing a database) is unknown to adapter-pg, which then fails the whole query.
//     Our pg Client relabels such columns as text for adapter-pg, and the adapter then reports
//     them to the engine as single characters, which is what the engine reads them as.
//  2. Shadow databases. adapter-pg's connectToShadowDb() spreads `{ connectionString }` with a
//     database name (the connection string wins, so it opens the main database) and drops the
//     shadow database before closing its pool (which fails). We create/drop it ourselves, with
//     the connection settings passed field by field; a configured shadowDatabaseUrl is used (and
//     wiped first) instead, like the native engine does.
//  3. executeScript(): adapter-pg splits scripts on every `;` (breaking function bodies and
//     string literals); we send the script whole (simple query protocol), as the native engine does.
// Also: the wasm engine connects when it starts, even for commands that need no database; with no
// (reachable) database we hand it an offline stand-in (see offlineAdapter).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import { PrismaPg } from '@prisma/adapter-pg';
import { ColumnTypeEnum, DriverAdapterError } from '@prisma/driver-adapter-utils';

const OFFLINE_SERVER_VERSION = 170000; // what the offline adapter reports (the diff SQL does not depend on it)

const CHAR_OID = 18; // "char"
const TEXT_OID = 25;
/** Result rows (the array object adapter-pg passes on) -> indexes of their "char" columns. */
const charColumnsOf = new WeakMap();

function relabel(result) {
  if (Array.isArray(result)) return result.map(relabel); // one result per statement of a script
  const charColumns = [];
  (result?.fields ?? []).forEach((field, index) => {
    if (field.dataTypeID !== CHAR_OID) return;
    charColumns.push(index);
    field.dataTypeID = TEXT_OID; // pg already parsed the values as strings
  });
  if (charColumns.length > 0 && Array.isArray(result.rows)) charColumnsOf.set(result.rows, charColumns);
  return result;
}

/** pg.Client whose results only carry column types adapter-pg can map ("char" becomes text). */
class RelabelingClient extends pg.Client {
  query(config, values, callback) {
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    if (typeof callback === 'function') {
      return super.query(config, values, (err, res) => callback(err, err ? res : relabel(res)));
    }
    if (config && typeof config.submit === 'function') return super.query(config, values);
    return super.query(config, values).then(relabel);
  }
}

/**
 * The engine reads "char" columns as single characters (it fails on text), so report them to it
 * as ColumnType Character, which adapter-pg never produces for scalars.
 */
function reportCharColumns(queryable) {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const index of charColumnsOf.get(result.rows) ?? []) result.columnTypes[index] = ColumnTypeEnum.Character;
    return result;
  };
  return queryable;
}

/**
 * Connection settings field by field (never a connectionString, which would override a changed
 * `database`), plus the Prisma-specific `?schema=` parameter.
 */
export function parseDatabaseUrl(url) {
  const { schema, connection_limit: _l, pool_timeout: _p, connect_timeout, ...config } = parseConnectionString(url);
  if (connect_timeout) config.connectionTimeoutMillis = Number(connect_timeout) * 1000;
  if (config.port) config.port = Number(config.port);
  return { config: { ...config, database: config.database || 'postgres' }, schema: schema || undefined };
}

function newPool(config) {
  return new pg.Pool({ ...config, max: 4, Client: RelabelingClient });
}

const quoteIdent = (name) => `"${String(name).replaceAll('"', '""')}"`;

/** Run one statement on a short-lived connection; errors are left as pg errors. */
export async function withClient(config, fn) {
  const client = new RelabelingClient(config);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Wrap a pg.Pool in adapter-pg's adapter (which ends the pool on dispose), with a whole-script executeScript. */
async function adapterFor(config, schema, onDispose) {
  const pool = newPool(config);
  const adapter = reportCharColumns(await new PrismaPg(pool, { schema, disposeExternalPool: true }).connect());
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => reportCharColumns(await startTransaction(...args));
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      adapter.onError(error); // throws a DriverAdapterError, like adapter-pg does
    }
  };
  if (onDispose) {
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await onDispose();
    };
  }
  return adapter;
}

/** Used when a command needs a database but none is configured (e.g. DATABASE_URL unset). */
function missingUrl(message) {
  return new DriverAdapterError({ kind: 'postgres', code: 'N/A', severity: 'ERROR', message });
}

/** pg errors from our own connections (shadow database set-up), as the engine expects them. */
function toAdapterError(error) {
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH'].includes(error?.code)) {
    return new DriverAdapterError({ kind: 'DatabaseNotReachable', host: error.address ?? error.hostname, port: error.port });
  }
  if (typeof error?.severity === 'string') {
    const { code, severity, message, detail, column, hint } = error;
    return new DriverAdapterError({ kind: 'postgres', code, severity, message, detail, column, hint });
  }
  return error;
}

/**
 * The SqlMigrationAwareDriverAdapterFactory the wasm engine gets (after
 * bindMigrationAwareSqlAdapterFactory). `url` is the main database ('' when unset);
 * `shadowDatabaseUrl` an optional database the engine may wipe and use as its shadow database.
 */
export function createFactory({ url, shadowDatabaseUrl }) {
  const main = url ? parseDatabaseUrl(url) : null;
  const shadow = shadowDatabaseUrl ? parseDatabaseUrl(shadowDatabaseUrl) : null;
  /** Temporary shadow databases not yet dropped (dropped by dropLeftoverShadowDatabases on exit). */
  const temporary = new Set();

  async function dropTemporary(name) {
    await withClient(main.config, async (client) => {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      } catch (error) {
        if (error?.code !== '55006') throw error; // still in use: force (PostgreSQL 13+)
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      }
    });
    temporary.delete(name);
  }

  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',

    async connect() {
      // The engine connects (and probes the server) when it starts, even for commands that need
      // no database (`migrate diff --from-empty --to-schema ...`). Without a url, or with an
      // unreachable server, give it an offline stand-in that fails only when really used.
      if (!main) return offlineAdapter(missingUrl('The datasource url is empty: set DATABASE_URL.'));
      const adapter = await adapterFor(main.config, main.schema);
      try {
        await adapter.queryRaw({ sql: 'SELECT 1', args: [], argTypes: [] });
        return adapter;
      } catch (error) {
        await adapter.dispose().catch(() => {});
        return offlineAdapter(error);
      }
    },

    async connectToShadowDb() {
      if (shadow) {
        if (main && sameDatabase(main.config, shadow.config)) {
          throw new DriverAdapterError({
            kind: 'postgres',
            code: 'N/A',
            severity: 'ERROR',
            message: 'The shadow database you configured is the same as the main database.',
          });
        }
        await withClient(shadow.config, wipeDatabase).catch((error) => {
          throw toAdapterError(error);
        });
        return adapterFor(shadow.config, shadow.schema);
      }
      if (!main) throw missingUrl('No shadow database: set SHADOW_DATABASE_URL, or DATABASE_URL to create a temporary one on that server.');
      const name = `prisma_migrate_shadow_db_${randomUUID()}`;
      await withClient(main.config, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`)).catch((error) => {
        throw toAdapterError(error);
      });
      temporary.add(name);
      return adapterFor({ ...main.config, database: name }, main.schema, () => dropTemporary(name));
    },

    async dropLeftoverShadowDatabases() {
      for (const name of [...temporary]) await dropTemporary(name).catch(() => {});
    },
  };
}

/**
 * Stands in for a database connection when there is none. It answers only the probe the engine
 * runs when it starts (schema exists? server version?) with a neutral "recent PostgreSQL";
 * anything that really needs the database fails with `error` (why there is no connection).
 */
function offlineAdapter(error) {
  const fail = async () => {
    throw error;
  };
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async queryRaw({ sql }) {
      if (!/^SELECT EXISTS\(SELECT 1 FROM pg_namespace WHERE nspname = \$1\), version\(\)/.test(sql)) return fail();
      return {
        columnNames: ['exists', 'version', 'numeric_version'],
        columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
        rows: [[true, `PostgreSQL ${OFFLINE_SERVER_VERSION / 10000}.0 (offline stand-in)`, OFFLINE_SERVER_VERSION]],
      };
    },
    executeRaw: fail,
    executeScript: fail,
    startTransaction: fail,
    getConnectionInfo: () => ({ schemaName: undefined, supportsRelationJoins: true }),
    dispose: async () => {},
  };
}

function sameDatabase(a, b) {
  return (
    (a.host || 'localhost') === (b.host || 'localhost') &&
    Number(a.port || 5432) === Number(b.port || 5432) &&
    a.database === b.database
  );
}

/** Empty a (shadow) database: drop every non-system schema, then recreate `public`. */
async function wipeDatabase(client) {
  const { rows } = await client.query(
    `SELECT nspname FROM pg_namespace
      WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
  );
  const drops = rows.map((r) => `DROP SCHEMA ${quoteIdent(r.nspname)} CASCADE;`).join('\n');
  await client.query(`${drops}\nCREATE SCHEMA IF NOT EXISTS "public";`);
}

// ---------------------------------------------------------------------------------------------
// One-shot `schema-engine --datasource '{"url":...}' cli <command>` invocations (the CLI uses them
// to check that the database exists and to create it). Not JSON-RPC: the outcome is the exit code,
// and on failure the CLI parses stderr *after its first line* as JSON log lines, looking for
// { level: 'ERROR', target: 'schema_engine::logger', fields: { error_code, message } }.

/** Connect to the server's maintenance database (postgres, else template1) to create/drop others. */
async function withMaintenanceClient(config, fn) {
  try {
    return await withClient({ ...config, database: 'postgres' }, fn);
  } catch (error) {
    if (error?.code !== '3D000') throw error;
    return withClient({ ...config, database: 'template1' }, fn);
  }
}

export async function createDatabase(url) {
  const { config } = parseDatabaseUrl(url);
  await withMaintenanceClient(config, (client) => client.query(`CREATE DATABASE ${quoteIdent(config.database)}`));
  return config.database;
}

export async function runCliCommand(command, datasource) {
  const log = (level, fields) =>
    process.stderr.write(`${JSON.stringify({ level, fields, target: 'schema_engine::logger' })}\n`);
  log('INFO', { message: 'Starting schema engine CLI (wasm stand-in)' }); // skipped by the CLI
  let config;
  try {
    if (!datasource.url) throw new Error('The datasource url is empty: set DATABASE_URL.');
    config = parseDatabaseUrl(datasource.url).config;
    switch (command) {
      case 'can-connect-to-database':
        await withClient(config, (client) => client.query('SELECT 1'));
        break;
      case 'create-database':
        await createDatabase(datasource.url);
        break;
      case 'drop-database':
        await withMaintenanceClient(config, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${quoteIdent(config.database)}`),
        );
        break;
      default:
        throw new Error(`Unknown cli command: ${command}`);
    }
    return 0;
  } catch (error) {
    const known = config ? knownConnectionError(error, config) : undefined;
    log('ERROR', known ?? { message: String(error?.message ?? error) });
    return 1;
  }
}

/** Map pg/socket errors to the native engine's user-facing codes (the CLI acts on P1003). */
function knownConnectionError(error, { host = 'localhost', port = 5432, user, database }) {
  const at = `${host}:${port}`;
  switch (error?.code) {
    case '3D000':
      return { error_code: 'P1003', message: `Database \`${database}\` does not exist on the database server at \`${at}\`.` };
    case '28P01':
      return {
        error_code: 'P1000',
        message: `Authentication failed against database server, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${at}\`.`,
      };
    case '28000':
      return { error_code: 'P1010', message: `User \`${user}\` was denied access on the database \`${database}\`` };
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
      return {
        error_code: 'P1001',
        message: `Can't reach database server at \`${at}\`\n\nPlease make sure your database server is running at \`${at}\`.`,
      };
    case 'ETIMEDOUT':
      return { error_code: 'P1002', message: `The database server at \`${at}\` was reached but timed out.` };
    default:
      return undefined;
  }
}
