'use client';
// The browser's side of Web Push for the focus session (mounted by ./SessionApp):
// with alerts on and notifications allowed, this browser's push manager is subscribed under the
// server's VAPID key (GET /api/user/push-public-key) and the subscription stored (POST
// /api/user/push-subscriptions); while a timer or pomodoro runs, the server is told when the
// current phase ends (PUT /api/user/phase-end-push) so the notification comes even with the tab
// in the background or closed. Alerts off unsubscribes (DELETE). Without a service worker, a push
// manager, a VAPID key on the server or the permission, nothing here happens and the in-tab
// chime stays what it was.

import { useEffect, useRef, useSyncExternalStore } from 'react';
import { forgetPushSubscription } from '@/features/offline/push-subscription';
import { currentSessionId } from '@/features/session-setup/current-session';
import { phaseEndAt, phaseEndText } from '@/lib/phase-end';
import type { PomodoroPhase, TimedMode } from '@/lib/timer';
import { focusScreen, subscribeFocusScreen } from './focus-store';

type Json = Record<string, unknown>;

async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Json, keepalive = false): Promise<Response> {
  return fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // Only for a request sent while the page goes away (it would be dropped otherwise).
    keepalive,
  });
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';
}

/** The key as the push manager wants it (base64url text to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

// One subscription per page view once it worked (reset by alerts off); a failure is tried again.
let subscribed: Promise<boolean> | null = null;

/**
 * Subscribes this browser (once per page view) when notifications are allowed and the server has
 * a VAPID key, and stores the subscription (again: the server may have forgotten a gone one).
 * Permission not given: a subscription left from before is forgotten. Resolves to whether pushes
 * can reach this browser; never throws.
 */
function enablePush(): Promise<boolean> {
  if (!pushSupported()) return Promise.resolve(false);
  if (Notification.permission !== 'granted') return disablePush().then(() => false);
  subscribed ??= (async () => {
    try {
      const keyAnswer = await send('GET', '/user/push-public-key');
      const { publicKey } = keyAnswer.ok ? ((await keyAnswer.json()) as { publicKey: string | null }) : { publicKey: null };
      if (!publicKey) return false;
      // The worker registers after the page's load; until it is active the calls behind this one
      // wait (End Session's cancel does not: cancelPhaseEndPush).
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      return (await send('POST', '/user/push-subscriptions', subscription.toJSON() as Json)).ok;
    } catch {
      // No push service (or it refused): the chime in the tab remains.
      return false;
    }
  })().then((ok) => {
    if (!ok) subscribed = null;
    return ok;
  });
  return subscribed;
}

/** Alerts off (or permission not given): forgets this browser's subscription here and on the server. */
async function disablePush(): Promise<void> {
  subscribed = null;
  await forgetPushSubscription();
}

// What the server was last told per focus session ("" = nothing scheduled), so a re-render with
// the same phase sends nothing and a pause with nothing scheduled sends no cancel.
const told = new Map<string, string>();
let alertsWereOn = false;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The screen's alerts and the running phase's end (`endAt`, with the pomodoro `phase`; null when
 * paused, finished, stopped or left): alerts on subscribes this browser, off forgets it; the server's push
 * for this focus session is scheduled, replaced or cancelled. Calls go out in order.
 */
function tellPhaseEnd(
  focusSessionId: string,
  mode: TimedMode | undefined,
  endAt: number | null,
  phase: PomodoroPhase | null,
  alertsOn: boolean,
): Promise<unknown> {
  queue = queue.then(async () => {
    try {
      const reachable = alertsOn && (await enablePush());
      if (!alertsOn && alertsWereOn) await disablePush();
      alertsWereOn = alertsOn;
      const text = endAt !== null && mode && mode !== 'stopwatch' ? phaseEndText(mode, phase) : null;
      const wanted = endAt !== null && text && reachable ? `${endAt}|${text}` : '';
      if ((told.get(focusSessionId) ?? '') === wanted) return;
      if (endAt !== null && text && wanted) {
        const answer = await send('PUT', '/user/phase-end-push', { focusSessionId, sendAt: new Date(endAt).toISOString(), body: text });
        if (answer.ok) told.set(focusSessionId, wanted);
      } else {
        const answer = await send('DELETE', '/user/phase-end-push', { focusSessionId });
        if (answer.ok) told.set(focusSessionId, '');
      }
    } catch {
      // Offline: the tab's own chime still sounds if it is open.
    }
  });
  return queue;
}

/** Tells the server to forget the focus session's push; true once it answered. Never throws. */
async function cancelNow(focusSessionId: string): Promise<boolean> {
  try {
    const answer = await send('DELETE', '/user/phase-end-push', { focusSessionId });
    if (answer.ok) told.set(focusSessionId, '');
    return true;
  } catch {
    // Offline: the push may still come; nothing more can be done from here.
    return false;
  }
}

/**
 * 'End Session': cancels the focus session's scheduled push, whatever this page view knows of
 * it (a push scheduled from an earlier page view, another tab or before a reload is cancelled
 * too), after whatever was already on its way: the queue keeps the order, so a schedule still in
 * flight cannot land after the cancel. Should the queue be held up (a request that hangs), the
 * cancel goes on its own after `waitMs`. The screen waits for this before leaving; offline, the
 * page leaves once the request has failed.
 */
export async function cancelPhaseEndPush(focusSessionId: string, waitMs = 5000): Promise<void> {
  const cancelled = (queue = queue.then(() => cancelNow(focusSessionId)));
  const inOrder = await Promise.race([cancelled.then(() => true), delay(waitMs).then(() => false)]);
  if (!inOrder) await Promise.race([cancelNow(focusSessionId), delay(waitMs)]);
}

/** The focus session on screen: /sessions/{id}, or this tab's current one (/session). */
function shownFocusSessionId(): string | null {
  const match = /^\/sessions\/([^/]+)/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]!) : currentSessionId();
}

/** "end|phase|alerts" as the screen has them (./focus-store): the running phase's end (constant for a run), its phase, alerts on. */
function readScreen(): string {
  const view = focusScreen();
  const snap = view?.clock.snap;
  const end = snap ? phaseEndAt(snap, view.clock.now) : null;
  // Alerts belong to the timer and the pomodoro (the stopwatch and the clock have no toggle).
  const alerts = view?.alerts && snap && snap.remainingMs !== null;
  return `${end ?? ''}|${snap?.phase ?? ''}|${alerts ? 'on' : ''}`;
}

/**
 * Follows the session screen (after load): tells the server its running phase's end whenever it
 * changes (a new phase, a pause, a resume, alerts on or off). Renders nothing.
 */
export function PhaseEndPush() {
  const screen = useSyncExternalStore(subscribeFocusScreen, readScreen, () => '');
  // Nothing to say before alerts were on in this page view.
  const everOn = useRef(false);
  // 'End Session' cancels its push and waits for the answer (cancelPhaseEndPush); should the page
  // leave first all the same, this last try goes with it. Closing the tab or going elsewhere
  // keeps the push, which is the point.
  useEffect(() => {
    const focusSessionId = currentSessionId();
    const onLeave = () => {
      if (!focusSessionId || currentSessionId() === focusSessionId || !told.get(focusSessionId)) return;
      void send('DELETE', '/user/phase-end-push', { focusSessionId }, true);
    };
    window.addEventListener('pagehide', onLeave);
    return () => window.removeEventListener('pagehide', onLeave);
  }, []);
  useEffect(() => {
    const [end, phase, alerts] = screen.split('|');
    const focusSessionId = shownFocusSessionId();
    everOn.current ||= alerts === 'on';
    if (!everOn.current || !focusSessionId) return;
    const endAt = end ? Number(end) : null;
    const pomodoro = phase === 'work' || phase === 'break';
    void tellPhaseEnd(focusSessionId, pomodoro ? 'pomodoro' : 'timer', endAt, pomodoro ? phase : null, alerts === 'on');
  }, [screen]);
  return null;
}
