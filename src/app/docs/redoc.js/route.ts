// GET /docs/redoc.js: Redoc's standalone bundle from node_modules (the /docs page's renderer) and
// the call that draws the page's reference, so the reference works offline and no page but /docs
// ever loads it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { processSingleton } from '@/server/process-singleton';

export const dynamic = 'force-static';

/** Draws the reference from the document and options the /docs page embeds as JSON. */
const INIT = `
;(() => {
  const json = (id) => JSON.parse(document.getElementById(id).textContent);
  Redoc.init(json('openapi-document'), json('redoc-options'), document.getElementById('redoc-container'));
})();
`;

const shared = processSingleton('redocBundle', () => ({ bundle: undefined as Promise<Buffer> | undefined }));

function redocBundle(): Promise<Buffer> {
  // Resolved from the app's root, where the server runs and builds.
  shared.bundle ??= readFile(createRequire(path.join(process.cwd(), 'package.json')).resolve('redoc/bundles/redoc.standalone.js'), 'utf8').then((code) =>
    // The side menu's "by Redocly" logo is an image on Redoc's CDN: offline (and under the CSP's
    // img-src) it cannot load, so it gets an empty source, and Redoc hides it on the load error.
    Buffer.from(code.replace('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,') + INIT),
  );
  return shared.bundle;
}

export async function GET(): Promise<Response> {
  return new Response(new Uint8Array(await redocBundle()), {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      // A day: the file changes only with the installed Redoc version.
      'cache-control': 'public, max-age=86400',
    },
  });
}
