import { describe, expect, it } from 'vitest';
import { isFocusScreenPath } from './paths';

describe('isFocusScreenPath', () => {
  it('is /session and /sessions/{id}, with or without a query', () => {
    expect(isFocusScreenPath('/session')).toBe(true);
    expect(isFocusScreenPath('/session?from=mail')).toBe(true);
    expect(isFocusScreenPath('/sessions/abc123')).toBe(true);
    expect(isFocusScreenPath('/sessions/abc123?x=1')).toBe(true);
  });

  it('is not the sessions list, other pages, deeper paths or nothing', () => {
    expect(isFocusScreenPath('/sessions')).toBe(false);
    expect(isFocusScreenPath('/sessions/')).toBe(false);
    expect(isFocusScreenPath('/sessions/a/b')).toBe(false);
    expect(isFocusScreenPath('/sessionsx')).toBe(false);
    expect(isFocusScreenPath('/dashboard')).toBe(false);
    expect(isFocusScreenPath(null)).toBe(false);
  });
});
