// The stored theme choice applied to <html>: the `dark` or `light` class and the CSS color-scheme
// (src/app/globals.css keys the palette on `.dark`; the mini timer copies color-scheme). Its own
// text is the inline script that runs before the first paint (./ThemeScript.tsx), so it imports
// nothing and repeats lib/theme.ts's two rules (`parseThemePreference`, `resolveTheme`), which
// apply-theme.test.ts holds it to. The browser calls it again whenever the choice or, on System,
// the operating system's setting changes (./theme-store.ts).
export function applyStoredTheme(storageKey: string) {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKey);
  } catch {
    // Storage refused (a privacy setting): System.
  }
  const theme = stored === 'light' || stored === 'dark' ? stored : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}
