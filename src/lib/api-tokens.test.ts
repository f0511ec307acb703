import { describe, expect, it } from 'vitest';
import { ZTokenForm } from '@/lib/schemas/account-forms';
import { tokenAccessWords, tokenExpiry } from './api-tokens';

describe('a token in words', () => {
  it('says what each set of scopes can do', () => {
    expect(tokenAccessWords(['read', 'write'])).toBe('Can read and change your tasks and sessions');
    expect(tokenAccessWords(['read'])).toBe('Can only read your tasks, sessions and stats');
    expect(tokenAccessWords(['write'])).toBe('Can only add and change tasks and sessions, not read them');
  });

  it('says when it expires, that it expired, or that it never does', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const day = (iso: string) => iso.slice(0, 10);
    expect(tokenExpiry(null, now, day)).toEqual({ expired: false, words: 'Never expires' });
    expect(tokenExpiry('2027-02-25T10:00:00.000Z', now, day)).toEqual({ expired: false, words: 'Expires 2027-02-25' });
    expect(tokenExpiry('2026-11-27T10:00:00.000Z', now, day)).toEqual({ expired: true, words: 'Expired 2026-11-27' });
  });
});

describe('the Create Token form', () => {
  it('maps its choices onto the API input', () => {
    expect(ZTokenForm.parse({ name: ' Laptop ', access: 'read', expiry: '30' })).toEqual({ name: 'Laptop', scopes: ['read'], expiresInDays: 30 });
    expect(ZTokenForm.parse({ name: 'x', access: 'read-write', expiry: '90' })).toEqual({ name: 'x', scopes: ['read', 'write'], expiresInDays: 90 });
    expect(ZTokenForm.parse({ name: 'x', access: 'read-write', expiry: '365' }).expiresInDays).toBe(365);
    expect(ZTokenForm.parse({ name: 'x', access: 'read-write', expiry: 'never' }).expiresInDays).toBeNull();
  });

  it('refuses a blank name in the product’s words', () => {
    const result = ZTokenForm.safeParse({ name: '  ', access: 'read', expiry: '30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Please name the token' });
  });
});
