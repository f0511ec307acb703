// A toast that must outlive a full page load: the dashboard says 'Session created successfully!'
// and opens /session, which is served by the Pages Router (its first-load budget), so the way
// there is a full page load and the toast on the dashboard would vanish with it. The toast is
// handed to the next page in session storage (this tab only) and shown once there.
import { STORAGE_KEYS } from './constants';
import type { ToastInput } from './toast';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps a toast (title, description, variant) for the next page this tab opens. */
export function handOffToast(input: Pick<ToastInput, 'title' | 'description' | 'variant'>, storage: Storage | null = sessionStore()): void {
  try {
    storage?.setItem(STORAGE_KEYS.pendingToast, JSON.stringify({ title: input.title, description: input.description, variant: input.variant }));
  } catch {
    // Storage blocked: the toast was shown on the page before; it just does not travel.
  }
}

/** The handed-off toast, once: it is removed as it is read. Anything malformed is dropped. */
export function takeHandedOffToast(storage: Storage | null = sessionStore()): Pick<ToastInput, 'title' | 'description' | 'variant'> | null {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.pendingToast);
    if (!raw) return null;
    storage?.removeItem(STORAGE_KEYS.pendingToast);
    const value = JSON.parse(raw) as { title?: unknown; description?: unknown; variant?: unknown };
    if (typeof value.title !== 'string' || !value.title) return null;
    return {
      title: value.title,
      description: typeof value.description === 'string' ? value.description : undefined,
      variant: value.variant === 'destructive' ? 'destructive' : 'default',
    };
  } catch {
    return null;
  }
}
