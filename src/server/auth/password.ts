// Password hashing: argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
// Unknown accounts are verified against a dummy hash, so timing does not reveal whether an
// address has an account.
import argon2 from 'argon2';
import { processSingleton } from '@/server/process-singleton';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

const shared = processSingleton('dummyPasswordHash', () => ({ dummy: undefined as Promise<string> | undefined }));

/**
 * Checks a password against a stored hash; with no hash (unknown account) it does the same work
 * against a dummy hash and answers false.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    shared.dummy ??= hashPassword('onething-dummy-password-for-timing');
    await argon2.verify(await shared.dummy, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // not an argon2 hash (e.g. a seeded row): never a match
    return false;
  }
}

/** True when the hash was made with weaker parameters than today's and should be redone. */
export function passwordNeedsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}
