'use client';
// The app-wide shortcuts (Ctrl+D/S/B/A to the four pages, Ctrl+/ for the list)
// on the App Router's pages. The key listener (./shortcut-keys) and the list (./ShortcutsDialog)
// are shared with the focus session page on the Pages Router; the decision for each key press is
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
