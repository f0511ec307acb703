import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptChoice } from './kept-choice';

type Shade = 'light' | 'dark';
const parseShade = (stored: string | null): Shade => (stored === 'dark' ? 'dark' : 'light');

/** A browser tab as far as a kept choice sees it: events and a localStorage (refusing, if asked). */
function aTab({ refuse = false } = {}) {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => {
      if (refuse) throw new DOMException('The operation is insecure.', 'SecurityError');
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (refuse) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
  };
  const tab = Object.assign(new EventTarget(), { localStorage });
  vi.stubGlobal('window', tab);
  /** What another tab's write looks like here: a `storage` event (key null: the storage was cleared). */
  const otherTabWrote = (key: string | null, value: string | null) => {
    if (key === null) items.clear();
    else if (value !== null) items.set(key, value);
    tab.dispatchEvent(Object.assign(new Event('storage'), { key }));
  };
  return { otherTabWrote };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a choice kept in the browser', () => {
  it('reads the default on the server, where nothing is stored, and where storage is refused', () => {
    const shade = keptChoice('shade', parseShade);
    expect(shade.read()).toBe('light');
    aTab();
    expect(shade.read()).toBe('light');
    aTab({ refuse: true });
    expect(shade.read()).toBe('light');
  });

  it('keeps a saved choice and tells this tab’s readers at once', () => {
    aTab();
    const shade = keptChoice('shade', parseShade);
    const seen: Shade[] = [];
    shade.subscribe(() => seen.push(shade.read()));
    expect(shade.save('dark')).toBe(true);
    expect(shade.read()).toBe('dark');
    expect(seen).toEqual(['dark']);
  });

  it('still tells this tab’s readers when storage refuses the choice, and says it was not kept', () => {
    aTab({ refuse: true });
    const shade = keptChoice('shade', parseShade);
    const onChange = vi.fn();
    shade.subscribe(onChange);
    expect(shade.save('dark')).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('follows another tab’s change of this choice or a cleared storage, not other keys, until unsubscribed', () => {
    const { otherTabWrote } = aTab();
    const shade = keptChoice('shade', parseShade);
    const region = keptChoice('region', (stored) => stored ?? 'UK');
    const onChange = vi.fn();
    const unsubscribe = shade.subscribe(onChange);
    otherTabWrote('region', 'USA');
    expect(onChange).not.toHaveBeenCalled();
    expect(region.read()).toBe('USA');
    otherTabWrote('shade', 'dark');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(shade.read()).toBe('dark');
    otherTabWrote(null, null);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(shade.read()).toBe('light');
    unsubscribe();
    otherTabWrote('shade', 'dark');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('does not wake another choice’s readers when one is saved in this tab', () => {
    aTab();
    const shade = keptChoice('shade', parseShade);
    const region = keptChoice('region', (stored) => stored ?? 'UK');
    const onShade = vi.fn();
    shade.subscribe(onShade);
    region.save('USA');
    expect(onShade).not.toHaveBeenCalled();
  });
});
