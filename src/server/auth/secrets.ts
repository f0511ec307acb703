// Random secrets and their one-way fingerprints. E-mail and API tokens are handed out once and
// only their SHA-256 hashes are stored, so a database leak reveals no usable link or token.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: safe in URLs and headers. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Addresses are compared and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
