// The current focus session lives in the browser's session storage: its id,
// and a small configuration entry (displayMode, default clock; maxTasks, default 5). A tab
// keeps its own current session; a new tab starts without one.
import type { DisplayMode } from '@/lib/constants';
import { SESSION_DEFAULTS, STORAGE_KEYS } from '@/lib/session-constants';

interface SessionConfigEntry {
  displayMode: DisplayMode;
  maxTasks: number;
}

export function setCurrentSession(session: { id: string; displayMode?: DisplayMode | null; maxTasks?: number | null }) {
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.currentSessionId, session.id);
    const config: SessionConfigEntry = {
      displayMode: session.displayMode ?? SESSION_DEFAULTS.displayMode,
      maxTasks: session.maxTasks && session.maxTasks > 0 ? session.maxTasks : SESSION_DEFAULTS.maxTasks,
    };
    window.sessionStorage.setItem(STORAGE_KEYS.sessionConfig, JSON.stringify(config));
  } catch {
    // Storage blocked: /sessions/{id} still opens the session by its address.
  }
}

export function currentSessionId(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.currentSessionId);
  } catch {
    return null;
  }
}

export function clearCurrentSession() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.currentSessionId);
    window.sessionStorage.removeItem(STORAGE_KEYS.sessionConfig);
  } catch {
    // nothing to clear
  }
}

// A typed-in session number (duration, max tasks, pomodoro work and break, timer): sent only
// when it parses as a positive number. The session forms' schema uses it too.
export { positiveNumber } from '@/lib/positive-number';
