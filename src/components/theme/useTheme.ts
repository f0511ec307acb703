'use client';
// The theme switcher's view of next-themes (src/components/theme/ThemeProvider.tsx): the stored
// preference, which is System on the server and in the hydration render (the server cannot know
// it), then the real one.
import { useTheme as useNextTheme } from 'next-themes';
import { useSyncExternalStore } from 'react';
import { parseThemePreference, type ThemePreference } from '@/lib/theme';

const noSubscription = () => () => {};

export function useTheme() {
  const { theme, setTheme } = useNextTheme();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return {
    theme: hydrated ? parseThemePreference(theme) : ('system' as const),
    setTheme: (preference: ThemePreference) => setTheme(preference),
  };
}
