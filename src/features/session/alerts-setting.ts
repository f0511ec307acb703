'use client';
// The session alerts' setting (./alerts: the chime and the notification): off by default, kept in
// local storage; notification permission is asked only when the person turns alerts on (./push,
// with the after-load code). Part of the focus session page's first load (the toggle is on
// screen); the sound and the permission prompt are not.

/** Local storage key of the alerts choice (a UI preference of this screen only). */
const SESSION_ALERTS_KEY = 'sessionAlerts';

export function readAlertsEnabled(): boolean {
  try {
    return window.localStorage.getItem(SESSION_ALERTS_KEY) === 'on';
  } catch {
    return false;
  }
}

export function storeAlertsEnabled(enabled: boolean) {
  try {
    window.localStorage.setItem(SESSION_ALERTS_KEY, enabled ? 'on' : 'off');
  } catch {
    // not kept: fine
  }
}
