#!/usr/bin/env node
// `npm run audit:deps`: the dependency audit of docs/security.md (ASVS V14.2.1).
// Runs `npm audit --omit=dev --json` (the production tree) and fails only on high or critical
// advisories; moderate and low ones are listed. The dev tree is audited too and reported, never
// failing (its packages do not ship). When the registry's advisory endpoint cannot be reached the
// audit says so and passes, unless AUDIT_REQUIRED=1 (set it where the endpoint must answer).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FAILING = new Set(['high', 'critical']);

/** The verdict on one `npm audit --json` report: which advisories fail the build. */
export function verdict(report) {
  if (!report || typeof report !== 'object' || report.error || !report.metadata?.vulnerabilities) {
    const reason = report?.error?.summary || report?.message || report?.error?.code || 'no audit report';
    return { available: false, failing: [], other: [], message: String(reason) };
  }
  const all = Object.values(report.vulnerabilities ?? {}).map((item) => ({ name: item.name, severity: item.severity, fixAvailable: Boolean(item.fixAvailable) }));
  return {
    available: true,
    failing: all.filter((item) => FAILING.has(item.severity)),
    other: all.filter((item) => !FAILING.has(item.severity)),
    message: JSON.stringify(report.metadata.vulnerabilities),
  };
}

function audit(args) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['audit', '--json', ...args], { encoding: 'utf8', timeout: 120_000, cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..') });
  try {
    return JSON.parse(result.stdout || '{}');
  } catch {
    return { error: { summary: (result.stderr || 'npm audit printed no JSON').trim().split('\n').at(-1) } };
  }
}

function main() {
  const production = verdict(audit(['--omit=dev']));
  const dev = verdict(audit([]));
  if (!production.available) {
    console.log(`[audit] the advisory endpoint did not answer (${production.message}): not checked`);
    process.exit(process.env.AUDIT_REQUIRED === '1' ? 2 : 0);
  }
  console.log(`[audit] production tree: ${production.message}`);
  if (dev.available) console.log(`[audit] whole tree (dev included, informational): ${dev.message}`);
  for (const item of production.other) console.log(`[audit]   ${item.severity}: ${item.name}${item.fixAvailable ? ' (fix available)' : ''}`);
  for (const item of production.failing) console.log(`[audit] FAIL ${item.severity}: ${item.name}${item.fixAvailable ? ' (fix available: npm audit fix)' : ''}`);
  process.exit(production.failing.length ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
