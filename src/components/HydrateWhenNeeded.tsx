'use client';
// A long page's parts below the first screen hydrate after the page, each on its own, not with
// it: the server renders them into the HTML as usual (the person sees and scrolls the whole page
// at once), and in the browser React leaves each one's Suspense boundary dehydrated, the server's
// HTML untouched, until its code is asked for: when it comes within a screen of the viewport, at
// the person's first interaction with the page (a key, a touch, a click, a pointer move or a
// wheel: a keyboard user tabbing down the page finds every part ready), or once the page has
// loaded and the browser is idle (so that nothing, a screen reader's reading included, waits for
// a scroll). Until hydrated a part is `inert` (./InertUntilHydrated), so nothing typed or clicked
// there is lost to hydration. Each part's code is its own chunk and its own boundary: the page's
// first load carries none of it, and the parts hydrate one by one in short tasks instead of one
// long one with the page (/account: docs/architecture.md, "The islands").
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { InertUntilHydrated } from './InertUntilHydrated';
import { whenIdle } from './lazy';

const FIRST_INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * `load`: the part's component (a dynamic import, so that it is a chunk of its own). Returns the
 * component to render in its place, with the same props.
 */
export function hydrateWhenNeeded<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let release = () => {};
  const needed = new Promise<void>((resolve) => {
    release = resolve;
  });
  // On the server the part renders at once (into the HTML); in the browser when released.
  const Part = lazy(() => (typeof window === 'undefined' ? Promise.resolve() : needed).then(load).then((component) => ({ default: component })));
  whenIdle(() => release());

  function WhenNeeded(props: P) {
    const place = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = place.current;
      if (!element) return;
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), { rootMargin: '100% 0px' });
      observer.observe(element);
      const onInteraction = () => release();
      for (const type of FIRST_INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true, once: true });
      return () => {
        observer.disconnect();
        for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, onInteraction, true);
      };
    }, []);
    return (
      <div ref={place}>
        <Suspense>
          <InertUntilHydrated>
            <Part {...props} />
          </InertUntilHydrated>
        </Suspense>
      </div>
    );
  }
  return WhenNeeded;
}
