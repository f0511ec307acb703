// The benchmark's session cookie, minted exactly as the app's sign-in issues it
// (src/server/auth/cookie.ts): next-auth's JWT session token, encrypted with AUTH_SECRET, claims
// `sub` (user id) and `sv` (User.sessionVersion), under next-auth's cookie name. If the app's
// cookie changes, change it here: the load generator and the floor both use this module.
import { decode, encode } from 'next-auth/jwt';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** next-auth's name for the cookie: the `__Secure-` form on https. */
export function sessionCookieName(secure = false) {
  return `${secure ? '__Secure-' : ''}next-auth.session-token`;
}

/** `Cookie` header value for the user. */
export async function mintSessionCookie({ userId, sessionVersion = 0, secret, secure = false }) {
  const token = await encode({ token: { sub: userId, sv: sessionVersion }, secret, maxAge: SESSION_MAX_AGE_SECONDS });
  return `${sessionCookieName(secure)}=${token}`;
}

/** The claims of a session cookie in a Cookie header, or null (the floor's cookie check). */
export async function readSessionCookie(cookieHeader, secret, secure = false) {
  if (!cookieHeader) return null;
  const name = sessionCookieName(secure);
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      const claims = await decode({ token: part.slice(index + 1).trim(), secret });
      if (claims && typeof claims.sub === 'string' && typeof claims.sv === 'number') return { sub: claims.sub, sv: claims.sv };
    } catch {
      return null;
    }
  }
  return null;
}
