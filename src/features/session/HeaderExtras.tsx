'use client';
// The session header's Mini timer (./MiniTimer), Full screen and Keep screen on, rendered by
// ./SessionApp into the top bar's slot (#fs-header-extras in ./SessionControls).
//
// Keep screen on: the Screen Wake Lock API holds the screen awake while a timer, pomodoro or
// stopwatch runs (the screen's clock, ./focus-store), and lets go when it is paused or the toggle is
// off. The browser releases the lock whenever the tab is hidden; it is taken again when the
// tab is visible again. On by default where the browser has the API; the choice is kept in
// local storage. Without the API the toggle is not shown.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ButtonCore';
import { focusScreen, subscribeFocusScreen } from './focus-store';
import { MiniTimerToggle } from './MiniTimer';

const WAKE_LOCK_KEY = 'sessionWakeLock';
const SLOT_ID = 'fs-header-extras';

const Icon = ({ name }: { name: string }) => <span aria-hidden className={`fs-icon fs-icon-${name} size-4`} />;

export function SessionHeaderExtras() {
  // The slot is the screen's: there while the screen shows a session.
  const slot = useSyncExternalStore(subscribeFocusScreen, () => (focusScreen() ? document.getElementById(SLOT_ID) : null), () => null);
  // Running or paused; null when the session is not timed.
  const running = useSyncExternalStore(
    subscribeFocusScreen,
    () => {
      const clock = focusScreen()?.clock;
      return clock?.config ? clock.running : null;
    },
    () => null,
  );
  if (!slot) return null;
  return createPortal(
    <>
      {running !== null ? <KeepScreenOn running={running} /> : null}
      <MiniTimerToggle />
      <FullscreenToggle />
    </>,
    slot,
  );
}

function readWakeLockChoice(): boolean {
  try {
    return window.localStorage.getItem(WAKE_LOCK_KEY) !== 'off';
  } catch {
    return true;
  }
}

function KeepScreenOn({ running }: { running: boolean }) {
  const [on, setOn] = useState(readWakeLockChoice);
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  useWakeLock(supported && on && running);
  if (!supported) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={on}
      title="Keeps the screen from sleeping while the clock runs"
      onClick={() => {
        const next = !on;
        setOn(next);
        try {
          window.localStorage.setItem(WAKE_LOCK_KEY, next ? 'on' : 'off');
        } catch {
          // not kept: fine
        }
      }}
    >
      <Icon name={on ? 'sun' : 'moon'} />
      Keep screen on
    </Button>
  );
}

/** Holds a screen wake lock while `wanted`, taking it again each time the tab becomes visible. */
function useWakeLock(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    let sentinel: WakeLockSentinel | null = null;
    let live = true;
    const acquire = () => {
      if (!live || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      navigator.wakeLock.request('screen').then(
        (lock) => {
          if (live) sentinel = lock;
          else void lock.release();
        },
        () => undefined, // refused (battery saver, no user activation yet): the screen may sleep
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, [wanted]);
}

function FullscreenToggle() {
  const active = useSyncExternalStore(
    (onChange) => {
      document.addEventListener('fullscreenchange', onChange);
      return () => document.removeEventListener('fullscreenchange', onChange);
    },
    () => document.fullscreenElement !== null,
    () => false,
  );
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  if (!document.fullscreenEnabled) return null;
  return (
    <Button variant="ghost" size="sm" onClick={toggle} aria-pressed={active}>
      <Icon name={active ? 'shrink' : 'expand'} />
      {active ? 'Exit full screen' : 'Full screen'}
    </Button>
  );
}
