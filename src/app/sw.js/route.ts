// /sw.js: the service worker, built from src/worker by `npm run build` (scripts/build-worker.mjs)
// into the build directory. Never cached by HTTP: the browser's update check must see a deploy
// (each build is a new script, so the pages offer "A new version is ready — Reload"). The worker
// runs under the policy its own script arrives with: its fetches are same-origin, and it imports
// nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { processSingleton } from '@/server/process-singleton';

export const dynamic = 'force-dynamic';

/** The built script, read once per process in production (every read in development). */
const kept = processSingleton('service-worker-script', () => ({ script: null as string | null }));
function builtWorker(): string | null {
  if (kept.script !== null && process.env.NODE_ENV === 'production') return kept.script;
  try {
    kept.script = readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'worker', 'sw.js'), 'utf8');
  } catch {
    kept.script = null;
  }
  return kept.script;
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
