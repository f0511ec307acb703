// /sw.js: the service worker, built from src/worker by `npm run build` (scripts/build-worker.mjs)
// into the build directory. Never cached by HTTP: the browser's update check must see a deploy
// (each build is a new script, so the pages offer "A new version is ready — Reload"). The worker
// runs under the policy its own script arrives with: its fetches are same-origin, and it imports
// nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const dynamic = 'force-dynamic';

let script: string | null = null;
function builtWorker(): string | null {
  if (script !== null && process.env.NODE_ENV === 'production') return script;
  try {
    script = readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'worker', 'sw.js'), 'utf8');
  } catch {
    script = null;
  }
  return script;
}

export function GET() {
  const body = builtWorker();
  if (body === null) {
    return new Response('// No service worker in this build: run `npm run build`.\n', { status: 404, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' } });
  }
  return new Response(body, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': "default-src 'self'; script-src 'self'; object-src 'none'",
      'service-worker-allowed': '/',
    },
  });
}
