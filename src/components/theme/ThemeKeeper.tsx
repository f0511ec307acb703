'use client';
import { useEffect } from 'react';
import { keepThemeApplied } from './theme-store';

/** Keeps <html>'s theme in step after the first paint (the root layout mounts it once). Renders nothing. */
export function ThemeKeeper() {
  useEffect(keepThemeApplied, []);
  return null;
}
