// The theme choice (Light, Dark, System; default System), kept in this browser's localStorage under
// `theme` and applied to <html> by ./apply-theme.ts: before the first paint by the inline script,
// then here whenever it changes (a choice made in this tab or another, or the operating system's
// setting while on System).
//
// An external store, read with `useSyncExternalStore` where it is shown (./useTheme.ts), and no
// React context: a context value that changes after hydration (next-themes' provider learnt the
// system's scheme in an effect, so its value changed whenever the stored choice differed from it)
// makes React schedule every Suspense boundary still dehydrated below it, and one whose code is not
// there yet is dropped and rendered again in the browser, blank meanwhile (/account's lazy
// sections, the dashboard's island: docs/architecture.md, "/account in a stored theme, Subscription's prices…").
import { keptChoice } from '@/lib/kept-choice';
import { parseThemePreference, THEME_STORAGE_KEY, type ThemePreference } from '@/lib/theme';
import { applyStoredTheme } from './apply-theme';

const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const theme = keptChoice(THEME_STORAGE_KEY, parseThemePreference);

export const storedTheme = theme.read;

/** Stores the choice and applies it (where storage refuses it, the page stays on System). */
export function setStoredTheme(preference: ThemePreference) {
  theme.save(preference);
  applyStoredTheme(THEME_STORAGE_KEY);
}

/** Calls `onChange` whenever the choice or the system's scheme changes. */
export function subscribeToTheme(onChange: () => void) {
  const system = window.matchMedia(SYSTEM_DARK);
  const unsubscribe = theme.subscribe(onChange);
  system.addEventListener('change', onChange);
  return () => {
    unsubscribe();
    system.removeEventListener('change', onChange);
  };
}

/**
 * Keeps <html> in step with the choice (mounted once, by ./ThemeKeeper.tsx): applied again at once,
 * for a change between the inline script and this mount (the system's scheme switched, or another
 * tab stored a choice, while the page loaded), then at every change.
 */
export function keepThemeApplied() {
  const apply = () => applyStoredTheme(THEME_STORAGE_KEY);
  const unsubscribe = subscribeToTheme(apply);
  apply();
  return unsubscribe;
}
