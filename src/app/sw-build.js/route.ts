// /sw-build.js: the build the service worker (public/sw.js) belongs to, imported by it. The
// browser compares a worker's imported scripts byte for byte on every update check, so a new
// build (a deploy) installs a new worker and the pages offer "A new version is ready — Reload".
// Never cached by HTTP: an update check must see the deployed build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { processSingleton } from '@/server/process-singleton';

export const dynamic = 'force-dynamic';

const shared = processSingleton('swBuildId', () => ({ buildId: null as string | null }));
function currentBuildId(): string {
  if (shared.buildId) return shared.buildId;
  try {
    shared.buildId = readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    shared.buildId = 'development';
  }
  return shared.buildId;
}

export function GET() {
  return new Response(`self.ONETHING_BUILD = ${JSON.stringify({ id: currentBuildId() })};\n`, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache, no-store, must-revalidate',
      'content-security-policy': "default-src 'none'",
    },
  });
}
