'use client';
// The keyboard shortcuts' key listener: it calls back with the page to go to (the list of
// shortcuts is ./ShortcutsDialog); src/components/KeyboardShortcuts.tsx wires it to the App
// Router. Light: it is part of every signed-in page's first load.
import { useEffect, useRef } from 'react';
import { decideShortcut } from '@/lib/shortcuts';

const OPEN_EVENT = 'onething:shortcuts-help';

/** Opens the list of shortcuts (e.g. from a header button). */
export function openShortcutsHelp() {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

function isMacPlatform(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/**
 * Listens for the shortcuts: `navigate(href)` for Ctrl+D/S/B/A, `setHelpOpen(true)` for Ctrl+/
 * (and for openShortcutsHelp()); a navigation closes the list first.
 */
export function useShortcutKeys(navigate: (href: string) => void, setHelpOpen: (open: boolean) => void) {
  const latest = useRef({ navigate, setHelpOpen });
  useEffect(() => {
    latest.current = { navigate, setHelpOpen };
  });
  useEffect(() => {
    const isMac = isMacPlatform();
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const decision = decideShortcut(event, event.target as HTMLElement | null, isMac);
      if (!decision) return;
      if (decision.preventDefault) event.preventDefault();
      if (!decision.run || event.repeat) return;
      const { shortcut } = decision;
      if (shortcut.href) {
        latest.current.setHelpOpen(false);
        latest.current.navigate(shortcut.href);
      } else {
        latest.current.setHelpOpen(true);
      }
    }
    const onOpen = () => latest.current.setHelpOpen(true);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(OPEN_EVENT, onOpen);
    };
  }, []);
}

