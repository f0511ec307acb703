// Vitest: unit tests and integration tests against a real PostgreSQL (one embedded cluster per
// run, a fresh database per test file cloned from a migrated template). msw fails any
// outgoing HTTP request a test did not expect.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@emails': path.resolve(import.meta.dirname, 'emails'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'emails/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000, // a ceiling, not a measure: a test slow on a busy machine (load 20-30 on 2 cores) must not fail for it
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
