// The rules behind the public pages and the shell: cookie banner, upgrade intent, prices,
// limit dialogs and the current navigation entry.
import { describe, expect, it } from 'vitest';
import { currentNavItem } from './app-nav';
import { STORAGE_KEYS } from './constants';
import { shouldShowCookieBanner } from './cookie-consent';
import { formatPrice, limitDialogCopy, planCards } from './pricing';
import { parseUpgradeIntent, saveUpgradeIntent, takeUpgradeIntent } from './upgrade-intent';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('cookie banner', () => {
  it('shows only on /, /privacy and /terms while no choice is stored', () => {
    for (const path of ['/', '/privacy', '/terms', '/terms/']) expect(shouldShowCookieBanner(path, null)).toBe(true);
    for (const path of ['/signin', '/dashboard', '/contact', '/privacy-extra']) expect(shouldShowCookieBanner(path, null)).toBe(false);
  });

  it('stays hidden once accepted or declined, and shows again for a value it does not know', () => {
    expect(shouldShowCookieBanner('/', 'accepted')).toBe(false);
    expect(shouldShowCookieBanner('/', 'declined')).toBe(false);
    expect(shouldShowCookieBanner('/', 'maybe')).toBe(true);
  });
});

describe('upgrade intent', () => {
  it('is stored as plan and country and read back once', () => {
    const storage = memoryStorage();
    saveUpgradeIntent(storage, 'USA');
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.upgradeIntent) ?? '')).toEqual({ plan: 'plus', country: 'USA' });
    expect(takeUpgradeIntent(storage)).toEqual({ plan: 'plus', country: 'USA' });
    expect(takeUpgradeIntent(storage)).toBeNull();
  });

  it('ignores anything that is not a valid intent', () => {
    expect(parseUpgradeIntent('{"plan":"gold","country":"UK"}')).toBeNull();
    expect(parseUpgradeIntent('{"plan":"plus","country":"FR"}')).toBeNull();
    expect(parseUpgradeIntent('not json')).toBeNull();
    expect(parseUpgradeIntent('{"plan":"plus","country":"toString"}')).toBeNull();
    expect(parseUpgradeIntent('[{"plan":"plus","country":"UK"}]')).toBeNull();
    expect(parseUpgradeIntent('null')).toBeNull();
  });

  it('keeps only the plan and the country of a stored intent', () => {
    expect(parseUpgradeIntent('{"plan":"plus","country":"UK","next":"https://evil.example"}')).toEqual({ plan: 'plus', country: 'UK' });
  });
});

describe('pricing', () => {
  it('shows Free at 0 and Plus at 2 a month with 4 struck through, in pounds or dollars', () => {
    expect(formatPrice(2, 'UK')).toBe('£2');
    expect(formatPrice(4, 'USA')).toBe('$4');
    const [free, plus] = planCards('UK');
    expect(free).toMatchObject({ name: 'Free', price: '£0', was: null });
    expect(plus).toMatchObject({ name: 'Plus', price: '£2', was: '£4' });
    expect(planCards('USA')[1]).toMatchObject({ price: '$2', was: '$4' });
  });

  it('lists the monthly allowances', () => {
    const [free, plus] = planCards('UK');
    expect(free?.features).toEqual(['40 tasks per month', '20 sessions per month', '5 AI breakdowns per month', '5 AI sessions per month']);
    expect(plus?.features).toEqual([
      'Unlimited tasks',
      'Unlimited sessions',
      '50 AI breakdowns per month',
      '50 AI sessions per month',
      'Priority support',
    ]);
  });

  it('words the limit dialogs as the product does', () => {
    expect(limitDialogCopy('tasks')).toMatchObject({
      title: 'Task Limit Reached',
      body: "You've reached your limit of 40 tasks per month on the Free plan.",
    });
    expect(limitDialogCopy('sessions').body).toBe("You've reached your limit of 20 sessions per month on the Free plan.");
    expect(limitDialogCopy('aiBreakdowns').body).toBe("You've reached your limit of 5 AI breakdowns per month on the Free plan.");
    expect(limitDialogCopy('aiSessions', 'free', 5).title).toBe('AI Session Limit Reached');
    expect(limitDialogCopy('tasks').upgrade).toContain('Upgrade to Plus for unlimited tasks');
  });

  it("quotes the Plus price in the reader's currency: dollars in the USA, pounds in the UK", () => {
    expect(limitDialogCopy('tasks', 'free', undefined, 'USA').upgrade).toBe('Upgrade to Plus for unlimited tasks, from $2 a month.');
    expect(limitDialogCopy('aiBreakdowns', 'free', undefined, 'USA').upgrade).toBe('Upgrade to Plus for 50 AI breakdowns a month, from $2 a month.');
    expect(limitDialogCopy('tasks', 'free', undefined, 'UK').upgrade).toBe('Upgrade to Plus for unlimited tasks, from £2 a month.');
    expect(limitDialogCopy('tasks').upgrade).toContain('£2');
  });

  it('tells a Plus member the Plus limit, without an upgrade prompt', () => {
    const copy = limitDialogCopy('aiSessions', 'plus');
    expect(copy.body).toBe("You've reached your limit of 50 AI sessions per month on the Plus plan.");
    expect(copy.upgrade).toBeNull();
    expect(limitDialogCopy('aiBreakdowns', 'plus').body).toBe("You've reached your limit of 50 AI breakdowns per month on the Plus plan.");
  });
});

describe('app navigation', () => {
  it('marks the entry of the current page, including its sub-pages', () => {
    expect(currentNavItem('/dashboard')?.label).toBe('Dashboard');
    expect(currentNavItem('/sessions/abc')?.label).toBe('Sessions');
    expect(currentNavItem('/reset-password')?.label).toBe('Account');
    expect(currentNavItem('/session')).toBeNull();
    expect(currentNavItem(null)).toBeNull();
  });
});
