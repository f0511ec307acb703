#!/usr/bin/env node
// Runs the browser tests with a fresh data folder each time (a clean embedded database), and
// removes it afterwards. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build.mjs';
import { ensureInspector } from './mcp-inspector.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.data', 'e2e');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.stderr.write(`Chromium was not found at ${chromium}. Install it with: apt-get install -y chromium\n`);
  process.exit(1);
}

// The tests run against the production build of the current sources: the launcher serves
// whatever build it finds, so a tree changed since its last build is built here first.
const built = buildIfChanged(root, (message) => process.stdout.write(`[e2e] ${message}\n`));
if (built !== 0) process.exit(built);

const args = process.argv.slice(2);
const playwright = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

function run(config, dir, extra) {
  rmSync(dir, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [playwright, 'test', ...(config ? ['--config', config] : []), ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_DATA_DIR: dir },
  });
  rmSync(dir, { recursive: true, force: true });
  return result.status ?? 1;
}

// The Stripe checkout redirect needs a server started with Stripe keys (pointing at a local
// stub): a second configuration with its own server, run after the main one when no files are
// named, or when the billing-checkout spec is named.
const billingArgs = args.filter((arg) => arg.startsWith('-') || arg.includes('billing-checkout'));
const wantsBilling = args.every((arg) => arg.startsWith('-')) || args.some((arg) => arg.includes('billing-checkout'));
const mainArgs = args.filter((arg) => !arg.includes('billing-checkout') && !arg.includes('error-reporting'));
const onlyBilling =
  args.some((arg) => arg.includes('billing-checkout') || arg.includes('error-reporting')) && mainArgs.every((arg) => arg.startsWith('-'));

// e2e/mcp.spec.ts runs the MCP Inspector's CLI: installed once into a prefix of its own
// (scripts/mcp-inspector.mjs) unless MCP_INSPECTOR names one already.
const wantsInspector = !onlyBilling && (mainArgs.every((arg) => arg.startsWith('-')) || mainArgs.some((arg) => arg.includes('mcp.spec')));
if (wantsInspector) {
  try {
    process.env.MCP_INSPECTOR = ensureInspector(undefined, (message) => process.stdout.write(`[e2e] ${message}\n`));
  } catch (error) {
    process.stderr.write(`[e2e] ${error.message}\n`);
    process.exit(1);
  }
}

let status = onlyBilling ? 0 : run(null, dataDir, mainArgs);
if (wantsBilling) {
  const billingStatus = run('e2e/billing-checkout.config.ts', path.join(root, '.data', 'e2e-billing'), billingArgs);
  status = status || billingStatus;
}
// Browser error reporting needs a server started with SENTRY_DSN (pointing at a loopback
// ingest stub): a third configuration, run like the billing one.
const reportingArgs = args.filter((arg) => arg.startsWith('-') || arg.includes('error-reporting'));
const wantsReporting = args.every((arg) => arg.startsWith('-')) || args.some((arg) => arg.includes('error-reporting'));
if (wantsReporting) {
  const reportingStatus = run('e2e/error-reporting.config.ts', path.join(root, '.data', 'e2e-reporting'), reportingArgs);
  status = status || reportingStatus;
}
process.exit(status);
