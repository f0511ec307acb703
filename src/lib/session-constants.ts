// The constants the focus session screen needs, in a module of their
// own: src/lib/constants.ts re-exports them (import them from there everywhere else), and the
// focus session screen imports them from here, so its code does not carry every constant of the
// app. It imports nothing, so the two modules never import each other.

export const DISPLAY_MODES = ['clock', 'clock-date', 'pomodoro', 'timer', 'stopwatch'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

export const DISPLAY_MODE_LABELS: Record<DisplayMode, string> = {
  clock: 'Clock',
  'clock-date': 'Clock & Date',
  pomodoro: 'Pomodoro',
  timer: 'Timer',
  stopwatch: 'Stopwatch',
};

export const SESSION_DEFAULTS = { displayMode: 'clock', maxTasks: 5, pomodoroWork: 25, pomodoroBreak: 5 } as const;

export const BOTTOM_BAR_SHOW_MS = 3000;
export const BOTTOM_BAR_HIDE_MS = 300;
export const COMPLETION_REFRESH_MS = 400;

/** Browser storage keys. */
export const STORAGE_KEYS = {
  cookieConsent: 'cookie_consent',
  theme: 'theme',
  currentSessionId: 'currentSessionId',
  sessionConfig: 'sessionConfig',
  sessionStart: (sessionId: string) => `sessionStart:${sessionId}`,
  /** The focus clock's options (src/features/session/clock-prefs.ts). */
  clockOptions: 'sessionClockOptions',
  /** With 'Take the break' on: the running time at which the pomodoro next holds for its break. */
  breakHoldAt: (sessionId: string) => `sessionBreakHoldAt:${sessionId}`,
  upgradeIntent: 'upgradeIntent',
  region: 'region',
  cachedTasks: 'cachedTasks',
  cachedSessions: 'cachedSessions',
  cachedUser: 'cachedUser',
  /** Set while the service worker keeps writes made offline for this account (src/features/offline/worker-client.ts). */
  offlineWritesWaiting: 'offlineWritesWaiting',
} as const;
