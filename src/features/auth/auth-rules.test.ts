// The rules behind sign-in redirects, sign-out across tabs and server error messages.
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/constants';
import { clientErrorMessage, serverMessage } from './errors';
import { safeNextPath, signinUrl } from './next-path';
import { cacheUser, clearAccountStorage, isSignOutMessage, isSignOutStorageEvent } from './session-sync';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('the page to return to after signing in', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeNextPath('/account')).toBe('/account');
    expect(safeNextPath('/sessions/abc?tab=tasks')).toBe('/sessions/abc?tab=tasks');
    expect(safeNextPath('/dashboard?verified=success')).toBe('/dashboard?verified=success');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'account', '/\t/evil.example', '']) {
      expect(safeNextPath(bad), bad).toBeNull();
    }
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it('checks the path after normalising it, so dot segments cannot make it another host', () => {
    const evil = [
      '/.//evil.example',
      '/..//evil.example',
      '/././/evil.example/x?y=1',
      '/a/..//evil.example',
      '/a/b/../..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/./\\evil.example',
      '/.//\\evil.example',
      '/.///evil.example',
      '/. //evil.example',
      '/.\t//evil.example',
      '/.\n//evil.example',
      '/./../..//evil.example',
    ];
    for (const bad of evil) {
      const safe = safeNextPath(bad);
      expect(safe === null || (!safe.startsWith('//') && new URL(safe, 'http://onething.test').host === 'onething.test'), `${JSON.stringify(bad)} -> ${safe}`).toBe(true);
    }
    for (const collapsing of evil.slice(0, 8)) expect(safeNextPath(collapsing), collapsing).toBeNull();
    // Dot segments that stay on the site are still followed, in their normal form.
    expect(safeNextPath('/a/../account')).toBe('/account');
    expect(safeNextPath('/./dashboard?x=1')).toBe('/dashboard?x=1');
  });

  it('does not return to the sign-in or sign-up page, or to the API', () => {
    expect(safeNextPath('/signin?next=/account')).toBeNull();
    expect(safeNextPath('/signup')).toBeNull();
    expect(safeNextPath('/api/auth/me')).toBeNull();
  });

  it('builds the sign-in link with a readable next', () => {
    expect(signinUrl('/account')).toBe('/signin?next=/account');
    expect(signinUrl('/dashboard?verified=success')).toBe('/signin?next=/dashboard%3Fverified%3Dsuccess');
    expect(signinUrl('//evil.example')).toBe('/signin');
    expect(signinUrl(null)).toBe('/signin');
  });
});

describe('signing out in the browser', () => {
  it("clears the cached tasks, sessions and user, the clock states, this tab's focus session and its configuration, and keeps the device's choices", () => {
    const local = memoryStorage({
      [STORAGE_KEYS.sessionStart('s1')]: '{"startedAt":1}',
      [STORAGE_KEYS.sessionStart('s3')]: '{"startedAt":2}',
      [STORAGE_KEYS.cachedTasks]: '[]',
      [STORAGE_KEYS.cachedSessions]: '[]',
      [STORAGE_KEYS.cachedUser]: '{}',
      [STORAGE_KEYS.theme]: 'dark',
      [STORAGE_KEYS.cookieConsent]: 'accepted',
    });
    const session = memoryStorage({
      [STORAGE_KEYS.currentSessionId]: 's1',
      [STORAGE_KEYS.sessionStart('s1')]: '123',
      [STORAGE_KEYS.sessionStart('s2')]: '456',
      [STORAGE_KEYS.sessionConfig]: '{"displayMode":"clock"}',
    });
    clearAccountStorage(local, session);
    expect([...local.map.keys()].sort()).toEqual([STORAGE_KEYS.cookieConsent, STORAGE_KEYS.theme].sort());
    expect([...session.map.keys()]).toEqual([]);
  });

  it('hears another tab sign out from the removal of the cached user or a cleared storage', () => {
    expect(isSignOutStorageEvent({ key: STORAGE_KEYS.cachedUser, newValue: null })).toBe(true);
    expect(isSignOutStorageEvent({ key: null, newValue: null })).toBe(true);
    expect(isSignOutStorageEvent({ key: STORAGE_KEYS.cachedUser, newValue: '{"name":"Ada"}' })).toBe(false);
    expect(isSignOutStorageEvent({ key: STORAGE_KEYS.theme, newValue: null })).toBe(false);
    expect(isSignOutMessage({ type: 'signed-out' })).toBe(true);
    expect(isSignOutMessage('signed-out')).toBe(false);
  });

  it('caches the signed-in user as JSON', () => {
    const local = memoryStorage();
    cacheUser(local, { name: 'Ada' });
    expect(JSON.parse(local.map.get(STORAGE_KEYS.cachedUser) ?? '')).toEqual({ name: 'Ada' });
  });
});

describe('server messages', () => {
  const answer = (httpStatus: number, message: string, issues?: { message: string }[]) => ({ message, data: { httpStatus, issues } });

  it("prefers the first validation issue, then the server's message", () => {
    expect(serverMessage(answer(400, 'Invalid input: password: Password must be at least 8 characters', [{ message: 'Password must be at least 8 characters' }]))).toBe(
      'Password must be at least 8 characters',
    );
    expect(serverMessage(answer(409, 'An account with this email already exists'))).toBe('An account with this email already exists');
    expect(serverMessage(new Error('Failed to fetch'))).toBeUndefined();
  });

  it('uses the fallback when the server failed or did not answer', () => {
    expect(clientErrorMessage(answer(429, 'Too many attempts'), 'Please try again')).toBe('Too many attempts');
    expect(clientErrorMessage(answer(500, 'Something went wrong on our side. Please try again.'), 'Please try again')).toBe('Please try again');
    expect(clientErrorMessage(new Error('Failed to fetch'), 'Please try again')).toBe('Please try again');
  });
});
