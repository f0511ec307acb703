// Where to go after signing in. `?next=` carries the page a signed-out visitor asked for; only a
// path on this site is followed (never another origin, a protocol-relative `//host`, a
// backslash trick or the API), so a crafted sign-in link cannot send anyone elsewhere.

/** Request header set by src/proxy.ts: the path and query of the page being rendered. */
export const PATH_HEADER = 'x-onething-path';

const BASE = 'http://onething.invalid';

/** The same-origin relative path in `raw`, or null when it is missing or not safe to follow. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read a backslash as a slash (`/\evil.example`), and control characters are stripped.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname;
  // Coming back to the sign-in or sign-up page, or to a JSON answer, is never what was meant.
  if (['/signin', '/signup'].some((page) => path === page || path.startsWith(`${page}/`))) return null;
  if (path === '/api' || path.startsWith('/api/')) return null;
  return `${path}${url.search}${url.hash}`;
}

/** `/signin?next=<path>` (slashes left readable), or `/signin` when there is nothing safe to return to. */
export function signinUrl(next?: string | null): string {
  const safe = safeNextPath(next);
  return safe ? `/signin?next=${encodeURIComponent(safe).replace(/%2F/gi, '/')}` : '/signin';
}

/** The first value of a search parameter as Next hands it to a page. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
