// The theme's inline script (./apply-theme.ts) repeats lib/theme.ts's rules because it cannot
// import: here it is run from its own text alone, as the browser runs it before the first paint,
// and held to those rules for every stored value and both system settings.
import { describe, expect, it } from 'vitest';
import { parseThemePreference, resolveTheme, THEME_STORAGE_KEY } from '@/lib/theme';
import { applyStoredTheme } from './apply-theme';

const fromItsText = new Function('window', 'document', `return ${applyStoredTheme.toString()}`) as (
  window: unknown,
  document: unknown,
) => typeof applyStoredTheme;

function run(stored: string | null | Error, systemDark: boolean, before: string[]) {
  const classes = new Set(before);
  const root = {
    classList: { add: (name: string) => classes.add(name), remove: (...names: string[]) => names.forEach((name) => classes.delete(name)) },
    style: { colorScheme: '' },
  };
  const window = {
    localStorage: {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored;
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
  };
  fromItsText(window, { documentElement: root })(THEME_STORAGE_KEY);
  return { classes: [...classes].sort(), colorScheme: root.style.colorScheme };
}

describe('the theme applied before the first paint', () => {
  for (const stored of [null, 'light', 'dark', 'system', 'purple'])
    for (const systemDark of [false, true])
      it(`stored ${stored ?? 'nothing'}, system ${systemDark ? 'dark' : 'light'}: as lib/theme.ts resolves it`, () => {
        const theme = resolveTheme(parseThemePreference(stored), systemDark);
        const other = theme === 'dark' ? 'light' : 'dark';
        expect(run(stored, systemDark, [other, 'keep-me'])).toEqual({ classes: [theme, 'keep-me'].sort(), colorScheme: theme });
      });

  it('storage that refuses to be read counts as System', () => {
    expect(run(new Error('SecurityError'), true, [])).toEqual({ classes: ['dark'], colorScheme: 'dark' });
    expect(run(new Error('SecurityError'), false, [])).toEqual({ classes: ['light'], colorScheme: 'light' });
  });
});
