// Forgot-password answers in the same time for known and unknown addresses: before the answer,
// both do the same work (the rate limit and one lookup); the reset token and the mail of a known
// address come after it.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { createUser } from '@/test/factories';
import { forgotPassword } from './auth.service';

describe('forgotPassword', () => {
  it('answers before any work that only a known address needs, then stores the link', async () => {
    const db = getDb();
    const user = await createUser();
    const { delivery } = await forgotPassword(db, { email: user.email }, new Headers());
    // Answered: no token has been stored yet.
    expect(await db.authToken.count({ where: { userId: user.id, kind: 'reset_password' } })).toBe(0);
    await delivery;
    expect(await db.authToken.count({ where: { userId: user.id, kind: 'reset_password', usedAt: null } })).toBe(1);
  });

  it('does the same before answering for an unknown address, and nothing after', async () => {
    const db = getDb();
    const tokensBefore = await db.authToken.count();
    const { delivery } = await forgotPassword(db, { email: 'nobody-here@example.com' }, new Headers());
    await delivery;
    expect(await db.authToken.count()).toBe(tokensBefore);
  });
});
