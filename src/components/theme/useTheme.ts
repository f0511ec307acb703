'use client';
// The theme choice (Light, Dark, System; default System) kept in localStorage under `theme`.
// ThemeScript applies it before first paint; ThemeSync keeps the page in step afterwards (a choice
// made here or in another tab, or the OS switching while on System); useTheme() reads and sets it.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { parseThemePreference, resolveTheme, THEME_STORAGE_KEY, type ThemePreference } from '@/lib/theme';

const CHANGE_EVENT = 'onething:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function readPreference(): ThemePreference {
  try {
    return parseThemePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', onChange);
  };
}

function applyToDocument() {
  const dark = resolveTheme(readPreference(), systemPrefersDark()) === 'dark';
  document.documentElement.classList.toggle('dark', dark);
}

export function setThemePreference(preference: ThemePreference) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage can be blocked (private mode): the choice still applies to this page.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, readPreference, () => 'system' as const);
  const systemDark = useSyncExternalStore(subscribe, systemPrefersDark, () => false);
  const setTheme = useCallback((preference: ThemePreference) => setThemePreference(preference), []);
  return { theme, resolvedTheme: resolveTheme(theme, systemDark), setTheme };
}

/**
 * Mount once (root layout). Reads storage and the OS directly instead of React state, so the
 * hydration render can never switch the page to the wrong theme for a frame.
 */
export function ThemeSync() {
  useEffect(() => {
    applyToDocument();
    return subscribe(applyToDocument);
  }, []);
  return null;
}
