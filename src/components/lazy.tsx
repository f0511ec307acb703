'use client';
// Code that only an opened dialog needs is loaded when the dialog first opens, not with the page
// (first-load JavaScript, measured by `npm run bench:frontend`). A second after the person's first
// touch, click, key press, pointer move or wheel on the page it is fetched in the background, so
// the first opening is normally instant; a dialog opened before that fetches its own code at once
// and waits for one small request. Not in idle
// time after `load`: on a slow phone that code (the forms' zod and Headless UI) ran while the page
// was still settling, one long task after another (Lighthouse, bench/results.md "Pages: code on
// interaction"). Once opened, the component stays mounted, so closing
// transitions and focus return behave exactly as before (see seedFocusHistory).
//
// Deliberately not next/dynamic or React.lazy: those suspend on every first render, even when the
// code is already there, and React holds a revealed Suspense boundary back for up to 300 ms,
// which would make every first opening feel slow. Here a loaded component renders at once.
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';

/**
 * Settles once the page has loaded (the window's `load` event, or at once if it has passed); at
 * once on the server, where there is no page to wait for.
 */
export function afterPageLoad(): Promise<void> {
  if (typeof window === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Settles after the browser has painted what is on screen now (the frame after the next), or
 * after 200 ms where no frame comes (a hidden tab draws none, and the work waiting on this must
 * still happen there).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}

/**
 * Runs `task` once the page has loaded, what it shows has been painted, and the browser is idle
 * (never on the server). After the paint: a request started before the screen's largest paint
 * (the focus session's clock, drawn when its session arrives, after `load`) competes with it on
 * a slow phone; Lighthouse counted /session's after-load code into its largest paint in two runs
 * of three (LCP 3.3 s against 2.2 s).
 */
export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  void afterPageLoad()
    .then(afterNextPaint)
    .then(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: 2000 });
      else setTimeout(task, 1000);
    });
}

const FIRST_INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'] as const;

/** How long after the first interaction its background fetches wait: the action's own request goes first. */
const AFTER_INTERACTION_MS = 1000;

/**
 * Runs `task` once, soon after the person's first interaction with the page (a touch, click, key
 * press, pointer move or wheel; never on the server): code that only an action of theirs can need.
 * Not at the interaction itself: that first touch is often an action (completing a task) whose
 * request would otherwise wait behind a burst of code requests for the browser's few connections
 * (e2e/dashboard-island.spec.ts, a completion right after load, then a reload).
 */
export function onFirstInteraction(task: () => void): void {
  if (typeof window === 'undefined') return;
  const run = () => {
    for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, run, true);
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: 2000 });
      else task();
    }, AFTER_INTERACTION_MS);
  };
  for (const type of FIRST_INTERACTIONS) window.addEventListener(type, run, { capture: true, passive: true });
}

const subscribeNever = () => () => {};

/**
 * Headless UI returns focus on close to the element focused before the dialog opened, from a
 * history its module starts recording when it loads. Loaded on the opening click, it would have
 * missed that click: tell it which element has focus now (the button that opened the dialog).
 * A synthetic `focus` event changes nothing else (React's onFocus listens to focusin).
 */
function seedFocusHistory() {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) active.dispatchEvent(new FocusEvent('focus'));
}

/**
 * Renders the component again once its code is here, while `wanted` (shown, opened): fetched now,
 * or the fetch under way awaited. When the background fetch brought the code between the render
 * and this effect, its settled promise renders again at once (returning without a new render left
 * a dialog unopened).
 */
function useRenderWhenFetched(wanted: boolean, fetchOnce: () => Promise<unknown>): void {
  const [, setReady] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    fetchOnce().then(
      () => current && setReady(true),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, fetchOnce]);
}

export type LazyComponent<P> = ComponentType<P> & {
  /** Fetch the code now (e.g. when the step before this dialog opens); settles once it is there (or could not be fetched). */
  preload: () => Promise<void>;
  /** Whether the code is here (a settled preload may also have failed, offline). */
  isLoaded: () => boolean;
};

/**
 * A component whose code loads when it is first rendered (and in the background at the person's
 * first interaction with the page, or on `preload()`): for a part of a page that only shows after
 * an action of theirs (the sign-up form, behind the onboarding's Get started). Renders nothing
 * until its code is there; where it could not be fetched (offline), the next rendering tries again.
 */
export function lazyWhenShown<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  onFirstInteraction(() => void fetchOnce().catch(() => {}));

  function LazyWhenShown(props: P) {
    const Component = loaded;
    useRenderWhenFetched(Component === null, fetchOnce);
    return Component ? <Component {...props} /> : null;
  }
  const settle = () => {};
  return Object.assign(LazyWhenShown, { preload: () => fetchOnce().then(settle, settle), isLoaded: () => loaded !== null });
}

/**
 * A component with an `open` prop whose code loads on its first opening (and in the background
 * at the person's first interaction with the page, or on `preload()`). Renders nothing until then: a closed dialog renders
 * nothing anyway.
 */
export function lazyUntilOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        seedFocusHistory();
        return component;
      },
      (error: unknown) => {
        pending = null; // a failed request (offline) is tried again at the next opening
        throw error;
      },
    ));
  onFirstInteraction(() => void fetchOnce().catch(() => {}));

  function LazyUntilOpen(props: P) {
    // Rendered only after hydration: the server never has the code, so neither may the first
    // client render (a dialog open from the start appears one frame later).
    const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    useRenderWhenFetched(opened, fetchOnce);
    const Component = loaded;
    const shown = hydrated && opened && Component !== null;
    // Mounted closed, opened right after: Headless UI's dialog makes the page behind it inert
    // from the page element it finds once it is mounted, and a dialog that mounts already open
    // (after another dialog of the page has completed Headless UI's first render) opens before it
    // has found it, which left the page behind it reachable (e2e/dialog-inert.spec.ts).
    const [armed, setArmed] = useState(false);
    useEffect(() => {
      // One render after the mount, on purpose (above).
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (shown && !armed) setArmed(true);
    }, [shown, armed]);
    return shown ? <Component {...props} open={armed && props.open} /> : null;
  }
  const settle = () => {};
  return Object.assign(LazyUntilOpen, { preload: () => fetchOnce().then(settle, settle), isLoaded: () => loaded !== null });
}
