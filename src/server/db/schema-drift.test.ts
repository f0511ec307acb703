// prisma/schema.prisma and the committed migrations must describe the same database: the real
// Prisma schema engine (WebAssembly build) diffs them on a real PostgreSQL.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaDriftSql } from './schema-drift';

const databaseUrl = () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the test setup sets DATABASE_URL');
  return url;
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'onething-drift-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('schema drift', () => {
  it('finds no difference between schema.prisma and the migrations', async () => {
    expect(await schemaDriftSql({ databaseUrl: databaseUrl() })).toBe('');
  });

  it('reports the SQL that is missing when the schema gains a field', async () => {
    const schemaPath = path.join(scratch, 'schema.prisma');
    copyFileSync('prisma/schema.prisma', schemaPath);
    const schema = readFileSync(schemaPath, 'utf8').replace('model Session {\n', 'model Session {\n  focusScore Int?\n');
    writeFileSync(schemaPath, schema);
    const sql = await schemaDriftSql({ databaseUrl: databaseUrl(), schemaPath });
    expect(sql).toMatch(/ALTER TABLE "Session" ADD COLUMN\s+"focusScore" INTEGER/);
  });
});
