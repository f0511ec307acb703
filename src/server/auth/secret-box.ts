// Secrets the server keeps for a user and must use again (a calendar subscription's URL), stored
// encrypted: AES-256-GCM with a random 96-bit IV per value, under a key derived with HKDF-SHA256
// from DATA_ENCRYPTION_KEY (else AUTH_SECRET) and a purpose label, so a key made for one purpose
// opens nothing else. Stored as base64url(iv | tag | ciphertext); a value changed in the
// database, or read under another key, does not open (null).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { appError } from '@/server/errors';
import { env } from '@/server/env';

function keyFor(purpose: string): Buffer {
  const { DATA_ENCRYPTION_KEY, AUTH_SECRET } = env();
  const secret = DATA_ENCRYPTION_KEY ?? AUTH_SECRET;
  if (!secret) throw appError('SERVICE_UNAVAILABLE', 'Stored secrets need DATA_ENCRYPTION_KEY or AUTH_SECRET to be set');
  return Buffer.from(hkdfSync('sha256', secret, 'onething-secret-box', `onething:${purpose}`, 32));
}

export function seal(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text, or null when the value was changed or sealed under another key or purpose. */
export function open(purpose: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
