#!/usr/bin/env node
// `npm run db:migrate -- --name <change>`: runs `prisma migrate dev` against DATABASE_URL, or
// against the embedded PostgreSQL under .data/ (started for the command, stopped after).
// Prisma's schema engine runs offline through prisma/schema-engine/ (see prisma.config.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (!args.includes('--name') && !args.some((arg) => arg.startsWith('--name='))) {
  process.stderr.write('Name the change: npm run db:migrate -- --name add_focus_score\n');
  process.exit(1);
}

let cluster;
const env = { ...process.env };
if (!env.DATABASE_URL) {
  const dataDir = path.resolve(root, process.env.ONETHING_DATA_DIR || '.data');
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755);
  cluster = await startEmbeddedPostgres({ databaseDir: path.join(dataDir, 'postgres'), port: 54329 });
  await cluster.createDatabase('onething');
  env.DATABASE_URL = cluster.url('onething');
}
const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'prisma', 'build', 'index.js'), 'migrate', 'dev', ...args], {
  cwd: root,
  env,
  stdio: 'inherit',
});
await cluster?.stop();
process.exit(result.status ?? 1);
