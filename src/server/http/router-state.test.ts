// Which Next-Router-State-Tree headers reach a page: what the router sends, and nothing malformed.
import { describe, expect, it } from 'vitest';
import { isAcceptableRouterState } from './router-state';

describe('isAcceptableRouterState', () => {
  it('accepts no header and the trees the client router sends', () => {
    expect(isAcceptableRouterState(null)).toBe(true);
    expect(isAcceptableRouterState(encodeURIComponent(JSON.stringify(['', { children: ['dashboard', {}, null, null] }, null, 'refetch', 1])))).toBe(true);
    expect(isAcceptableRouterState(encodeURIComponent(JSON.stringify(['', { children: [['id', 'abc', 'd', null], {}] }])))).toBe(true);
  });

  it.each(['%7Bbad', '[', 'notjson', '%E0%A4%A', '[1,2]', '{"a":1}', '["",{"children":5}]', 'x'.repeat(50_000)])('refuses %s', (value) => {
    expect(isAcceptableRouterState(value)).toBe(false);
  });
});
