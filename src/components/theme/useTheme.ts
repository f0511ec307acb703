'use client';
// The theme switcher's view of the stored choice (./theme-store.ts): System on the server and in
// the hydration render (the server cannot know it), then the real one, kept in step with other
// tabs.
import { useSyncExternalStore } from 'react';
import type { ThemePreference } from '@/lib/theme';
import { setStoredTheme, storedTheme, subscribeToTheme } from './theme-store';

const onServer = (): ThemePreference => 'system';

export function useTheme() {
  const theme = useSyncExternalStore(subscribeToTheme, storedTheme, onServer);
  return { theme, setTheme: setStoredTheme };
}
