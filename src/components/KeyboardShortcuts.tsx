'use client';
// The app-wide shortcuts (Ctrl+D/S/B/A to the four pages, Ctrl+/ for the list)
// on every signed-in page (the app shell mounts it): the key listener (./shortcut-keys) with the
// App Router's navigation, and the list (./ShortcutsDialog); the decision for each key press is
// src/lib/shortcuts.ts (why fields keep their keys is explained there).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useShortcutKeys } from './shortcut-keys';
import { ShortcutsDialog } from './ShortcutsDialog';

export { openShortcutsHelp } from './shortcut-keys';

/** Mount once in the signed-in app layout. */
export function KeyboardShortcuts() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  useShortcutKeys((href) => router.push(href), setOpen);
  return <ShortcutsDialog open={open} onClose={() => setOpen(false)} />;
}
