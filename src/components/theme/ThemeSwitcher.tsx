'use client';
// Light / Dark / System as three radio buttons in one row (the account page's Appearance
// section reuses it). Arrow keys move between them, as with any radio group.
import { THEME_LABELS, THEME_PREFERENCES, type ThemePreference } from '@/lib/theme';
import { useTheme } from './useTheme';

const icons: Record<ThemePreference, React.ReactNode> = {
  light: (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden className="size-4">
      <circle cx="10" cy="10" r="3.25" />
      <path d="M10 2.5v1.75M10 15.75v1.75M2.5 10h1.75M15.75 10h1.75M4.7 4.7l1.2 1.2M14.1 14.1l1.2 1.2M4.7 15.3l1.2-1.2M14.1 5.9l1.2-1.2" />
    </svg>
  ),
  dark: (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden className="size-4">
      <path d="M16 12.5A6.5 6.5 0 017.5 4a6.5 6.5 0 108.5 8.5z" />
    </svg>
  ),
  system: (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-4">
      <rect x="2.75" y="3.75" width="14.5" height="9.5" rx="1.5" />
      <path d="M7 16.5h6M10 13.25v3.25" />
    </svg>
  ),
};

export function ThemeSwitcher({ legend = 'Theme', showLegend = true, className = '' }: { legend?: string; showLegend?: boolean; className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className={className}>
      <legend className={showLegend ? 'mb-2 text-sm font-medium' : 'sr-only'}>{legend}</legend>
      <div className="inline-flex rounded-control border border-border bg-surfaceMuted p-1">
        {THEME_PREFERENCES.map((preference) => (
          <label
            key={preference}
            className="relative inline-flex h-9 cursor-pointer items-center gap-2 rounded-[0.5rem] px-3 text-sm font-medium text-muted transition-colors has-[:checked]:bg-surface has-[:checked]:text-text has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name={`theme-${legend}`}
              value={preference}
              checked={theme === preference}
              onChange={() => setTheme(preference)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-[0.5rem] opacity-0"
            />
            {icons[preference]}
            {THEME_LABELS[preference]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
