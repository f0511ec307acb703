// /docs: the REST API reference, drawn by Redoc from the OpenAPI document (every operation with
// its parameters, nested request and answer schemas, and each failure it can answer). Offline:
// Redoc's standalone bundle is served from node_modules by /docs/redoc.js (which then draws the
// reference from the document embedded in this page), loaded on this page only, with this
// request's CSP nonce.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { openApiDocument } from '@/server/api/openapi';
import { env } from '@/server/env';
import { NONCE_HEADER } from '@/server/http/content-security-policy';

export const metadata: Metadata = { title: 'API reference' };
export const dynamic = 'force-dynamic';

/** JSON that is safe inside a <script> element (no `</script>`, no HTML comment openers). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

// Redoc's options: no search (it runs in a blob: worker, which the CSP does not allow), the
// app's own colours and fonts, and the page's landmarks left to Redoc's layout.
const REDOC_OPTIONS = {
  disableSearch: true,
  hideDownloadButton: false,
  expandResponses: '400,429',
  pathInMiddlePanel: true,
  jsonSamplesExpandLevel: 3,
  theme: {
    colors: { primary: { main: '#3F5F56' } },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } },
  },
};


export default async function DocsPage() {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  const document = openApiDocument(env().APP_URL);
  return (
    <main className="min-h-screen bg-white text-black">
      <noscript>
        <p className="p-6">
          The reference needs JavaScript. The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
      </noscript>
      {/* Redoc fills this element; React leaves the children of a dangerouslySetInnerHTML element alone when it hydrates. */}
      <div id="redoc-container" dangerouslySetInnerHTML={{ __html: '' }} />
      <script id="openapi-document" type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(document) }} />
      <script id="redoc-options" type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(REDOC_OPTIONS) }} />
      {/* Deferred: runs once the page is parsed, then draws the reference into the container. */}
      <script defer src="/docs/redoc.js" nonce={nonce} />
    </main>
  );
}
