// The app-wide keyboard shortcuts and the decision for one key press, free of
// the DOM so it can be tested: which shortcut it is, whether to stop the browser's own action,
// and whether to run it.

type ShortcutId = 'dashboard' | 'session' | 'breakdown' | 'account' | 'help';

export interface Shortcut {
  id: ShortcutId;
  /** The key as KeyboardEvent.key reports it, lower case. */
  key: string;
  /** The physical key (KeyboardEvent.code), so the shortcut also works on non-Latin layouts. */
  code: string;
  /** What the person presses, as shown in the list. */
  keys: string;
  label: string;
  href?: string;
}

export const APP_SHORTCUTS: readonly Shortcut[] = [
  { id: 'dashboard', key: 'd', code: 'KeyD', keys: 'Ctrl+D', label: 'Go to Dashboard', href: '/dashboard' },
  { id: 'session', key: 's', code: 'KeyS', keys: 'Ctrl+S', label: 'Go to your focus session', href: '/session' },
  { id: 'breakdown', key: 'b', code: 'KeyB', keys: 'Ctrl+B', label: 'Go to Breakdown', href: '/breakdown' },
  { id: 'account', key: 'a', code: 'KeyA', keys: 'Ctrl+A', label: 'Go to Account', href: '/account' },
  { id: 'help', key: '/', code: 'Slash', keys: 'Ctrl+/', label: 'Show this list of shortcuts' },
];

export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/**
 * The shortcut a key press means, or null. Ctrl only: Alt is left out because Ctrl+Alt is AltGr
 * on Windows (typing characters such as '@' must never navigate), and Meta (Cmd) keeps the
 * browser's own meaning. Shift is allowed only for '/', which needs Shift on many layouts.
 */
export function matchShortcut(event: KeyPress): Shortcut | null {
  if (!event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.toLowerCase();
  for (const shortcut of APP_SHORTCUTS) {
    const isSlash = shortcut.id === 'help';
    if (event.shiftKey && !isSlash) continue;
    if (key === shortcut.key || event.code === shortcut.code || (isSlash && key === '?' && event.code === 'Slash')) {
      return shortcut;
    }
  }
  return null;
}

export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

/** Input types that take typed text; a checkbox or a button is not "typing". */
const TEXT_INPUT_TYPES = new Set(['', 'text', 'search', 'email', 'password', 'url', 'tel', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);

export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA') return true;
  if (tag === 'INPUT') return TEXT_INPUT_TYPES.has((target.type ?? '').toLowerCase());
  return false;
}

export interface ShortcutDecision {
  shortcut: Shortcut;
  /** Stop the browser's own action for the keys (preventDefault). */
  preventDefault: boolean;
  /** Navigate / open the list. */
  run: boolean;
}

/**
 * What to do with a key press. Outside a text field every shortcut runs and the browser's own
 * action (bookmark, save page, bookmarks bar, select all) is suppressed, as the product asks.
 *
 * While the person is typing in a field we never take the keys away from the text (a shortcut
 * that navigated would also throw the typing away):
 *  - Ctrl+A keeps select-all and Ctrl+B keeps bold (in rich text): those are what a person
 *    typing expects from them.
 *  - Ctrl+S and Ctrl+D do not navigate, but their browser actions (Save Page As, Add Bookmark)
 *    are still suppressed: nobody writing a task wants a file dialog, and a habitual Ctrl+S
 *    ("save") should be harmless. On a Mac, Ctrl+D and friends are text-editing keys (delete
 *    forward, line start ...) and the browser's actions live on Cmd, so there we leave them be.
 *  - Ctrl+/ has no text meaning, so the list of shortcuts opens; focus returns to the field.
 */
export function decideShortcut(event: KeyPress, target: TargetLike | null | undefined, isMac = false): ShortcutDecision | null {
  const shortcut = matchShortcut(event);
  if (!shortcut) return null;
  if (!isTypingTarget(target)) return { shortcut, preventDefault: true, run: true };
  if (shortcut.id === 'help') return { shortcut, preventDefault: true, run: true };
  if (!isMac && (shortcut.id === 'session' || shortcut.id === 'dashboard')) return { shortcut, preventDefault: true, run: false };
  return null;
}
