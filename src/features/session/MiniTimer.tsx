'use client';
// The mini timer: a small always-on-top window (the browser's Document Picture-in-Picture) with
// the time left, the current task and Complete and Pause/Start, for working in another app with
// the session in sight. Offered in the session header only where the browser has the API.
//
// Loaded with the page's after-load code (./SessionLater, through ./HeaderExtras): the first load
// of /session has no room for it (src/pages/session.tsx). For the same reason the screen itself
// knows nothing of it: the window shows what the screen shows (read from its DOM as it changes,
// as ./HeaderExtras and ./push do) and its buttons press the screen's own, so there is one state
// and one set of rules (the optimistic completion, the pause when no task remains, the dialogs).
//
// The window is a React portal into the picture-in-picture document, which starts empty: the
// page's stylesheets and the theme's class on <html> are copied over (and the theme followed).
// It closes when the page leaves (ending the session goes to the dashboard) or the screen goes.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ButtonCore';

/** The browser's Document Picture-in-Picture, where there is one. */
type DocumentPip = { requestWindow(options?: { width?: number; height?: number }): Promise<Window>; window: Window | null };
const documentPip = (): DocumentPip | null =>
  typeof window !== 'undefined' && 'documentPictureInPicture' in window ? (window as unknown as { documentPictureInPicture: DocumentPip }).documentPictureInPicture : null;

const Icon = ({ name, size = 'size-4' }: { name: string; size?: string }) => <span aria-hidden className={`fs-icon fs-icon-${name} ${size}`} />;

/** What the screen shows, as one string (a stable snapshot for useSyncExternalStore). */
function readScreen(): string {
  const timer = document.querySelector<HTMLElement>('.fs-clock [role="timer"]');
  const label = (timer?.getAttribute('aria-label') ?? '').split(':')[0] ?? '';
  const running = document.querySelector<HTMLElement>('.fs-view[data-running]')?.dataset.running ?? '';
  const title = document.getElementById('current-task-title')?.textContent ?? '';
  const screen = document.querySelector('.fs-view') ? '1' : '';
  return JSON.stringify([timer?.textContent ?? '', label, running, title, screen]);
}

function useScreen() {
  const snapshot = useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-running', 'aria-label'] });
      return () => observer.disconnect();
    },
    readScreen,
    () => '["","","","",""]',
  );
  const [time, label, running, title, screen] = JSON.parse(snapshot) as string[];
  return { time: time!, label: label!, running: running === '' ? null : running === 'true', title: title!, screen: screen === '1' };
}

/** The screen's own buttons, pressed from the mini timer. */
const screenButton = {
  complete: () => document.querySelector<HTMLElement>('article[aria-labelledby="current-task-title"]')?.querySelector<HTMLButtonElement>('button'),
  toggle: () =>
    [...document.querySelectorAll<HTMLButtonElement>('[role="toolbar"][aria-label="Session controls"] button')].find((button) =>
      /^(Pause|Start)$/.test(button.textContent?.trim() ?? ''),
    ),
};

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
  const { screen } = useScreen();

  // The screen gone (the session ended) or the page leaving: the window goes too.
  useEffect(() => {
    if (!pip) return;
    const close = () => pip.close();
    if (!screen) close();
    window.addEventListener('pagehide', close);
    return () => window.removeEventListener('pagehide', close);
  }, [pip, screen]);

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
  const { time, label, running, title } = useScreen();
  return (
    <main aria-label="Mini timer" className="flex min-h-screen flex-col justify-center gap-3 p-4">
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-xs font-medium uppercase tracking-[0.18em] text-muted">{running === false ? `${label} · Paused` : label}</p>
        <p role="timer" aria-label={`${label}: ${time}`} className="tabular text-4xl font-semibold tracking-tight">
          {time}
        </p>
      </div>
      {title ? (
        <p className="line-clamp-2 text-base font-medium leading-snug" title={title}>
          {title}
        </p>
      ) : (
        <p className="text-base text-muted">Just focus</p>
      )}
      <div className="flex flex-wrap gap-2">
        {title ? (
          <Button size="sm" onClick={() => screenButton.complete()?.click()}>
            <Icon name="check" />
            Complete
          </Button>
        ) : null}
        {running !== null ? (
          <Button variant="secondary" size="sm" onClick={() => screenButton.toggle()?.click()}>
            <Icon name={running ? 'pause' : 'play'} />
            {running ? 'Pause' : 'Start'}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
