// Prisma CLI configuration. The CLI's native schema engine cannot be downloaded on our machines,
// so PRISMA_SCHEMA_ENGINE_BINARY points at prisma/schema-engine/schema-engine.mjs: a stand-in
// that speaks the engine's JSON-RPC and runs Prisma's official WebAssembly engine over pg.
import path from 'node:path';
import { defineConfig } from 'prisma/config';

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('prisma/schema-engine/schema-engine.mjs');

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    url: process.env.DATABASE_URL ?? '',
    ...(process.env.SHADOW_DATABASE_URL ? { shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL } : {}),
  },
});
