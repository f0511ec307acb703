#!/usr/bin/env node
// The MCP Inspector's CLI (@modelcontextprotocol/inspector), which e2e/mcp.spec.ts runs against
// the production build. It is ~110 MB and, as a dependency, would rewrite package-lock.json, so
// it is never one: it is installed once into a prefix of its own, outside the project's tree of
// dependencies, at the version pinned here, and found again there next time.
//   - `npm run test:e2e` (scripts/e2e.mjs) calls ensureInspector() when MCP_INSPECTOR is unset,
//     into .data/mcp-inspector/ (kept between runs; .data is ignored by git), so the README's
//     `npm test` runs the Inspector test on a fresh machine too;
//   - CI (.ci/run) installs it before the tests into a prefix outside the checkout and exports
//     MCP_INSPECTOR: `node scripts/mcp-inspector.mjs <prefix>` prints the bin's path.
// MCP_INSPECTOR, when set, names an installed `mcp-inspector` bin and nothing is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MCP_INSPECTOR_VERSION = '2.12.0';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The `mcp-inspector` bin, installed into `prefix` first if it is not there yet; throws when npm fails. */
export function ensureInspector(prefix = path.join(root, '.data', 'mcp-inspector', MCP_INSPECTOR_VERSION), log = () => {}) {
  if (process.env.MCP_INSPECTOR) return process.env.MCP_INSPECTOR;
  const bin = path.join(prefix, 'node_modules', '.bin', 'mcp-inspector');
  if (existsSync(bin)) return bin;
  log(`installing @modelcontextprotocol/inspector@${MCP_INSPECTOR_VERSION} into ${path.relative(root, prefix) || prefix} (once, ~110 MB)`);
  // Its own prefix: npm writes that prefix's package.json and lock, never the project's.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', `@modelcontextprotocol/inspector@${MCP_INSPECTOR_VERSION}`], {
    // npm's own output to stderr: stdout is the bin's path alone (.ci/run captures it).
    stdio: ['ignore', 2, 2],
    // Not the project's npm settings (npm_config_* from `npm run`) beyond the registry.
    env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_config_') || key === 'npm_config_registry')),
  });
  if (result.status !== 0 || !existsSync(bin)) {
    throw new Error(`could not install @modelcontextprotocol/inspector@${MCP_INSPECTOR_VERSION} (npm exited ${result.status}); set MCP_INSPECTOR to an installed mcp-inspector bin`);
  }
  return bin;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const prefix = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
    process.stdout.write(`${ensureInspector(prefix, (message) => process.stderr.write(`[mcp-inspector] ${message}\n`))}\n`);
  } catch (error) {
    process.stderr.write(`[mcp-inspector] ${error.message}\n`);
    process.exit(1);
  }
}
