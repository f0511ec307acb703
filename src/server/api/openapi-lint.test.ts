// The OpenAPI document passes the linters outside developers run on it, with nothing to forgive:
// redocly's recommended rules and spectral's spectral:oas, zero errors AND zero warnings (a
// warning fails the test). Both run offline from node_modules, on the document as the app serves it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';

const run = promisify(execFile);
const bin = (name: string) => path.resolve(import.meta.dirname, '../../../node_modules/.bin', name);
// Offline and quiet: no telemetry, no update check.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

let dir: string;
let documentPath: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  documentPath = path.join(dir, 'openapi.json');
  // A production URL: the test environment's APP_URL is localhost, which redocly rightly flags
  // (no-server-example.com) for a document published to outside developers.
  await writeFile(documentPath, JSON.stringify(openApiDocument('https://onething.app'), null, 2));
  await writeFile(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
  await writeFile(path.join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs a linter; its exit code is not trusted (warnings exit 0), its JSON report is. */
async function lint(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(bin(command), args, { cwd: dir, env, timeout: 60_000, maxBuffer: 50_000_000 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (stdout?.trim()) return stdout;
    throw new Error(`${command} failed: ${stderr}`);
  }
}

describe('OpenAPI document linting', () => {
  it('redocly lint (recommended): 0 errors, 0 warnings', async () => {
    const report = JSON.parse(await lint('redocly', ['lint', documentPath, '--config', path.join(dir, 'redocly.yaml'), '--format', 'json'])) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location?: { pointer?: string }[] }[];
    };
    const problems = report.problems.map((problem) => `${problem.ruleId}: ${problem.message} ${problem.location?.[0]?.pointer ?? ''}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 90_000);

  it('spectral lint (spectral:oas): no result of any severity', async () => {
    const out = await lint('spectral', ['lint', documentPath, '--ruleset', path.join(dir, '.spectral.yaml'), '--format', 'json', '--fail-severity', 'hint']);
    // spectral prints its JSON array, then (with nothing found) a sentence after it.
    const report = JSON.parse(out.slice(0, out.lastIndexOf(']') + 1)) as { code: string; message: string; path: string[]; severity: number }[];
    expect(report.map((result) => `${result.code}: ${result.message} ${result.path.join('.')}`)).toEqual([]);
  }, 90_000);
});
