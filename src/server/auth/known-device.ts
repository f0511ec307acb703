// "This device has signed in to this account before": an HttpOnly cookie holding, for each
// account signed in on the device (up to 5), HMAC-SHA256(AUTH_SECRET, 'known-device:{userId}').
// The failed-sign-in limit per account (10 per 15 minutes) would otherwise let a stranger lock
// the owner out by guessing; a known device is counted in a bucket of its own for the account
// instead (also 10 per 15 minutes), so the owner's correct password from a device they used
// before still signs them in while the stranger is held back. On a new device the account's
// limit applies as before, and a reset by mail lifts it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret, readCookie, usesSecureCookies } from './cookie';

const KNOWN_DEVICE_COOKIE = 'onething-known-device';
const MAX_ACCOUNTS = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function knownDeviceToken(userId: string): string {
  return createHmac('sha256', authSecret()).update(`known-device:${userId}`).digest('base64url');
}

function tokensIn(headers: Headers): string[] {
  const value = readCookie(headers, KNOWN_DEVICE_COOKIE);
  return value ? value.split('.').filter(Boolean).slice(0, MAX_ACCOUNTS) : [];
}

/** The device's proof for this account, when the request carries one. */
export function knownDeviceProof(headers: Headers, userId: string): string | undefined {
  const expected = Buffer.from(knownDeviceToken(userId));
  return tokensIn(headers).find((token) => {
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** After a successful sign-in: remember this account on the device (newest first). */
export function rememberDevice(requestHeaders: Headers, resHeaders: Headers, userId: string): void {
  const token = knownDeviceToken(userId);
  const tokens = [token, ...tokensIn(requestHeaders).filter((other) => other !== token)].slice(0, MAX_ACCOUNTS);
  const attributes = ['Path=/api', 'HttpOnly', 'SameSite=Lax', `Max-Age=${YEAR_SECONDS}`];
  if (usesSecureCookies()) attributes.push('Secure');
  resHeaders.append('set-cookie', `${KNOWN_DEVICE_COOKIE}=${tokens.join('.')}; ${attributes.join('; ')}`);
}
