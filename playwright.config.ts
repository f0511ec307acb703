// Browser tests in Debian's Chromium (/usr/bin/chromium; no browser downloads) against the
// production build started by the real launcher, on its own port and data folder.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/**
 * The production app started by the real launcher on `port` with its own data folder, as every
 * configuration (this one, e2e/billing-checkout.config.ts, e2e/error-reporting.config.ts) runs it.
 */
export function launcherServer({ port, dataDir, env = {} }: { port: number; dataDir: string; env?: Record<string, string> }) {
  const url = `http://localhost:${port}`;
  return {
    command: 'node scripts/start.mjs',
    cwd: import.meta.dirname,
    url: `${url}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    env: { PORT: String(port), APP_URL: url, ONETHING_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (public/sw.js) answers some requests itself, and page.route cannot
    // see what a worker answers: the specs that mock the network need it out of the way. The
    // worker's own spec (e2e/offline.spec.ts) allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: launcherServer({
    port,
    dataDir: process.env.E2E_DATA_DIR ?? '.data/e2e',
    // The suite acts as one proxy in front of the app: sign-ups send a test-range
    // X-Forwarded-For (e2e/accounts.ts testClientIp) to stay under the per-IP limits.
    // The calendar-subscription spec serves its ICS feed on loopback at port + 9 (e2e/calendar-subscriptions.spec.ts):
    // exempt from the public-address rule, as an intranet calendar would be.
    env: { TRUSTED_PROXIES: '1', OUTBOUND_ALLOWLIST: `http://127.0.0.1:${port + 9}` },
  }),
});
