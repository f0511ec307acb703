'use client';
// The session alerts' setting (./alerts: the chime and the notification): off by default, kept in
// local storage; notification permission is asked only when the person turns alerts on. Part of
// the focus session page's first load (the toggle is on screen); the sound is not.

/** Local storage key of the alerts choice (a UI preference of this screen only). */
export const SESSION_ALERTS_KEY = 'sessionAlerts';

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

/** Asks for notification permission (only call from a click). Resolves to whether it is granted. */
export async function askNotificationPermission(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}
