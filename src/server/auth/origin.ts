// Cross-site request check for cookie-authenticated writes (defence in depth beside
// SameSite=Lax cookies). A state-changing request that names an Origin other than the app's own
// (APP_URL, or the Host the request was sent to) is refused. Requests without an Origin (curl,
// server-side callers) pass: browsers always send Origin on cross-origin POST/PUT/PATCH/DELETE,
// and Sec-Fetch-Site catches the rest.
import { env } from '@/server/env';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function isCrossSiteRequest(headers: Headers): boolean {
  const origin = headers.get('origin');
  if (origin && origin !== 'null') {
    const allowed = originOf(env().APP_URL);
    if (origin === allowed) return false;
    const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
    try {
      return !host || new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  if (origin === 'null') return true;
  return headers.get('sec-fetch-site') === 'cross-site';
}
