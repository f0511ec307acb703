// Next's server build evaluates a module once per bundle runtime (pages, route handlers and the
// door), so state that must be one per process lives on globalThis: two separately evaluated
// copies of a module must see each other's request id, environment and caches.
import { describe, expect, it, vi } from 'vitest';

async function freshCopy<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  return load();
}

describe('one instance per process', () => {
  it('a request id opened by one copy of the request context is seen by another copy', async () => {
    const door = await freshCopy(() => import('./request-context'));
    const page = await freshCopy(() => import('./request-context'));
    expect(page).not.toBe(door);
    const seen = await door.runWithRequestId('req-shared-1234', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return page.currentRequestId();
    });
    expect(seen).toBe('req-shared-1234');
    expect(page.currentRequestId()).toBeUndefined();
  });

  it('the environment is parsed once for every copy, and a reset reaches them all', async () => {
    const first = await freshCopy(() => import('./env'));
    const second = await freshCopy(() => import('./env'));
    expect(second.env()).toBe(first.env());
    first.resetEnvCache();
    const again = second.env();
    expect(first.env()).toBe(again);
  });

  it('a value is made once per name, by the first copy that asks', async () => {
    const { processSingleton } = await import('./process-singleton');
    const make = vi.fn(() => ({ made: true }));
    const name = `test-${Math.random()}`;
    const one = processSingleton(name, make);
    expect(processSingleton(name, make)).toBe(one);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
