'use client';
// The list of the keyboard shortcuts (Ctrl+/ or the header's keyboard button; the keys are
// ./shortcut-keys.ts).
//
// The product asks that Ctrl+/ show an "alert" listing the shortcuts. We read that as "a notice", not
// window.alert(): a browser alert freezes the page, cannot be styled for the dark theme, reads
// out as a system interruption and is blocked in some embedded browsers. A calm modal dialog
// lists the same shortcuts, is announced as a dialog, traps and returns focus, and closes with
// Escape or its OK button.
import { APP_SHORTCUTS } from '@/lib/shortcuts';
import { Button } from './ButtonCore';
import { Dialog } from './Dialog';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="Available anywhere in the app. While you type in a field, your text keeps its keys."
      size="sm"
      footer={<Button onClick={onClose}>OK</Button>}
    >
      <dl className="divide-y divide-border rounded-control border border-border">
        {APP_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-sm">{shortcut.label}</dt>
            <dd>
              <kbd className="tabular whitespace-nowrap rounded-md border border-border bg-surfaceMuted px-2 py-1 font-mono text-xs font-medium">
                {shortcut.keys}
              </kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
