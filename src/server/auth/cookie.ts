// The session cookie: next-auth's own JWT session cookie, issued here for the JSON sign-in and
// sign-up calls with next-auth's `encode` (same secret, same name, same format), so next-auth's
// routes (/api/auth/session), `getToken` and `getServerSession` read it as their own.
// Name: `__Secure-next-auth.session-token` when APP_URL is https, else `next-auth.session-token`
// (what next-auth picks for that URL). httpOnly, SameSite=Lax, Path=/, Secure on https.
import { decode, encode, type JWT } from 'next-auth/jwt';
import { env } from '@/server/env';

/** Sessions last 30 days from sign-in (re-issued on `me` once a day, so active users stay in). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_REFRESH_AFTER_SECONDS = 24 * 60 * 60;

export function usesSecureCookies(): boolean {
  return env().APP_URL.startsWith('https://');
}

export function sessionCookieName(): string {
  return `${usesSecureCookies() ? '__Secure-' : ''}next-auth.session-token`;
}

export function authSecret(): string {
  const secret = env().AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is not set: start the app with `npm start`, or set it (at least 32 characters)');
  return secret;
}

/** What the session token carries: `sub` (user id) and `sv` (the user's session version). */
export type SessionClaims = { sub: string; sv: number };

export async function encodeSessionToken(claims: SessionClaims): Promise<string> {
  return encode({ token: { sub: claims.sub, sv: claims.sv }, secret: authSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
}

/**
 * Decoded session tokens, so a signed-in client's every request does not derive the key (HKDF)
 * and decrypt the JWE again: token text → claims, bounded (least recently used goes first) and
 * kept only until the token's own expiry. Only the decoding is cached: the session-version
 * check against the database (src/server/auth/session.ts) still runs on every request, so
 * sign-out and password changes end sessions at once as before. Keyed by the secret too.
 */
type CachedClaims = { claims: SessionClaims & { iat?: number }; expiresAt: number; secret: string };
const DECODED_CACHE_MAX = 1000;
const decodedCache = new Map<string, CachedClaims>();

export async function decodeSessionToken(token: string): Promise<(SessionClaims & { iat?: number }) | null> {
  const secret = authSecret();
  const cached = decodedCache.get(token);
  if (cached) {
    decodedCache.delete(token);
    if (cached.secret === secret && Date.now() < cached.expiresAt) {
      decodedCache.set(token, cached);
      return { ...cached.claims };
    }
  }
  let payload: JWT | null;
  try {
    payload = await decode({ token, secret });
  } catch {
    return null;
  }
  if (!payload || typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
  const claims = { sub: payload.sub, sv: payload.sv, iat: typeof payload.iat === 'number' ? payload.iat : undefined };
  // next-auth's decode accepts a token up to 15 s past `exp`; the cache keeps it no longer than `exp`.
  if (typeof payload.exp === 'number') {
    if (decodedCache.size >= DECODED_CACHE_MAX) decodedCache.delete(decodedCache.keys().next().value!);
    decodedCache.set(token, { claims, expiresAt: payload.exp * 1000, secret });
  }
  return { ...claims };
}

function attributes(maxAge: number): string {
  const parts = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`];
  parts.push(`Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}`);
  if (usesSecureCookies()) parts.push('Secure');
  return parts.join('; ');
}

/** Sets a fresh session cookie for the user on the response. */
export async function issueSessionCookie(resHeaders: Headers, user: { id: string; sessionVersion: number }): Promise<void> {
  const token = await encodeSessionToken({ sub: user.id, sv: user.sessionVersion });
  resHeaders.append('set-cookie', `${sessionCookieName()}=${token}; ${attributes(SESSION_MAX_AGE_SECONDS)}`);
}

/** Removes the session cookie in the browser. */
export function clearSessionCookie(resHeaders: Headers): void {
  resHeaders.append('set-cookie', `${sessionCookieName()}=; ${attributes(0)}`);
}

/** Reads a cookie from a Cookie header (including next-auth's chunked `.0`, `.1` form). */
export function readCookie(headers: Headers, name: string): string | undefined {
  const header = headers.get('cookie');
  if (!header) return undefined;
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    if (!jar.has(key)) jar.set(key, part.slice(index + 1).trim());
  }
  const whole = jar.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let index = 0; jar.has(`${name}.${index}`); index += 1) chunks.push(jar.get(`${name}.${index}`) ?? '');
  return chunks.length ? chunks.join('') : undefined;
}
