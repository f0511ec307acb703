// The app-wide shortcuts as a person meets them: they work anywhere in the app, suppress the
// browser's own action, and never take keys away from text being typed.
import { describe, expect, it } from 'vitest';
import { APP_SHORTCUTS, decideShortcut, isTypingTarget, matchShortcut } from './shortcuts';

const ctrl = (key: string, extra: Partial<Parameters<typeof matchShortcut>[0]> = {}) => ({ key, ctrlKey: true, ...extra });
const page = { tagName: 'BODY' };
const textField = { tagName: 'INPUT', type: 'text' };

describe('matching', () => {
  it('maps Ctrl+D/S/B/A to the four pages and Ctrl+/ to the list', () => {
    expect(APP_SHORTCUTS.map((s) => [s.keys, s.href ?? 'list'])).toEqual([
      ['Ctrl+D', '/dashboard'],
      ['Ctrl+S', '/session'],
      ['Ctrl+B', '/breakdown'],
      ['Ctrl+A', '/account'],
      ['Ctrl+/', 'list'],
    ]);
    expect(matchShortcut(ctrl('d'))?.href).toBe('/dashboard');
    expect(matchShortcut(ctrl('S'))?.href).toBe('/session');
    expect(matchShortcut(ctrl('/'))?.id).toBe('help');
  });

  it('works on non-Latin layouts through the physical key', () => {
    expect(matchShortcut(ctrl('в', { code: 'KeyD' }))?.href).toBe('/dashboard');
  });

  it('allows Shift only for the slash, which needs it on many layouts', () => {
    expect(matchShortcut(ctrl('/', { shiftKey: true, code: 'Digit7' }))?.id).toBe('help');
    expect(matchShortcut(ctrl('?', { shiftKey: true, code: 'Slash' }))?.id).toBe('help');
    expect(matchShortcut(ctrl('D', { shiftKey: true, code: 'KeyD' }))).toBeNull();
  });

  it('ignores plain keys, Cmd, and AltGr (Ctrl+Alt) so typed characters never navigate', () => {
    expect(matchShortcut({ key: 'd', ctrlKey: false })).toBeNull();
    expect(matchShortcut(ctrl('d', { metaKey: true }))).toBeNull();
    expect(matchShortcut(ctrl('d', { altKey: true }))).toBeNull();
    expect(matchShortcut(ctrl('x'))).toBeNull();
  });
});

describe('typing targets', () => {
  it('treats text inputs, textareas and rich text as typing, not checkboxes or buttons', () => {
    expect(isTypingTarget(textField)).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'email' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('decision', () => {
  it('outside a field: runs the shortcut and suppresses the browser default', () => {
    for (const key of ['d', 's', 'b', 'a', '/']) {
      expect(decideShortcut(ctrl(key), page)).toMatchObject({ preventDefault: true, run: true });
    }
  });

  it('in a field: keeps select-all and bold, blocks Save Page and Bookmark without navigating', () => {
    expect(decideShortcut(ctrl('a'), textField)).toBeNull();
    expect(decideShortcut(ctrl('b'), { tagName: 'DIV', isContentEditable: true })).toBeNull();
    expect(decideShortcut(ctrl('s'), textField)).toMatchObject({ preventDefault: true, run: false });
    expect(decideShortcut(ctrl('d'), { tagName: 'TEXTAREA' })).toMatchObject({ preventDefault: true, run: false });
    expect(decideShortcut(ctrl('/'), textField)).toMatchObject({ preventDefault: true, run: true });
  });

  it('on a Mac leaves Ctrl+letter alone in a field, where they are text-editing keys', () => {
    expect(decideShortcut(ctrl('d'), textField, true)).toBeNull();
    expect(decideShortcut(ctrl('s'), textField, true)).toBeNull();
    expect(decideShortcut(ctrl('d'), page, true)).toMatchObject({ run: true });
  });

  it('does nothing for keys that are not shortcuts', () => {
    expect(decideShortcut(ctrl('c'), page)).toBeNull();
  });
});
