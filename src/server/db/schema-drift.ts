// Drift between the committed migrations and prisma/schema.prisma, for the schema-drift test.
// Same question as `prisma migrate diff --from-migrations prisma/migrations --to-schema
// prisma/schema.prisma --script --exit-code`, asked of the same engine (Prisma's WebAssembly
// schema engine behind prisma/schema-engine/schema-engine.mjs) with the same JSON-RPC `diff`
// request the CLI sends, minus the CLI's start-up. The engine replays the migrations in a shadow
// database and compares the result with the schema.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ENGINE = path.join(ROOT, 'prisma/schema-engine/schema-engine.mjs');

export type SchemaDriftOptions = {
  /**
   * A PostgreSQL database the engine may WIPE and use as its shadow database. Or leave it out
   * and pass `databaseUrl`.
   */
  shadowDatabaseUrl?: string;
  /**
   * Any database on a PostgreSQL server where the user may CREATE DATABASE: the engine creates a
   * temporary shadow database next to it (dropped afterwards) and leaves this one untouched.
   */
  databaseUrl?: string;
  migrationsDir?: string;
  schemaPath?: string;
};

type MigrationDirectory = {
  path: string;
  migrationFile: { path: string; content: { tag: 'ok'; value: string } | { tag: 'error'; value: string } };
};

type RpcMessage = {
  id?: number | string | null;
  method?: string;
  params?: { content?: string };
  result?: { exitCode?: number; stdout?: string | null };
  error?: { message?: string; data?: { message?: string; error_code?: string } };
};

/** The migrations folder the way the prisma CLI hands it to the engine. */
async function migrationsList(baseDir: string) {
  const lockfile = await readFile(path.join(baseDir, 'migration_lock.toml'), 'utf8').catch(() => null);
  const entries = await readdir(baseDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b));
  const migrationDirectories: MigrationDirectory[] = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: await readFile(path.join(baseDir, name, 'migration.sql'), 'utf8').then(
          (value) => ({ tag: 'ok' as const, value }),
          (error: Error) => ({ tag: 'error' as const, value: error.message }),
        ),
      },
    })),
  );
  return { baseDir, lockfile: { path: 'migration_lock.toml', content: lockfile }, shadowDbInitScript: '', migrationDirectories };
}

/**
 * The SQL that would bring a database built from the migrations to prisma/schema.prisma: '' when
 * they agree. Takes about a second (engine start-up plus replaying the migrations).
 */
export async function schemaDriftSql(options: SchemaDriftOptions): Promise<string> {
  const { shadowDatabaseUrl, databaseUrl } = options;
  if (!shadowDatabaseUrl && !databaseUrl) throw new Error('schemaDriftSql needs shadowDatabaseUrl or databaseUrl');
  const migrationsDir = path.resolve(ROOT, options.migrationsDir ?? 'prisma/migrations');
  const schemaPath = path.resolve(ROOT, options.schemaPath ?? 'prisma/schema.prisma');
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'diff',
    params: {
      from: { tag: 'migrations', ...(await migrationsList(migrationsDir)) },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: await readFile(schemaPath, 'utf8') }] },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    },
  };

  const datasource = { url: databaseUrl ?? '', ...(shadowDatabaseUrl ? { shadowDatabaseUrl } : {}) };
  const child = spawn(process.execPath, [ENGINE, '--datasource', JSON.stringify(datasource)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  const stderr: string[] = [];
  readline.createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));

  const answer = new Promise<{ exitCode: number; printed: string }>((resolve, reject) => {
    let printed = '';
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      let message: RpcMessage;
      try {
        message = JSON.parse(line) as RpcMessage;
      } catch {
        return; // not a protocol line
      }
      if (message.method === 'print') {
        // The engine hands the script to the CLI to print; acknowledge like the CLI does.
        printed += message.params?.content ?? '';
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} })}\n`);
      } else if (message.id === request.id && message.error) {
        const data = message.error.data;
        const code = data?.error_code ? `${data.error_code}: ` : '';
        reject(new Error(`schema engine: ${code}${data?.message ?? message.error.message ?? 'unknown error'}`));
      } else if (message.id === request.id) {
        resolve({ exitCode: message.result?.exitCode ?? 0, printed: message.result?.stdout ?? printed });
      }
    });
    exited.then(
      (code) => reject(new Error(`schema engine exited (code ${code}) before answering:\n${stderr.join('\n')}`)),
      reject,
    );
  });

  child.stdin.write(`${JSON.stringify(request)}\n`);
  try {
    const { exitCode, printed } = await answer;
    return exitCode === 0 ? '' : printed;
  } finally {
    // Closing stdin ends the engine, which drops its temporary shadow database on the way out.
    child.stdin.end();
    await exited.catch(() => null);
  }
}
