// The Content-Security-Policy of the pages, set per request by the proxy (src/proxy.ts). Scripts
// run only with this request's nonce ('strict-dynamic' lets the chunks those scripts load run
// too): no 'unsafe-inline', so an injected inline script or event handler does not run. Next reads
// the nonce from the request's copy of the header and puts it on every script it renders; the
// theme script of the root layout reads it from `x-nonce`. Development adds 'unsafe-eval', which React needs there for its debugging aids.
// Styles keep 'unsafe-inline' (style attributes of the UI and of Headless UI). The API's own
// answers carry a fixed policy from next.config.js.
export const NONCE_HEADER = 'x-nonce';

export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** A fresh, unguessable nonce (128 random bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
