// The notification stack as a person sees it: newest on top, never more than three, a closed
// one gone five seconds later, a swipe of 50 px dismisses.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './constants';
import { createToastStore, swipeDismisses, visibleToasts } from './toast';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the newest first and at most three at once', () => {
    const store = createToastStore();
    for (const title of ['one', 'two', 'three', 'four']) store.toast({ title });
    const shown = visibleToasts(store.getState());
    expect(TOAST_LIMIT).toBe(3);
    expect(shown.map((toast) => toast.title)).toEqual(['four', 'three', 'two']);
  });

  it('defaults to the default variant and five seconds on screen', () => {
    const store = createToastStore();
    store.toast({ title: 'Task created successfully!' });
    store.toast({ title: 'Failed to delete task', variant: 'destructive' });
    const [destructive, plain] = visibleToasts(store.getState());
    expect(plain).toMatchObject({ variant: 'default', duration: 5000, open: true });
    expect(destructive?.variant).toBe('destructive');
  });

  it('hides a dismissed toast at once and removes it five seconds later', () => {
    const store = createToastStore();
    const { id, dismiss } = store.toast({ title: 'Task updated' });
    dismiss();
    expect(visibleToasts(store.getState())).toEqual([]);
    expect(store.getState().toasts.map((toast) => toast.id)).toEqual([id]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toEqual([]);
  });

  it('does not let a dismissed toast take one of the three places', () => {
    const store = createToastStore();
    store.toast({ title: 'a' });
    store.toast({ title: 'b' }).dismiss();
    store.toast({ title: 'c' });
    store.toast({ title: 'd' });
    expect(visibleToasts(store.getState()).map((toast) => toast.title)).toEqual(['d', 'c', 'a']);
  });

  it('dismisses every toast when no id is given, and tells its listeners', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.toast({ title: 'a' });
    store.toast({ title: 'b' });
    store.dismiss();
    expect(visibleToasts(store.getState())).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getState().toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Saving…' });
    handle.update({ title: 'Saved' });
    expect(visibleToasts(store.getState())[0]?.title).toBe('Saved');
  });
});

describe('swipe to dismiss', () => {
  it('dismisses past 50 px to the right and springs back otherwise', () => {
    expect(swipeDismisses(50)).toBe(true);
    expect(swipeDismisses(120)).toBe(true);
    expect(swipeDismisses(49)).toBe(false);
    expect(swipeDismisses(-80)).toBe(false);
  });
});
