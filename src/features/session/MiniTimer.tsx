'use client';
// The mini timer: a small always-on-top window (the browser's Document Picture-in-Picture) with
// the time left, the current task and Complete and Pause/Start, for working in another app with
// the session in sight. Offered in the session header only where the browser has the API.
//
// Mounted by ./HeaderExtras. It follows the screen's own state (the
// clock, the current task and their actions, published by ./FocusView in ./focus-store) and
// the clock's extras (overtime and the break hold, ./ClockExtras), so there is one state and one
// set of rules (the optimistic completion, the pause when no task remains, the dialogs).
//
// The window is a React portal into the picture-in-picture document, which starts empty: the
// page's stylesheets and the theme's class on <html> are copied over (and the theme followed).
// It closes when the page leaves (ending the session goes to the dashboard) or the screen goes.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ButtonCore';
import { formatClock } from '@/lib/timer';
import { overtimeMs, stopOvertime } from '@/lib/timer-extras';
import { breakHold } from './ClockExtras';
import { clockFace } from './clock-face';
import { useClockOptions } from './clock-prefs';
import { focusScreen, subscribeFocusScreen } from './focus-store';
import { MiniJustStart } from '@/features/today/MiniJustStart';

/** The browser's Document Picture-in-Picture, where there is one. */
type DocumentPip = { requestWindow(options?: { width?: number; height?: number }): Promise<Window>; window: Window | null };
const documentPip = (): DocumentPip | null =>
  typeof window !== 'undefined' && 'documentPictureInPicture' in window ? (window as unknown as { documentPictureInPicture: DocumentPip }).documentPictureInPicture : null;

const Icon = ({ name }: { name: string }) => <span aria-hidden className={`fs-icon fs-icon-${name} size-4`} />;

/** The focus screen as it is now; null when there is none. */
const useFocusScreen = () => useSyncExternalStore(subscribeFocusScreen, focusScreen, () => null);

/** The page's styles and theme, copied into the picture-in-picture document (and the theme kept in step). */
function dressWindow(pip: Window): () => void {
  for (const node of document.head.querySelectorAll('link[rel="stylesheet"], style')) pip.document.head.append(node.cloneNode(true));
  pip.document.title = 'Onething · Mini timer';
  pip.document.documentElement.lang = document.documentElement.lang || 'en';
  const follow = () => {
    pip.document.documentElement.className = document.documentElement.className;
    const scheme = document.documentElement.style.colorScheme;
    pip.document.documentElement.style.colorScheme = scheme;
  };
  follow();
  pip.document.body.className = 'bg-bg text-text';
  const observer = new MutationObserver(follow);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
  return () => observer.disconnect();
}

export function MiniTimerToggle() {
  const pipApi = documentPip();
  const [pip, setPip] = useState<Window | null>(null);
  const screen = useFocusScreen() !== null;

  // The screen gone (the session ended), the page leaving, or this button unmounted (a client
  // navigation away from the screen, such as End Session's): the window goes too.
  useEffect(() => {
    if (!pip) return;
    const close = () => pip.close();
    if (!screen) close();
    window.addEventListener('pagehide', close);
    return () => window.removeEventListener('pagehide', close);
  }, [pip, screen]);
  const open = useRef<Window | null>(null);
  useEffect(() => {
    open.current = pip;
  }, [pip]);
  useEffect(() => () => open.current?.close(), []);

  if (!pipApi) return null;

  async function toggle() {
    if (pip) {
      pip.close();
      return;
    }
    try {
      const opened = await pipApi!.requestWindow({ width: 340, height: 230 });
      const undress = dressWindow(opened);
      opened.addEventListener('pagehide', () => {
        undress();
        setPip(null);
      });
      setPip(opened);
    } catch {
      // Refused (no user activation, or one window already open elsewhere): nothing changes.
    }
  }

  return (
    <>
      <Button variant="ghost" size="sm" aria-pressed={pip !== null} title="A small window that stays on top, with the time and the current task" onClick={() => void toggle()}>
        <Icon name="pip" />
        Mini timer
      </Button>
      {pip ? createPortal(<MiniTimerView />, pip.document.body) : null}
    </>
  );
}

function MiniTimerView() {
  const view = useFocusScreen();
  const options = useClockOptions();
  if (!view) return null;
  const { clock, session, task } = view;
  const face = clockFace(clock, session);
  const { state, snap } = clock;
  const overMs = options.overtime && state && snap ? overtimeMs(state, snap, clock.now) : null;
  const hold = breakHold(clock, session, options);
  const timed = clock.config !== null;

  let label = face.paused && !hold.held ? `${face.label} · Paused` : face.label;
  let time = face.main;
  let timerName = `${face.label}: ${face.main}`;
  if (overMs !== null) {
    label = 'Overtime';
    time = `+${formatClock(overMs)}`;
    timerName = `Overtime: ${formatClock(overMs)}`;
  }

  return (
    <main aria-label="Mini timer" className="flex min-h-screen flex-col justify-center gap-3 p-4">
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-xs font-medium uppercase tracking-[0.18em] text-muted">{overMs !== null ? <span className="fs-over-badge">{label}</span> : label}</p>
        <p role="timer" aria-label={timerName} className="tabular text-4xl font-semibold tracking-tight">
          {time}
        </p>
      </div>
      {hold.held ? (
        <p className="text-base font-medium leading-snug">Work done. Time for a break.</p>
      ) : task ? (
        <p className="line-clamp-2 text-base font-medium leading-snug" title={task.title}>
          {task.title}
        </p>
      ) : task === null ? (
        <p className="text-base text-muted">Just focus</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {hold.held ? (
          <>
            <Button size="sm" onClick={() => hold.answer(true)}>
              Take the break
            </Button>
            <Button variant="secondary" size="sm" onClick={() => hold.answer(false)}>
              Skip the break
            </Button>
          </>
        ) : (
          <>
            {task ? (
              <Button size="sm" onClick={view.complete}>
                <Icon name="check" />
                Complete
              </Button>
            ) : task === null ? (
              <MiniJustStart />
            ) : null}
            {timed ? (
              <Button variant="secondary" size="sm" onClick={clock.toggle}>
                <Icon name={clock.running ? 'pause' : 'play'} />
                {clock.running ? 'Pause' : 'Start'}
              </Button>
            ) : null}
            {overMs !== null && state ? (
              <Button variant="secondary" size="sm" onClick={() => clock.set(stopOvertime(state))}>
                Stop overtime
              </Button>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}
