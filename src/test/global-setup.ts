// Starts one PostgreSQL for the whole test run (embedded, or TEST_DATABASE_URL's server) and
// prepares a migrated template database; each test file clones it (src/test/setup.ts).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedCluster } from '@/server/db/embedded';
import { migrate } from '@/server/db/migrate';

export const TEMPLATE_DATABASE = 'onething_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string to the server's maintenance database (`postgres`). */
    adminDatabaseUrl: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let cluster: EmbeddedCluster | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'onething-vitest-'));
    chmodSync(dir, 0o755);
    cluster = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), persistent: false });
    adminUrl = cluster.url('postgres');
  } else {
    adminUrl = withDatabase(adminUrl, 'postgres');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  await migrate(withDatabase(adminUrl, TEMPLATE_DATABASE));
  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
