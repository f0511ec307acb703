// A third Playwright configuration, for error reporting: its own production server (port
// E2E_PORT + 8, its own data folder) started WITH a SENTRY_DSN whose host is a tiny
// Sentry-compatible ingest that e2e/error-reporting.spec.ts serves on loopback (E2E_PORT + 9).
// The server logs at debug level into a file the spec reads (E2E_SERVER_LOG), so the spec sees
// the production build's structured log lines. Run by scripts/e2e.mjs after the main run.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import shared, { launcherServer } from '../playwright.config';

const mainPort = Number(process.env.E2E_PORT ?? 3100);
const port = Number(process.env.E2E_REPORTING_PORT ?? mainPort + 8);
export const ingestPort = Number(process.env.E2E_INGEST_PORT ?? mainPort + 9);
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.data', 'e2e-reporting');
const serverLog = path.join(root, '.data', 'e2e-reporting-server.log');

process.env.E2E_ERROR_REPORTING = '1';
process.env.E2E_INGEST_PORT = String(ingestPort);
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_SERVER_LOG = serverLog;

const server = launcherServer({
  port,
  dataDir,
  env: {
    ONETHING_JOBS: 'off',
    LOG_LEVEL: 'debug',
    SENTRY_DSN: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${ingestPort}/4242`,
    SENTRY_ENVIRONMENT: 'e2e',
  },
});

export default defineConfig({
  ...shared,
  testDir: '.',
  testMatch: 'error-reporting.spec.ts',
  use: { ...shared.use, baseURL },
  // The launcher's whole output (its lines, Next's, the app's JSON log lines) goes to the file:
  // look there when this server does not start. A plain redirection, not a pipe: a pipe's
  // reader stopped with the process group would break the launcher's writes while it stops.
  webServer: { ...server, command: `mkdir -p ${JSON.stringify(path.dirname(serverLog))} && exec ${server.command} > ${JSON.stringify(serverLog)} 2>&1` },
});
