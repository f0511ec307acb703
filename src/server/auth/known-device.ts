// "This device has signed in to this account before": an HttpOnly cookie holding, for each
// account signed in on the device (up to 5), a proof made for THIS device and the account's
// current session version: an account tag, a random device id, and
// HMAC-SHA256(AUTH_SECRET, 'known-device:{userId}:{deviceId}:{sessionVersion}').
//
// The failed-sign-in limit per account (10 per 15 minutes) would otherwise let a stranger lock
// the owner out by guessing; a known device is counted in a bucket of its own (also 10 per 15
// minutes, keyed by the account AND the device id), so the owner's correct password from a device
// they used before still signs them in while the stranger is held back, and a former device (a
// shared computer, a sold phone) guessing locks only itself, never the owner's other devices.
// The proof is revoked with the session version: Sign Out Everywhere, a password change and a
// reset by mail make every device's proof worthless (the device then counts as new until it
// signs in again). On a new device the account's limit applies, and a reset by mail lifts it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authSecret, readCookie, usesSecureCookies } from './cookie';

const KNOWN_DEVICE_COOKIE = 'onething-known-device';
const MAX_ACCOUNTS = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Lengths of a proof's parts, all base64url: account tag, device id (16 bytes), HMAC (32 bytes). */
const TAG_LENGTH = 8;
const DEVICE_LENGTH = 22;
const MAC_LENGTH = 43;

export type DeviceAccount = { id: string; sessionVersion: number };

function mac(key: string): string {
  return createHmac('sha256', authSecret()).update(key).digest('base64url');
}

/** A short tag naming the account in the cookie, so a stale proof of it is replaced, not kept. */
function accountTag(userId: string): string {
  return mac(`known-device-account:${userId}`).slice(0, TAG_LENGTH);
}

function proofFor(user: DeviceAccount, deviceId: string): string {
  return `${accountTag(user.id)}${deviceId}${mac(`known-device:${user.id}:${deviceId}:${user.sessionVersion}`)}`;
}

function tokensIn(headers: Headers): string[] {
  const value = readCookie(headers, KNOWN_DEVICE_COOKIE);
  return value ? value.split('.').filter(Boolean).slice(0, MAX_ACCOUNTS) : [];
}

/**
 * The device id this request proves for the account at its current session version, or undefined
 * (no proof, another device's, a proof from before Sign Out Everywhere or a password reset).
 */
export function knownDeviceProof(headers: Headers, user: DeviceAccount): string | undefined {
  const tag = accountTag(user.id);
  for (const token of tokensIn(headers)) {
    if (token.length !== TAG_LENGTH + DEVICE_LENGTH + MAC_LENGTH || !token.startsWith(tag)) continue;
    const deviceId = token.slice(TAG_LENGTH, TAG_LENGTH + DEVICE_LENGTH);
    const expected = Buffer.from(proofFor(user, deviceId));
    const given = Buffer.from(token);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
  }
  return undefined;
}

/**
 * After a successful sign-in (or a password change): remember this account on the device (newest
 * first), keeping the device's id when it already proved one, else a new random one.
 */
export function rememberDevice(requestHeaders: Headers, resHeaders: Headers, user: DeviceAccount): void {
  const deviceId = knownDeviceProof(requestHeaders, user) ?? randomBytes(16).toString('base64url');
  const tag = accountTag(user.id);
  const others = tokensIn(requestHeaders).filter((token) => !token.startsWith(tag));
  const tokens = [proofFor(user, deviceId), ...others].slice(0, MAX_ACCOUNTS);
  const attributes = ['Path=/api', 'HttpOnly', 'SameSite=Lax', `Max-Age=${YEAR_SECONDS}`];
  if (usesSecureCookies()) attributes.push('Secure');
  resHeaders.append('set-cookie', `${KNOWN_DEVICE_COOKIE}=${tokens.join('.')}; ${attributes.join('; ')}`);
}
