'use client';
// A long page's parts below the first screen hydrate after the page, each on its own, not with
// it: the server renders them into the HTML as usual (the person sees and scrolls the whole page
// at once), and in the browser React leaves each one's Suspense boundary dehydrated, the server's
// HTML untouched, until it is that part's turn. The parts hydrate ONE AT A TIME, each in its own
// idle period, the next only after the one before has committed: nine released together were
// hydrated by React in the same long tasks (Lighthouse's phone: /account's total blocking time
// grew from 914 to 1016-1152 ms with them). Their turn comes, in the page's order, once the page
// has loaded and the browser is idle (so that nothing, a screen reader's reading included, waits
// for a scroll), or at once from the person's first interaction (a key, a touch, a click, a
// pointer move or a wheel: a keyboard user tabbing down the page finds the parts ready one after
// another); a part that comes within a screen of the viewport goes before those still waiting.
// Until hydrated a part is `inert` (./InertUntilHydrated): React does not replay a click or a key
// on a part whose code has not arrived (it hydrates synchronously only what it already has, and
// drops discrete events otherwise: react/react#22448), so without `inert` such a click would be
// silently lost; with it, nothing happens and nothing is half-done. Each part's code is its own
// chunk and its own boundary: the page's first load carries none of it
// (/account: docs/architecture.md, "The islands").
//
// The boundary is an Activity, not a Suspense boundary: React hydrates a visible Activity apart
// from its parent and leaves it dehydrated while its content suspends, as it does a Suspense
// boundary, but its server renderer writes an Activity's HTML in place, in the page's order.
// A completed Suspense boundary after the first 12.8 kB of HTML is sent at the end of the page
// hidden, and a script moves it into place (React's `$RC`), 300 ms after the first paint when the
// paint came first: /account's eight sections below Appearance were laid out again in one task
// after the first paint, and with scripts off they never showed.
import { Activity, lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { InertUntilHydrated } from './InertUntilHydrated';
import { useHydrated } from './useHydrated';
import { afterPageLoad, whenIdle } from './lazy';

const FIRST_INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'] as const;

interface Turn {
  released: boolean;
  near: boolean;
  release: () => void;
  /** Settles once the part has hydrated (or its code could not be fetched). */
  hydrated: Promise<void>;
  /** Fetches (once) and evaluates the part's code. */
  fetchCode: () => Promise<unknown>;
}

/** The next idle period (or 50 ms where the browser has none to offer). */
function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 50);
  });
}

/** Calls `onHydrated` from the boundary's own commit: the part is hydrated when this effect runs. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * One page's deferred parts, hydrated one at a time. Returns `part(load)`: `load` is the part's
 * component (a dynamic import, so that it is a chunk of its own); `part` returns the component to
 * render in its place, with the same props. Call `part` in the page's order.
 */
export function hydrationQueue() {
  const turns: Turn[] = [];
  let running = false;
  let all = false;

  // Those near the viewport first; the others once the page has loaded and is idle, or from the first interaction.
  const next = () => turns.find((turn) => !turn.released && turn.near) ?? (all ? turns.find((turn) => !turn.released) : undefined);
  async function run() {
    if (running) return;
    running = true;
    for (let turn = next(); turn; turn = next()) {
      turn.release();
      await turn.hydrated;
      await nextIdle();
    }
    running = false;
  }
  const start = () => void run();
  const startAll = () => {
    if (all) return;
    all = true;
    // Their code may all come now, each chunk a short task of its own; only the hydration waits its turn.
    void afterPageLoad().then(() => {
      for (const turn of turns) void turn.fetchCode().catch(() => {});
    });
    start();
  };

  if (typeof window !== 'undefined') {
    whenIdle(startAll);
    const onInteraction = () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, onInteraction, true);
      startAll();
    };
    for (const type of FIRST_INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  }

  return function part<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
    let pending: Promise<ComponentType<P>> | null = null;
    const fetchCode = () => (pending ??= load());
    let markHydrated = () => {};
    let release = () => {};
    const needed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const turn: Turn = {
      released: false,
      near: false,
      release: () => {
        turn.released = true;
        release();
      },
      hydrated: new Promise<void>((resolve) => {
        markHydrated = resolve;
      }),
      fetchCode,
    };
    turns.push(turn);
    // A part whose code cannot be fetched (offline) must not hold the others back.
    const code = () => fetchCode().catch((error: unknown) => (markHydrated(), Promise.reject(error)));
    // On the server the part renders at once (into the HTML): its code is asked for as the module
    // is evaluated, so that even the server's first render has it (a lazy component still loading
    // would hold back the page's HTML, there being no Suspense boundary of its own around it); in
    // the browser at its turn.
    const server = { component: null as ComponentType<P> | null };
    if (typeof window === 'undefined') void load().then((component) => (server.component = component));
    const Part = lazy(() => (typeof window === 'undefined' ? load() : needed.then(code)).then((component) => ({ default: component })));
    // Mounted after the page has hydrated (a client-side navigation): nothing to hydrate, so no
    // turn to wait for; the part shows as soon as its code is there.
    const Now = lazy(() => code().then((component) => ({ default: component })));
    const onHydrated = () => markHydrated();

    function WhenNeeded(props: P) {
      // Whether this part came with the server's HTML (false on the server and in the hydration
      // render) is fixed at its first render. The store's one re-render after hydration returns
      // the very same element below (memoized on the same props), so React leaves a boundary still
      // dehydrated alone: new props would make it hydrate at once, or drop its HTML.
      const hydrated = useHydrated();
      const [fromServer] = useState(!hydrated);
      const place = useRef<HTMLDivElement>(null);
      useEffect(() => {
        const element = place.current;
        if (!element) return;
        const observer = new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            turn.near = true;
            observer.disconnect();
            start();
          },
          { rootMargin: '100% 0px' },
        );
        observer.observe(element);
        return () => observer.disconnect();
      }, []);
      const content = useMemo(() => {
        if (!fromServer)
          return (
            <Suspense>
              <Now {...props} />
              <Hydrated onHydrated={onHydrated} />
            </Suspense>
          );
        const Server = server.component;
        return (
          <HydratesApart>
            <InertUntilHydrated>{Server ? <Server {...props} /> : <Part {...props} />}</InertUntilHydrated>
            <Hydrated onHydrated={onHydrated} />
          </HydratesApart>
        );
      }, [fromServer, props]);
      return <div ref={place}>{content}</div>;
    }
    return WhenNeeded;
  };
}

/**
 * Its content is hydrated after the page around it, in a render and commit of its own (and left
 * as the server's HTML while it suspends), and its server HTML is written in place: a visible
 * Activity, for which React's server renderer, unlike for a Suspense boundary, never moves the
 * HTML to the end of the page to be revealed by a script.
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
