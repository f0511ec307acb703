// Where to go after signing in: `?next=`, else a Plus upgrade chosen on the landing page.
// `?next=` carries the page a signed-out visitor asked for; only a path on this site is followed (never another origin, a protocol-relative `//host`, a
// backslash trick or the API), so a crafted sign-in link cannot send anyone elsewhere. The path is
// normalised first (dot segments resolved, as the browser would) and the result is what is checked
// and followed: `/.//evil.example` normalises to `//evil.example`, another host.

import { takeUpgradeIntent } from '@/lib/upgrade-intent';
import { browserStorage } from './session-sync';

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
  const normal = `${path}${url.search}${url.hash}`;
  // What is followed must still be one path on this site once normalised, and stay the same when
  // read again (no second normalisation turning it into another host).
  if (!normal.startsWith('/') || normal.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(normal)) return null;
  const again = new URL(normal, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== normal) return null;
  // Coming back to the sign-in or sign-up page, or to a JSON answer, is never what was meant.
  if (['/signin', '/signup'].some((page) => path === page || path.startsWith(`${page}/`))) return null;
  if (path === '/api' || path.startsWith('/api/')) return null;
  return normal;
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

/**
 * The account page's address that finishes a Plus upgrade chosen on the landing page
 * (`/account?upgrade=plus&country=UK|USA`), reading and clearing the stored intent; null when
 * there is none.
 */
export function takeUpgradeDestination(): string | null {
  const storage = browserStorage('local');
  if (!storage) return null;
  const intent = takeUpgradeIntent(storage);
  return intent ? `/account?upgrade=${intent.plan}&country=${intent.country}` : null;
}
