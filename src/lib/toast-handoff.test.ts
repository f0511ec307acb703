// The toast handed from the dashboard to the session page across a full page load: shown once,
// and nothing malformed gets through.
import { describe, expect, it } from 'vitest';
import { handOffToast, takeHandedOffToast } from './toast-handoff';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('toast handoff', () => {
  it('hands a toast to the next page once', () => {
    const storage = memoryStorage();
    handOffToast({ title: 'Session created successfully!' }, storage);
    expect(takeHandedOffToast(storage)).toEqual({ title: 'Session created successfully!', description: undefined, variant: 'default' });
    expect(takeHandedOffToast(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('keeps a destructive variant and a description', () => {
    const storage = memoryStorage();
    handOffToast({ title: 'Failed', description: 'Please try again', variant: 'destructive' }, storage);
    expect(takeHandedOffToast(storage)).toEqual({ title: 'Failed', description: 'Please try again', variant: 'destructive' });
  });

  it('drops what is not a toast, and works without storage', () => {
    const storage = memoryStorage();
    storage.setItem('pendingToast', '{"title":42}');
    expect(takeHandedOffToast(storage)).toBeNull();
    storage.setItem('pendingToast', 'not json');
    expect(takeHandedOffToast(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
    expect(takeHandedOffToast(null)).toBeNull();
    expect(() => handOffToast({ title: 'x' }, null)).not.toThrow();
  });
});
