// Theme tokens shared by Tailwind (tailwind.config.ts) and TypeScript (charts, clock, e-mails).
// Colours are CSS variables so light and dark are both designed, not inverted; a change of
// palette is one edit here plus the matching variables in src/app/globals.css.

const palette = {
  light: {
    bg: '#F7F7F5',
    surface: '#FFFFFF',
    surfaceMuted: '#F0F0ED',
    text: '#1C1D1F',
    muted: '#5B5F66',
    border: '#E2E2DE',
    accent: '#2563EB',
    accentSoft: '#DBEAFE',
    accentContrast: '#FFFFFF',
    danger: '#B42318',
    dangerSoft: '#FEE4E2',
    success: '#067647',
    successSoft: '#DCFAE6',
    warning: '#8A4B00',
    warningSoft: '#FEF0C7',
  },
  dark: {
    bg: '#111214',
    surface: '#1A1B1E',
    surfaceMuted: '#232428',
    text: '#ECECEA',
    muted: '#A3A6AD',
    border: '#2E3036',
    accent: '#7AB0FF',
    accentSoft: '#1E3A5F',
    accentContrast: '#0B1220',
    danger: '#FDA29B',
    dangerSoft: '#4A1A16',
    success: '#75E0A7',
    successSoft: '#113D26',
    warning: '#FEC84B',
    warningSoft: '#4A3510',
  },
} as const;

export type ThemeColor = keyof (typeof palette)['light'];

/** Tailwind colour names mapped to the CSS variables of globals.css. */
export const themeColors: Record<ThemeColor, string> = Object.fromEntries(
  Object.keys(palette.light).map((name) => [name, `var(--color-${name})`]),
) as Record<ThemeColor, string>;

export const radii = { card: '0.875rem', control: '0.625rem', pill: '9999px' } as const;

export { clockSizes } from './clock-sizes';

export const THEME_STORAGE_KEY = 'theme';
export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const satisfies readonly ThemePreference[];
export const THEME_LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** A stored value that is not one of the three choices (or nothing) means System, the default. */
export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

/** The theme actually shown: System follows the operating system's setting. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
