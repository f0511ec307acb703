// The theme choice (Light, Dark, System; default System) on next-themes: kept in localStorage
// under `theme`, applied as the `dark` class on <html> by the provider's inline script before
// first paint (the script carries the request's CSP nonce), and kept in step afterwards (a
// choice made here or in another tab, or the OS switching while on System).
import { ThemeProvider as NextThemesProvider, type ThemeProviderProps } from 'next-themes';
import { THEME_STORAGE_KEY } from '@/lib/theme';

const THEME_OPTIONS = {
  attribute: 'class',
  storageKey: THEME_STORAGE_KEY,
  defaultTheme: 'system',
  enableSystem: true,
  themes: ['light', 'dark'],
} as const satisfies ThemeProviderProps;

/** `nonce`: this request's script nonce (the Content-Security-Policy allows no other inline script). */
export function ThemeProvider({ nonce, children }: { nonce?: string; children?: React.ReactNode }) {
  return (
    <NextThemesProvider {...THEME_OPTIONS} themes={[...THEME_OPTIONS.themes]} nonce={nonce}>
      {children}
    </NextThemesProvider>
  );
}
